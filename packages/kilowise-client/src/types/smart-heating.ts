import type { ChargingSessionStatus, HeatingBehavior } from '../enums';
import type { HourlyValues } from './smart-charging';

/**
 * The heating plan of a device: per hour, 1.0 means the max comfort limit applies, any other value the min.
 *
 * @apiSchema CurrentHeatingSchedule
 * @example
 * ```ts
 * const { steeringPeriods } = await kilowise.smartHeating.getSchedule('dev-3c9e41');
 * const boosted = Object.entries(steeringPeriods).filter(([, value]) => value === 1.0).map(([hour]) => hour);
 * ```
 */
export interface HeatingSchedule {
  id: string;
  createdAt: string;
  endDateTime: string;
  /** @example { '2025-03-15T03:00:00+01:00': 1.0, '2025-03-15T08:00:00+01:00': 0 } */
  steeringPeriods: HourlyValues;
  spotPriceAreaId: string;
  readyTime: string;
  timeZone: string;
}

/**
 * A smart heating session, current or past.
 *
 * @apiSchema HeatingSession
 * @example
 * ```ts
 * const sessions = await kilowise.smartHeating.listSessions('dev-3c9e41');
 * const active = sessions.find((session) => session.status === ChargingSessionStatus.ACTIVE);
 * ```
 */
export interface HeatingSession extends HeatingSchedule {
  status: ChargingSessionStatus;
}

/**
 * One comfort window of the weekly heating schedule.
 *
 * @apiSchema HeatingScheduleEntry
 * @example
 * ```ts
 * const weekdayMorning: HeatingScheduleEntry = { dayOfWeek: 'MONDAY', time: '06:30', minComfortTemp: 20, maxComfortTemp: 22 };
 * ```
 */
export interface HeatingScheduleEntry {
  id?: string;
  /** @example 'MONDAY' */
  dayOfWeek: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
  /** HH:MM. @example '06:30' */
  time: string;
  /** °C. @example 20 */
  minComfortTemp: number;
  /** °C. @example 22 */
  maxComfortTemp: number;
}

/**
 * How Kilowise steers a heat pump. Temperatures are in Celsius.
 *
 * @apiSchema HeatingPreferences
 * @example
 * ```ts
 * await kilowise.smartHeating.updatePreferences('dev-3c9e41', {
 *   minComfortLimit: 19,
 *   maxComfortLimit: 23,
 *   heatingBehavior: HeatingBehavior.SMART_HEATING_ON,
 * });
 * ```
 */
export interface HeatingPreferences {
  /** °C. @example 19 */
  minComfortLimit?: number;
  /** °C. @example 23 */
  maxComfortLimit?: number;
  heatingSchedule?: { timeZoneId: string; entries: HeatingScheduleEntry[] };
  heatingBehavior?: HeatingBehavior;
  location?: { countryCode: string; postalCode: string };
  /** @example 'SE3' */
  spotPriceAreaId?: string;
}
