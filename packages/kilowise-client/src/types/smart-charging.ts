import type {
  ChargerChargingBehavior,
  ChargingSessionStatus,
  EnergyUnit,
  Unit,
  VehicleChargingBehavior,
} from '../enums';
import type { ChargingLocation } from './locations';

/**
 * Ready times per day of the week, as HH:MM; they override `readyTime` on those days.
 *
 * @apiSchema WeekDaySpecificReadyTimes
 * @example
 * ```ts
 * const weekends: WeekDaySpecificReadyTimes = { SATURDAY: '10:30', SUNDAY: '10:30' };
 * ```
 */
export type WeekDaySpecificReadyTimes = Partial<
  Record<'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY', string>
>;

/**
 * How Kilowise smart charges a vehicle.
 *
 * @apiSchema EvPreferences
 * @example
 * ```ts
 * await kilowise.smartCharging.updateEvPreferences('dev-5b1f0c', {
 *   chargingBehavior: VehicleChargingBehavior.SMART_CHARGE_ANYWHERE,
 *   readyTime: '07:00',
 *   targetSoC: 80,
 * });
 * ```
 */
export interface VehiclePreferences {
  chargingBehavior?: VehicleChargingBehavior;
  /**
   * The behavior before the last change, set by Kilowise, and absent until there was one. To go back after
   * `startCharging`, send the preferences you read before it instead: /docs/smart-charging#back-to-smart-charging-after-charge-now.
   */
  readonly previousChargingBehavior?: VehicleChargingBehavior;
  /** Where `SMART_CHARGE_AT_LOCATION` applies. @example ['loc-8c1e52'] */
  chargingLocationIds?: string[];
  /** @deprecated Use `chargingLocationIds`. */
  chargingLocations?: ChargingLocation[];
  /** The area whose prices apply away from the charging locations. @example 'SE3' */
  defaultSpotPriceAreaId?: string;
  /** When the car must be ready, HH:MM. @example '07:00' */
  readyTime?: string;
  /** @example { SATURDAY: '10:30', SUNDAY: '10:30' } */
  weekDaySpecificReadyTimes?: WeekDaySpecificReadyTimes;
  /** Target state of charge in percent. @example 80 */
  targetSoC?: number;
  /** Charged at once up to this level, in percent. @example 20 */
  minimalSoC?: number;
  /** Usable battery capacity in kWh. @example 64 */
  batteryCapacity?: number;
}

/**
 * A state of charge: a share of the battery or a range.
 *
 * @apiSchema StateOfCharge
 * @example
 * ```ts
 * const targetSoC: StateOfCharge = { value: 80, unit: Unit.PERCENT };
 * ```
 */
export interface StateOfCharge {
  /** @example 80 */
  value: number;
  unit: Unit;
}

/**
 * An amount of energy to deliver.
 *
 * @apiSchema EnergyTransfer
 * @example
 * ```ts
 * const minimumEnergyTransfer: EnergyTransfer = { value: 10, unit: EnergyUnit.kWh };
 * ```
 */
export interface EnergyTransfer {
  /** @example 10 */
  value: number;
  unit: EnergyUnit;
}

/**
 * How Kilowise smart charges through an OCPP charger, for cars it cannot read.
 *
 * @apiSchema OcppChargerPreferences
 * @example
 * ```ts
 * await kilowise.smartCharging.updateOcppChargerPreferences('dev-77a0d2', {
 *   chargingBehavior: ChargerChargingBehavior.SMART_CHARGE_ON,
 *   readyTime: '07:00',
 *   targetEnergyTransfer: { value: 30, unit: EnergyUnit.kWh },
 * });
 * ```
 */
export interface OcppChargerPreferences {
  chargingBehavior?: ChargerChargingBehavior;
  /** HH:MM. @example '07:00' */
  readyTime?: string;
  weekDaySpecificReadyTimes?: WeekDaySpecificReadyTimes;
  /** The goal as a state of charge, with `batteryCapacity` and `currentSoC`; never beside `targetEnergyTransfer`. */
  targetSoC?: StateOfCharge;
  minimalSoC?: StateOfCharge;
  /**
   * How full the car is when plugged in, as the driver tells your app. Your app sets it, never Kilowise: see
   * /docs/smart-charging#what-currentsoc-is.
   */
  currentSoC?: StateOfCharge;
  /** @example 'loc-8c1e52' */
  locationId?: string;
  /** kWh. @example 64 */
  batteryCapacity?: number;
  /** Charging efficiency, 0 to 1. @example 0.9 */
  efficiency?: number;
  /** The vehicle that charges here, if linked. @example 'dev-5b1f0c' */
  associatedDeviceId?: string;
  minimumEnergyTransfer?: EnergyTransfer;
  /** The goal as energy, when you know nothing of the battery; never beside `targetSoC` (/docs/chargers#the-chargers-goal). */
  targetEnergyTransfer?: EnergyTransfer;
}

/**
 * Hourly values keyed by the start of the hour, ISO 8601: kWh in a charging schedule, steering values in
 * a heating one.
 *
 * @example
 * ```ts
 * const { hourlyCharges }: { hourlyCharges: HourlyValues } = await kilowise.smartCharging.getSchedule('dev-5b1f0c');
 * const kWh = Object.values(hourlyCharges).reduce((sum, value) => sum + value, 0);
 * ```
 */
export type HourlyValues = Record<string, number>;

/**
 * The charging plan of a device for its current session.
 *
 * @apiSchema CurrentSchedule
 * @example
 * ```ts
 * const schedule = await kilowise.smartCharging.getSchedule('dev-5b1f0c');
 * const hours = Object.entries(schedule.hourlyCharges).filter(([, kWh]) => kWh > 0);
 * ```
 */
export interface ChargingSchedule {
  /** @example 'ses-1f8a33' */
  id: string;
  /** @example '2025-03-14T18:02:11Z' */
  createdAt: string;
  /** @example '2025-03-15T07:00:00+01:00' */
  endDateTime: string;
  /** kWh planned per hour. @example { '2025-03-15T02:00:00+01:00': 7.4 } */
  hourlyCharges: HourlyValues;
  /** @example 'SE3' */
  spotPriceAreaId: string;
  /** @example '07:00' */
  readyTime: string;
  /** @example 'Europe/Stockholm' */
  timeZone: string;
}

/**
 * A smart charging session, current or past.
 *
 * @apiSchema ChargingSession
 * @example
 * ```ts
 * const sessions = await kilowise.smartCharging.listSessions('dev-5b1f0c');
 * const interrupted = sessions.filter((session) => session.status === ChargingSessionStatus.INTERRUPTED);
 * ```
 */
export interface ChargingSession extends ChargingSchedule {
  status: ChargingSessionStatus;
}
