const HOUR_MS = 3_600_000;
/** More hours than a month: a longer range is a caller's mistake, not a chart. */
const MAX_HOURS = 24 * 31;

/**
 * One hour of a chart: when it starts, its label in the chart's time zone, and its value (null: missing).
 *
 * @example
 * ```ts
 * const [first]: HourPoint[] = hourlySeries(prices, 'Europe/Stockholm');
 * console.log(first?.label, first?.value); // '17:00' 0.1412
 * ```
 */
export interface HourPoint {
  time: number;
  /** `14:00`, in the chart's time zone. */
  label: string;
  /** `Fri 14 Mar, 14:00`, in the chart's time zone, for the data table. */
  longLabel: string;
  value: number | null;
}

type Formatters = { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat };

// Creating a DateTimeFormat costs far more than formatting with one: one pair per time zone, kept.
const formattersByZone = new Map<string, Formatters>();

function formatters(timeZone: string): Formatters {
  const cached = formattersByZone.get(timeZone);
  if (cached) return cached;
  try {
    const created = {
      short: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
      long: new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
    };
    formattersByZone.set(timeZone, created);
    return created;
  } catch (cause) {
    throw new RangeError(
      `kilowise-charts: timeZone "${timeZone}" is not an IANA time zone such as "Europe/Stockholm"`,
      { cause },
    );
  }
}

/**
 * The hours of a map from ISO 8601 hour to value (the API's `SpotPrices` or `hourlyCharges`), in time order,
 * with every hour between the first and the last: an hour the map lacks is there with a null value, so the
 * chart shows the gap instead of closing it. Keys that are not dates are left out; a time zone that is not
 * an IANA name throws a RangeError naming it.
 *
 * @example
 * ```ts
 * const hours = hourlySeries({ '2025-03-14T17:00:00+01:00': 0.14, '2025-03-14T19:00:00+01:00': 0.12 }, 'Europe/Stockholm');
 * console.log(hours.map((hour) => hour.value)); // [0.14, null, 0.12]
 * ```
 */
export function hourlySeries(values: Readonly<Record<string, number>>, timeZone: string): HourPoint[] {
  const { short, long } = formatters(timeZone);
  const known = new Map<number, number>();
  for (const [key, value] of Object.entries(values)) {
    const time = Date.parse(key);
    if (Number.isFinite(time) && Number.isFinite(value)) known.set(Math.floor(time / HOUR_MS) * HOUR_MS, value);
  }
  const times = [...known.keys()].sort((a, b) => a - b);
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined) return [];
  const hours = Math.min((last - first) / HOUR_MS + 1, MAX_HOURS);
  return Array.from({ length: hours }, (_, index) => {
    const time = first + index * HOUR_MS;
    return { time, label: short.format(time), longLabel: long.format(time), value: known.get(time) ?? null };
  });
}

/**
 * The unit a price is shown in: the API's euros per kWh, or euro cents.
 *
 * @example
 * ```ts
 * const unit: PriceUnit = 'c/kWh';
 * ```
 */
export type PriceUnit = 'EUR/kWh' | 'c/kWh';

/**
 * A price in EUR per kWh, as the unit shows it: `0.1412 EUR/kWh` or `14.12 c/kWh`.
 *
 * @example
 * ```ts
 * formatPrice(0.1412, 'c/kWh'); // '14.12 c/kWh'
 * ```
 */
export function formatPrice(eurPerKwh: number, unit: PriceUnit): string {
  return unit === 'c/kWh' ? `${(eurPerKwh * 100).toFixed(2)} c/kWh` : `${eurPerKwh.toFixed(4)} EUR/kWh`;
}

/** A price in EUR per kWh as a number in the unit, for an axis that names the unit once: `14.12`. */
export function formatPriceNumber(eurPerKwh: number, unit: PriceUnit): string {
  return unit === 'c/kWh' ? (eurPerKwh * 100).toFixed(1) : eurPerKwh.toFixed(3);
}

/** The values of the hours that have one. */
export function presentValues(points: readonly HourPoint[]): number[] {
  return points.flatMap((point) => (point.value === null ? [] : [point.value]));
}

/** The times of the `count` cheapest hours with a price. */
export function cheapestHours(points: readonly HourPoint[], count: number): Set<number> {
  return new Set(
    points
      .filter((point): point is HourPoint & { value: number } => point.value !== null)
      .sort((a, b) => a.value - b.value || a.time - b.time)
      .slice(0, Math.max(0, count))
      .map((point) => point.time),
  );
}
