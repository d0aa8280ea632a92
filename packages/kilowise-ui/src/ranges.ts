import type { WeekDaySpecificReadyTimes } from 'kilowise-client';

/**
 * A day of the week as the API spells it in `weekDaySpecificReadyTimes`.
 *
 * @example
 * ```ts
 * const weekend: WeekDay[] = ['SATURDAY', 'SUNDAY'];
 * ```
 */
export type WeekDay = keyof WeekDaySpecificReadyTimes;

/**
 * The days of the week in the order the components list them, Monday first.
 *
 * @example
 * ```ts
 * const allAtSeven = Object.fromEntries(WEEK_DAYS.map((day) => [day, '07:00']));
 * ```
 */
export const WEEK_DAYS: readonly WeekDay[] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];

const READY_TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])(?::[0-5][0-9](?:\.\d+)?)?$/;

/**
 * The API's form of a ready time, `HH:MM` on a 24-hour clock, or `undefined` for anything else. A time
 * input's value with seconds (`07:00:00`) is cut to minutes.
 *
 * @example
 * ```ts
 * toReadyTime('07:00'); // '07:00'
 * toReadyTime('07:00:30'); // '07:00'
 * toReadyTime('24:00'); // undefined
 * ```
 */
export function toReadyTime(text: string | undefined): string | undefined {
  const match = READY_TIME.exec(text ?? '');
  return match ? `${match[1]}:${match[2]}` : undefined;
}

/**
 * Week-day ready times with every invalid or empty entry left out, so what a component reports is what
 * the API accepts.
 *
 * @example
 * ```ts
 * cleanWeekDays({ SATURDAY: '10:30', SUNDAY: '' }); // { SATURDAY: '10:30' }
 * ```
 */
export function cleanWeekDays(weekDays: WeekDaySpecificReadyTimes | undefined): WeekDaySpecificReadyTimes {
  const clean: WeekDaySpecificReadyTimes = {};
  for (const day of WEEK_DAYS) {
    const time = toReadyTime(weekDays?.[day]);
    if (time) clean[day] = time;
  }
  return clean;
}

/**
 * The lowest and highest state of charge the API accepts, in percent.
 *
 * @example
 * ```ts
 * const valid = (soc: number) => Number.isInteger(soc) && soc >= SOC_RANGE.min && soc <= SOC_RANGE.max;
 * ```
 */
export const SOC_RANGE = { min: 0, max: 100 } as const;

/**
 * A state of charge as the API accepts it: an integer percentage from 0 to 100. Fractions round,
 * values outside clamp, and a value that is not a number becomes `fallback`.
 *
 * @example
 * ```ts
 * clampSoc(80.4); // 80
 * clampSoc(130); // 100
 * clampSoc(Number.NaN, 20); // 20
 * ```
 */
export function clampSoc(value: number, fallback: number = SOC_RANGE.min): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(SOC_RANGE.max, Math.max(SOC_RANGE.min, Math.round(value)));
}

/**
 * The target and minimal state of charge that SocSlider reports together.
 *
 * @example
 * ```ts
 * const pair: SocPair = { target: 80, minimal: 20 };
 * ```
 */
export interface SocPair {
  /** `targetSoC`: charge up to this level, in percent. */
  target: number;
  /** `minimalSoC`: charge at once up to this level, in percent; never above `target`. */
  minimal: number;
}

/**
 * The pair after one of the two values moved: both clamped to 0–100, and the other one pushed along
 * so that the minimal level never exceeds the target.
 *
 * @example
 * ```ts
 * nextSocPair({ target: 80, minimal: 20 }, 'target', 10); // { target: 10, minimal: 10 }
 * nextSocPair({ target: 80, minimal: 20 }, 'minimal', 90); // { target: 90, minimal: 90 }
 * ```
 */
export function nextSocPair(current: SocPair, moved: keyof SocPair, value: number): SocPair {
  const next = clampSoc(value, current[moved]);
  if (moved === 'target') return { target: next, minimal: Math.min(clampSoc(current.minimal), next) };
  return { target: Math.max(clampSoc(current.target), next), minimal: next };
}

/**
 * The comfort range ComfortRangeInput allows by default, in degrees Celsius, and its step.
 *
 * @example
 * ```ts
 * readCelsius('21.5', COMFORT_LIMITS.lowest, COMFORT_LIMITS.highest); // { ok: true, value: 21.5 }
 * ```
 */
export const COMFORT_LIMITS = { lowest: 5, highest: 30, step: 0.5 } as const;

/**
 * What a typed temperature is: a number in range, or the reason it is not.
 *
 * @example
 * ```ts
 * const reading: CelsiusReading = readCelsius('19,5', 5, 30);
 * if (reading.ok) save(reading.value);
 * ```
 */
export type CelsiusReading =
  { ok: true; value: number } | { ok: false; problem: 'empty' | 'not-a-number' | 'below' | 'above' };

/**
 * Reads a temperature typed into a field (a dot or a comma as the decimal sign) and checks it against
 * the limits.
 *
 * @example
 * ```ts
 * readCelsius('21,5', 5, 30); // { ok: true, value: 21.5 }
 * readCelsius('40', 5, 30); // { ok: false, problem: 'above' }
 * ```
 */
export function readCelsius(text: string, lowest: number, highest: number): CelsiusReading {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
  if (value < lowest) return { ok: false, problem: 'below' };
  if (value > highest) return { ok: false, problem: 'above' };
  return { ok: true, value };
}
