// The sandbox's day-ahead prices (sandbox.mdx, "Prices"): a curve that is the same on every machine, published at
// 13:00 CET for the next local day, and overridden hour by hour by the test prices a client posts.
import { describe, expect, it } from 'vitest';
import type { SpotPriceAreaEntry } from '../spot-price-areas';
import { areaById, generatedPrice, nextPublication, priceAt, publishedUntil, unitHash } from './prices';
import { HOUR_MS, zonedTime } from './zones';

function area(id: string): SpotPriceAreaEntry {
  const found = areaById(id);
  if (!found) throw new Error(`no spot price area ${id}`);
  return found;
}

/** The generated prices of the 24 local hours of a day. */
function day(id: string, year: number, month: number, date: number): number[] {
  const entry = area(id);
  const start = zonedTime(entry.timeZone, year, month, date);
  return Array.from({ length: 24 }, (_, hour) => generatedPrice(entry, start + hour * HOUR_MS));
}

describe('unitHash', () => {
  it('is the same 32-bit FNV-1a hash on every machine, spread over [0, 1)', () => {
    // Partners' tests compare the generated prices and ids across runs and machines: these figures must not move.
    expect(unitHash('')).toBe(0.12479077302850783);
    expect(unitHash('a')).toBe(0.01654108543880284);
    expect(unitHash('SE3:0')).toBe(0.4318576802033931);
    const values = Array.from({ length: 2000 }, (_, index) => unitHash(`device-${index}`));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(new Set(values).size).toBe(values.length);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe('generatedPrice', () => {
  it('is the same curve on every machine (the figures partners see in the sandbox)', () => {
    // A winter Wednesday in Stockholm: a night trough, a morning peak at 08:00, an evening peak at 18:00.
    expect(day('SE3', 2025, 1, 15)).toEqual([
      0.0585, 0.0548, 0.0552, 0.0534, 0.0576, 0.0638, 0.0799, 0.1029, 0.1056, 0.0958, 0.0909, 0.0801, 0.0792, 0.0761,
      0.0803, 0.0897, 0.0992, 0.1012, 0.1152, 0.1051, 0.0959, 0.0782, 0.0828, 0.071,
    ]);
    // The Saturday after: the same shape, lower.
    expect(day('SE3', 2025, 1, 18)).toEqual([
      0.0556, 0.0536, 0.0521, 0.0434, 0.0515, 0.0585, 0.06, 0.077, 0.085, 0.0722, 0.0675, 0.0711, 0.0578, 0.0665,
      0.0577, 0.068, 0.0774, 0.0845, 0.0981, 0.0884, 0.0828, 0.0756, 0.0571, 0.0628,
    ]);
    // Midsummer in Austria, where the sun presses the price down from 11:00 to 15:00.
    expect(day('AT', 2025, 6, 21)).toEqual([
      0.0472, 0.0387, 0.0367, 0.0438, 0.0368, 0.0513, 0.0604, 0.0662, 0.0717, 0.0667, 0.0571, 0.0368, 0.0287, 0.0291,
      0.0364, 0.0374, 0.0689, 0.0705, 0.074, 0.0711, 0.0701, 0.0619, 0.0573, 0.0469,
    ]);
    expect(day('AT', 2025, 6, 25)).toEqual([
      0.0575, 0.0451, 0.0545, 0.0468, 0.0527, 0.0518, 0.0733, 0.088, 0.0891, 0.0732, 0.0758, 0.0358, 0.0361, 0.0353,
      0.0379, 0.0454, 0.0843, 0.084, 0.0976, 0.0911, 0.0834, 0.0736, 0.0618, 0.0635,
    ]);
    // A day in Finland with its negative hours, at 03:00 and 13:00 only.
    expect(day('FI', 2025, 1, 5)).toEqual([
      0.0554, 0.0593, 0.0544, -0.0079, 0.0522, 0.0628, 0.0716, 0.0882, 0.1027, 0.0882, 0.0771, 0.079, 0.0758, -0.0079,
      0.0746, 0.0781, 0.0828, 0.0946, 0.1064, 0.0999, 0.0928, 0.0846, 0.0712, 0.0657,
    ]);
  });

  it('is higher in winter than in summer, lower at weekends, and negative only at 03:00 or 13:00', () => {
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const weeks = (id: string, year: number, month: number, first: number) =>
      Array.from({ length: 28 }, (_, index) => day(id, year, month, first + index));
    for (const id of ['SE3', 'DE-LU', 'AT', 'FI']) {
      const winter = weeks(id, 2025, 1, 6);
      const summer = weeks(id, 2025, 7, 7);
      expect(mean(winter.flat())).toBeGreaterThan(mean(summer.flat()) * 1.3);
      // 2025-01-06 is a Monday: days 5, 6, 12, 13, … are weekends.
      const weekend = winter.filter((_, index) => index % 7 >= 5).flat();
      const weekday = winter.filter((_, index) => index % 7 < 5).flat();
      expect(mean(weekend)).toBeLessThan(mean(weekday) * 0.9);
      const negative = winter.flatMap((prices) => prices.flatMap((price, hour) => (price < 0 ? [hour] : [])));
      expect(negative.length).toBeGreaterThan(0);
      expect(new Set(negative)).toEqual(new Set([3, 13]));
    }
    // The solar dip: in an Austrian July, midday is cheaper than the morning and evening peaks, not in January.
    const july = weeks('AT', 2025, 7, 7);
    const hourMean = (days: number[][], hours: number[]) =>
      mean(days.flatMap((prices) => hours.map((hour) => prices[hour] ?? 0)));
    expect(hourMean(july, [11, 12, 13, 14, 15])).toBeLessThan(hourMean(july, [9, 10, 16]) * 0.75);
    const january = weeks('AT', 2025, 1, 6);
    expect(hourMean(january, [11, 12, 14, 15])).toBeGreaterThan(hourMean(january, [2, 3, 4]));
  });

  it('has four decimals', () => {
    for (const price of day('DE-LU', 2025, 3, 12)) expect(Math.round(price * 10_000) / 10_000).toBe(price);
  });
});

describe('publishedUntil', () => {
  const se3 = area('SE3');
  it("is the end of the area's local today before 13:00 CET, and of its tomorrow from 13:00 on", () => {
    const morning = Date.parse('2025-01-15T12:59:59+01:00');
    expect(publishedUntil(se3, morning)).toBe(Date.parse('2025-01-16T00:00:00+01:00'));
    expect(publishedUntil(se3, morning + 1000)).toBe(Date.parse('2025-01-17T00:00:00+01:00'));
    // In summer 13:00 CEST; and Helsinki's day ends an hour before Stockholm's.
    expect(publishedUntil(se3, Date.parse('2025-07-01T12:30:00+02:00'))).toBe(Date.parse('2025-07-02T00:00:00+02:00'));
    expect(publishedUntil(area('FI'), Date.parse('2025-07-01T13:00:00+02:00'))).toBe(
      Date.parse('2025-07-03T00:00:00+03:00'),
    );
  });

  it('counts the 23-hour day the clocks go forward', () => {
    expect(publishedUntil(se3, Date.parse('2025-03-29T14:00:00+01:00'))).toBe(Date.parse('2025-03-31T00:00:00+02:00'));
  });
});

describe('nextPublication', () => {
  it('is the next 13:00 in Berlin', () => {
    expect(nextPublication(Date.parse('2025-01-15T09:00:00+01:00'))).toBe(Date.parse('2025-01-15T13:00:00+01:00'));
    expect(nextPublication(Date.parse('2025-01-15T13:00:00+01:00'))).toBe(Date.parse('2025-01-16T13:00:00+01:00'));
    expect(nextPublication(Date.parse('2025-01-15T20:00:00+01:00'))).toBe(Date.parse('2025-01-16T13:00:00+01:00'));
    // Across the change to summer time: 13:00 CEST, 23 hours after 13:00 CET (it was 14:00, by adding 13 hours).
    expect(nextPublication(Date.parse('2025-03-29T14:00:00+01:00'))).toBe(Date.parse('2025-03-30T13:00:00+02:00'));
    // And back: 13:00 CET, 25 hours after 13:00 CEST.
    expect(nextPublication(Date.parse('2025-10-25T14:00:00+02:00'))).toBe(Date.parse('2025-10-26T13:00:00+01:00'));
  });
});

describe('priceAt', () => {
  const se3 = area('SE3');
  const now = Date.parse('2025-01-15T10:00:00+01:00');
  const lastHour = Date.parse('2025-01-15T23:00:00+01:00');

  it('is the generated price of a published hour, none for an hour not yet published', () => {
    expect(priceAt(se3, lastHour, now, {})).toBe(generatedPrice(se3, lastHour));
    expect(priceAt(se3, lastHour + HOUR_MS, now, {})).toBeUndefined();
    expect(priceAt(se3, lastHour + HOUR_MS, Date.parse('2025-01-15T13:00:00+01:00'), {})).toBe(
      generatedPrice(se3, lastHour + HOUR_MS),
    );
  });

  it('is a posted test price, per MWh read per kWh with five decimals, published or not, for its area only', () => {
    const later = lastHour + 5 * HOUR_MS;
    const tests = { SE3: { [String(lastHour)]: 123.456789, [String(later)]: -12.5 } };
    expect(priceAt(se3, lastHour, now, tests)).toBe(0.12346);
    expect(priceAt(se3, later, now, tests)).toBe(-0.0125);
    expect(priceAt(area('SE4'), lastHour, now, tests)).toBe(generatedPrice(area('SE4'), lastHour));
    expect(priceAt(se3, lastHour, now, { SE3: { [String(lastHour)]: 0 } })).toBe(0);
  });
});
