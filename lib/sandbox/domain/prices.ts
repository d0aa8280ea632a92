import { HOUR_MS, localTime, startOfNextLocalDay, zonedTime } from './zones';
import { SPOT_PRICE_AREAS, type SpotPriceAreaEntry } from '../spot-price-areas';

/** Where the day-ahead auction's clock runs: tomorrow's prices appear at 13:00 in this zone (CET, CEST in summer). */
export const AUCTION_ZONE = 'Europe/Berlin';
export const PUBLICATION_HOUR = 13;

/** A 32-bit hash of a text, spread over [0, 1): the same on every machine. */
export function unitHash(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 2246822507);
  hash ^= hash >>> 13;
  return (hash >>> 0) / 4294967296;
}

export function areaById(areaId: string): SpotPriceAreaEntry | undefined {
  return SPOT_PRICE_AREAS.find((area) => area.id === areaId);
}

/** How a local hour's price compares with the day's mean: a night trough, a morning and an evening peak. */
const DAY_SHAPE = [
  0.78, 0.72, 0.68, 0.66, 0.68, 0.78, 0.95, 1.18, 1.25, 1.12, 1.02, 0.96, 0.92, 0.9, 0.93, 1.0, 1.1, 1.27, 1.34, 1.28,
  1.14, 1.02, 0.92, 0.84,
];

/**
 * The generated day-ahead price of one hour in EUR per kWh, four decimals: the area's level, higher in winter,
 * lower at weekends, shaped over the day, with a little noise and, now and then around midday or in the night,
 * a negative hour. A pure function of the area and the hour, so every machine gets the same curve.
 */
export function generatedPrice(area: SpotPriceAreaEntry, hourStart: number): number {
  const local = localTime(hourStart, area.timeZone);
  const dayOfYear = Math.floor((Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(local.year, 0, 1)) / 864e5);
  const season = 1 + 0.35 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
  const weekend = local.weekday === 'SATURDAY' || local.weekday === 'SUNDAY' ? 0.82 : 1;
  const noise = (unitHash(`${area.id}:${hourStart}`) - 0.5) * 0.18;
  const shape = DAY_SHAPE[local.hour] ?? 1;
  // Sun-rich middays in summer press the price down, most where there is the most solar power.
  const solar =
    local.hour >= 11 && local.hour <= 15
      ? area.solar * Math.max(0, Math.cos((2 * Math.PI * (dayOfYear - 172)) / 365))
      : 0;
  let price = area.level * season * weekend * (shape + noise - solar);
  const dip = unitHash(`${area.id}:negative:${Math.floor(hourStart / HOUR_MS / 24)}`);
  if (dip < 0.08 && (local.hour === 13 || local.hour === 3)) price = -0.004 - dip * 0.1;
  return Math.round(price * 10_000) / 10_000;
}

/**
 * The end (exclusive) of the prices published at `now` for an area: the end of its local today, or of its local
 * tomorrow from 13:00 CET on.
 */
export function publishedUntil(area: SpotPriceAreaEntry, now: number): number {
  const auction = localTime(now, AUCTION_ZONE);
  const published = now >= zonedTime(AUCTION_ZONE, auction.year, auction.month, auction.day, PUBLICATION_HOUR);
  const endOfToday = startOfNextLocalDay(now, area.timeZone);
  return published ? startOfNextLocalDay(endOfToday, area.timeZone) : endOfToday;
}

/** The next moment prices are published after `time`: the next 13:00 CET. */
export function nextPublication(time: number): number {
  const auction = localTime(time, AUCTION_ZONE);
  const today = zonedTime(AUCTION_ZONE, auction.year, auction.month, auction.day, PUBLICATION_HOUR);
  if (today > time) return today;
  // By the calendar, not by adding hours: the day the clocks change has 23 or 25 of them.
  const tomorrow = localTime(startOfNextLocalDay(today, AUCTION_ZONE), AUCTION_ZONE);
  return zonedTime(AUCTION_ZONE, tomorrow.year, tomorrow.month, tomorrow.day, PUBLICATION_HOUR);
}

/** Test prices a client posted: EUR per MWh by the hour's start (epoch ms, as text). */
export type TestPrices = Record<string, Record<string, number>>;

/**
 * The price of an hour in EUR per kWh as the sandbox serves it: a posted test price (per MWh, read per kWh),
 * else the generated price once it is published, else undefined.
 */
export function priceAt(
  area: SpotPriceAreaEntry,
  hourStart: number,
  now: number,
  tests: TestPrices,
): number | undefined {
  const posted = tests[area.id]?.[String(hourStart)];
  if (posted !== undefined) return Math.round((posted / 1000) * 100_000) / 100_000;
  if (hourStart >= publishedUntil(area, now)) return undefined;
  return generatedPrice(area, hourStart);
}
