import { HOUR_MS } from './zones';

/** The share of a day's hours in which a smart-heated heat pump may heat towards the max comfort limit. */
export const CHEAP_SHARE = 1 / 3;

/**
 * The steering periods of one day: 1.0 (heat towards the max comfort limit) in the cheapest third of its hours, 0.0
 * (hold the min limit) in the rest. Hours without a published price are 0.0. Keyed by the hour's start.
 */
export function planHeating(
  dayStart: number,
  dayEnd: number,
  priceOf: (hourStart: number) => number | undefined,
): Record<string, number> {
  const hours: { start: number; price: number | undefined }[] = [];
  for (let start = dayStart; start < dayEnd; start += HOUR_MS) hours.push({ start, price: priceOf(start) });
  const known = hours
    .filter((hour) => hour.price !== undefined)
    .sort((a, b) => (a.price ?? 0) - (b.price ?? 0) || a.start - b.start);
  const cheap = new Set(known.slice(0, Math.round(hours.length * CHEAP_SHARE)).map((hour) => hour.start));
  return Object.fromEntries(hours.map((hour) => [String(hour.start), cheap.has(hour.start) ? 1 : 0]));
}

/**
 * A heat pump's room temperature at `time`: it starts mid-way between the limits a day before and moves towards
 * the max limit in the hours steered to 1.0 and the min limit in the others, with a time constant of two hours.
 */
export function roomTemperature(
  time: number,
  limits: { min: number; max: number },
  steeringAt: (hourStart: number) => number,
): number {
  let temperature = (limits.min + limits.max) / 2;
  const from = Math.floor(time / HOUR_MS) * HOUR_MS - 24 * HOUR_MS;
  for (let start = from; start < time; start += HOUR_MS) {
    const hours = Math.min(HOUR_MS, time - start) / HOUR_MS;
    const goal = steeringAt(start) === 1 ? limits.max - 0.3 : limits.min + 0.3;
    temperature = goal + (temperature - goal) * Math.exp(-hours / 2);
  }
  return Math.round(temperature * 10) / 10;
}
