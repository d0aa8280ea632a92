// The charging planner on its own (smart-charging.mdx, "How the schedule is made"): what is below the minimal
// state of charge at once, the rest in the cheapest hours, unpublished hours last, and the ready time it aims at.
import { describe, expect, it } from 'vitest';
import { DEFAULT_READY_TIME, nextReadyTime, planCharging, type ChargingNeed } from './charging-planner';
import { HOUR_MS, MINUTE_MS } from './zones';

const MIDNIGHT = Date.parse('2025-01-15T00:00:00Z');
const at = (hours: number) => MIDNIGHT + hours * HOUR_MS;

/** A need over `hours` whole hours from midnight UTC, with prices by hour index. */
function need(prices: (number | undefined)[], overrides: Partial<ChargingNeed> = {}): ChargingNeed {
  return {
    now: MIDNIGHT,
    socPercent: 50,
    targetPercent: 60,
    minimalPercent: 0,
    capacityKwh: 100,
    powerKw: 4,
    readyAt: at(prices.length),
    priceOf: (hour) => prices[(hour - MIDNIGHT) / HOUR_MS],
    ...overrides,
  };
}

const byIndex = (hourly: Record<string, number>) =>
  Object.fromEntries(Object.entries(hourly).map(([hour, kwh]) => [(Number(hour) - MIDNIGHT) / HOUR_MS, kwh]));

describe('planCharging', () => {
  it('fills the cheapest hours first, each up to the power, the earlier of equal ones first', () => {
    // 10 kWh at 4 kW: the two cheapest hours in full, 2 kWh in the third cheapest.
    expect(byIndex(planCharging(need([5, 1, 3, 1, 2])))).toEqual({ 1: 4, 3: 4, 4: 2 });
    expect(byIndex(planCharging(need([2, 2, 2, 2])))).toEqual({ 0: 4, 1: 4, 2: 2 });
    // Negative prices are the cheapest of all.
    expect(byIndex(planCharging(need([1, -0.5, 0, 3])))).toEqual({ 1: 4, 2: 4, 0: 2 });
  });

  it('gives the result in the order of the hours', () => {
    expect(Object.keys(planCharging(need([5, 1, 3, 1, 0])))).toEqual([String(at(1)), String(at(3)), String(at(4))]);
  });

  it('charges what is below the minimal state of charge at once, whatever the price', () => {
    // From 50 % to the minimal 56 %: 6 kWh in the first hours, then the other 4 in the cheapest.
    const plan = byIndex(planCharging(need([9, 9, 1, 1, 1], { minimalPercent: 56 })));
    expect(plan).toEqual({ 0: 4, 1: 2, 2: 4 });
    // A minimal above the target is the target.
    expect(byIndex(planCharging(need([9, 9, 1, 1], { minimalPercent: 90 })))).toEqual({ 0: 4, 1: 4, 2: 2 });
    // Nothing urgent at or above the minimal.
    expect(byIndex(planCharging(need([9, 9, 1, 1], { minimalPercent: 50 })))).toEqual({ 0: 2, 2: 4, 3: 4 });
  });

  it('uses hours without a published price only when the known ones cannot hold the energy, earliest first', () => {
    expect(byIndex(planCharging(need([undefined, 3, undefined, 2])))).toEqual({ 1: 4, 3: 4, 0: 2 });
    expect(byIndex(planCharging(need([undefined, undefined, undefined], { targetPercent: 59 })))).toEqual({
      0: 4,
      1: 4,
      2: 1,
    });
    expect(byIndex(planCharging(need([undefined, 5, undefined, 4, undefined], { targetPercent: 70 })))).toEqual({
      3: 4,
      1: 4,
      0: 4,
      2: 4,
      4: 4,
    });
    expect(byIndex(planCharging(need([undefined, 5, 4], { targetPercent: 58 })))).toEqual({ 2: 4, 1: 4 });
  });

  it('plans only the part of the first hour that is left, and nothing past the ready time', () => {
    const plan = planCharging(need([1, 2, 3], { now: at(0) + 45 * MINUTE_MS, readyAt: at(2) + 30 * MINUTE_MS }));
    // 15 minutes at 4 kW is 1 kWh; the last half hour 2 kWh; 10 kWh does not fit: 1 + 4 + 2.
    expect(byIndex(plan)).toEqual({ 0: 1, 1: 4, 2: 2 });
    expect(planCharging(need([1, 1], { readyAt: at(0) }))).toEqual({});
  });

  it('plans nothing at or above the target', () => {
    expect(planCharging(need([1, 1], { socPercent: 60 }))).toEqual({});
    expect(planCharging(need([1, 1], { socPercent: 75 }))).toEqual({});
  });

  it('holds all the energy in hundredths of a kWh, the hour rounded down most taking the extra hundredth', () => {
    // 13.504 kWh below the minimal fill hour 0 and 2.504 of hour 1; the other 2.5045 go to hour 2, the cheapest.
    // Rounded alone: 11 + 2.50 + 2.50 = 16.00, short of 16.0085; the hundredth goes to hour 2 (0.45 rounded away).
    const plan = planCharging(
      need([9, 9, 1], { socPercent: 0, minimalPercent: 13.504, targetPercent: 16.0085, powerKw: 11 }),
    );
    expect(byIndex(plan)).toEqual({ 0: 11, 1: 2.5, 2: 2.51 });
    // An hour never takes more than the charger gives in it: with every hour full, the plan stays short.
    const full = planCharging(need([1, 2], { socPercent: 0, targetPercent: 8.0001, powerKw: 4 }));
    expect(byIndex(full)).toEqual({ 0: 4, 1: 4 });
    // (charging.test.ts checks the whole: every car that can reach its target does.)
  });
});

describe('nextReadyTime', () => {
  const zone = 'Europe/Stockholm';
  // Wednesday 2025-01-15.
  const morning = Date.parse('2025-01-15T05:00:00+01:00');
  const evening = Date.parse('2025-01-15T20:00:00+01:00');

  it('is today’s ready time while it is ahead, else tomorrow’s', () => {
    expect(nextReadyTime(morning, zone, '07:00', undefined)).toEqual({
      at: Date.parse('2025-01-15T07:00:00+01:00'),
      readyTime: '07:00',
    });
    expect(nextReadyTime(evening, zone, '07:00', undefined)).toEqual({
      at: Date.parse('2025-01-16T07:00:00+01:00'),
      readyTime: '07:00',
    });
    expect(nextReadyTime(Date.parse('2025-01-15T07:00:00+01:00'), zone, '07:00', undefined).at).toBe(
      Date.parse('2025-01-16T07:00:00+01:00'),
    );
  });

  it('takes the weekday-specific time of the day where there is one', () => {
    const weekdays = { THURSDAY: '09:15', FRIDAY: '06:00' };
    expect(nextReadyTime(evening, zone, '07:00', weekdays)).toEqual({
      at: Date.parse('2025-01-16T09:15:00+01:00'),
      readyTime: '09:15',
    });
    expect(nextReadyTime(morning, zone, '07:00', weekdays)).toEqual({
      at: Date.parse('2025-01-15T07:00:00+01:00'),
      readyTime: '07:00',
    });
    expect(nextReadyTime(morning, zone, '07:00', { WEDNESDAY: '04:00' })).toEqual({
      at: Date.parse('2025-01-16T07:00:00+01:00'),
      readyTime: '07:00',
    });
  });

  it('uses 07:00 for a ready time that is missing or not HH:MM', () => {
    for (const text of [undefined, '7:00', '24:00', '07:60', '07:00:00', 'x07:00', '07:00x', '']) {
      expect(nextReadyTime(morning, zone, text, undefined), String(text)).toEqual({
        at: Date.parse('2025-01-15T07:00:00+01:00'),
        readyTime: DEFAULT_READY_TIME,
      });
    }
    expect(nextReadyTime(morning, zone, '23:59', undefined).at).toBe(Date.parse('2025-01-15T23:59:00+01:00'));
    expect(nextReadyTime(morning, zone, '19:30', undefined).readyTime).toBe('19:30');
    expect(nextReadyTime(morning, zone, '07:00', { WEDNESDAY: 'soon' })).toEqual({
      at: Date.parse('2025-01-15T07:00:00+01:00'),
      readyTime: DEFAULT_READY_TIME,
    });
  });

  it('counts weekdays in the local zone, across the change to summer time', () => {
    // Saturday 2025-03-29 at 23:30 CET is Sunday in no zone yet; the Sunday ready time is on the 23-hour day.
    const night = Date.parse('2025-03-29T23:30:00+01:00');
    expect(nextReadyTime(night, zone, '07:00', { SUNDAY: '10:30' })).toEqual({
      at: Date.parse('2025-03-30T10:30:00+02:00'),
      readyTime: '10:30',
    });
  });
});
