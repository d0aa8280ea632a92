// The texts a client sets the sandbox's clock with (sandbox.mdx, "Controls"): ISO 8601 durations to advance it by,
// and date-times with an offset that must name a real moment.
import { describe, expect, it } from 'vitest';
import { CLOCK_RANGE, clockNow, inClockRange, parseDateTime, parseDuration } from './clock';

describe('parseDuration', () => {
  it('reads weeks, days, hours, minutes and seconds, whole or decimal', () => {
    expect(parseDuration('PT2H')).toBe(7_200_000);
    expect(parseDuration('P1DT30M')).toBe(88_200_000);
    expect(parseDuration('P7D')).toBe(604_800_000);
    expect(parseDuration('P2W')).toBe(1_209_600_000);
    expect(parseDuration('P1W1D')).toBe(691_200_000);
    expect(parseDuration('PT45S')).toBe(45_000);
    expect(parseDuration('PT0.5S')).toBe(500);
    expect(parseDuration('PT1.5H')).toBe(5_400_000);
    expect(parseDuration('P0.5D')).toBe(43_200_000);
    expect(parseDuration('P1.25W')).toBe(756_000_000);
    expect(parseDuration('PT1M1.5S')).toBe(61_500);
    expect(parseDuration('P1W2DT3H4M5S')).toBe(((((7 + 2) * 24 + 3) * 60 + 4) * 60 + 5) * 1000);
    expect(parseDuration('PT10H')).toBe(36_000_000);
    expect(parseDuration('P10D')).toBe(864_000_000);
    expect(parseDuration('P12W')).toBe(12 * 604_800_000);
    expect(parseDuration('PT90M')).toBe(5_400_000);
    expect(parseDuration('PT120S')).toBe(120_000);
    expect(parseDuration('PT0S')).toBe(0);
  });

  it('refuses years, months, empty parts, a bare T and anything around the duration, naming the text', () => {
    for (const text of [
      'P',
      'PT',
      'P1Y',
      'P1M',
      '1D',
      'PT2H ',
      ' PT2H',
      'xPT2H',
      'PT2Hx',
      'P1DT',
      'PTH',
      'P.5D',
      'P1.D',
      'PT1.5.5H',
      'pt2h',
      'P-1D',
      'P1D2W',
      'PT2M3H',
      'Pa1D',
      'PTaS',
      'P1.aW',
      'PT1.aM',
      'PT1.aS',
      'PT1.aH',
      'P1.aD',
    ]) {
      const parsed = parseDuration(text);
      expect(parsed, text).toEqual({ problem: expect.stringContaining(`"${text}" is not an ISO 8601 duration`) });
    }
  });
});

describe('parseDateTime', () => {
  it('reads a date-time with Z or an offset, with or without seconds and fractions', () => {
    expect(parseDateTime('2025-03-14T18:02:11+01:00')).toBe(Date.parse('2025-03-14T17:02:11Z'));
    expect(parseDateTime('2025-03-14T18:02+01:00')).toBe(Date.parse('2025-03-14T17:02:00Z'));
    expect(parseDateTime('2025-03-14T18:02:11.250Z')).toBe(Date.parse('2025-03-14T18:02:11.250Z'));
    expect(parseDateTime('2025-03-14T18:02:11.2Z')).toBe(Date.parse('2025-03-14T18:02:11.200Z'));
    expect(parseDateTime('2025-03-14T23:59:59-23:59')).toBe(Date.parse('2025-03-15T23:58:59Z'));
    expect(parseDateTime('2024-02-29T00:00:00Z')).toBe(Date.parse('2024-02-29T00:00:00Z'));
    expect(parseDateTime('2025-01-31T00:00:00Z')).toBe(Date.parse('2025-01-31T00:00:00Z'));
    expect(parseDateTime('2025-12-01T00:00:00Z')).toBe(Date.parse('2025-12-01T00:00:00Z'));
  });

  it('refuses a moment that does not exist, and any other text', () => {
    for (const text of [
      '2025-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2025-04-31T00:00:00Z',
      '2025-00-10T00:00:00Z',
      '2025-13-10T00:00:00Z',
      '2025-01-00T00:00:00Z',
      '2025-01-10T24:00:00Z',
      '2025-01-10T23:60:00Z',
      '2025-01-10T23:59:60Z',
      '2025-01-10T12:00:00+24:00',
      '2025-01-10T12:00:00+01:60',
      '2025-01-10T12:00:00',
      '2025-01-10',
      ' 2025-01-10T12:00:00Z',
      '2025-01-10T12:00:00Z ',
      '2025-01-10T12:00:00.Z',
      '2025-01-10T12:00:00.xZ',
      '2025-01-10T12:00.5Z',
      '2025-01-10T12Z',
    ]) {
      expect(parseDateTime(text), text).toBeUndefined();
    }
  });
});

describe('the clock', () => {
  it('keeps to the years 2000 to 2099', () => {
    expect(inClockRange(CLOCK_RANGE.from)).toBe(true);
    expect(inClockRange(CLOCK_RANGE.from - 1)).toBe(false);
    expect(inClockRange(CLOCK_RANGE.until - 1)).toBe(true);
    expect(inClockRange(CLOCK_RANGE.until)).toBe(false);
    expect(CLOCK_RANGE).toEqual({
      from: Date.parse('2000-01-01T00:00:00Z'),
      until: Date.parse('2100-01-01T00:00:00Z'),
    });
  });

  it('follows real time until it is set, then stands still', () => {
    expect(clockNow({ fixedAt: null }, () => 42)).toBe(42);
    expect(clockNow({ fixedAt: 7 }, () => 42)).toBe(7);
    expect(clockNow({ fixedAt: 0 }, () => 42)).toBe(0);
  });
});
