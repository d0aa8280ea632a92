// The heat pump's side of the simulation (sandbox.mdx, "Smart heating"): today's plan while smart heating is on,
// one session per day it ran, and a status whose room temperature follows the plan's steering.
import { describe, expect, it } from 'vitest';
import { heatingSchedule, heatingSessions, heatPumpStatus, isSmartHeated } from './heating';
import { planHeating, roomTemperature } from './heating-planner';
import type { HeatPump, World } from './model';
import { areaById, priceAt, unitHash } from './prices';
import { SAMPLE_HEAT_PUMP, seedWorld } from './seed';
import { DAY_MS, HOUR_MS, MINUTE_MS, startOfLocalDay, startOfNextLocalDay } from './zones';

// Wednesday 2025-01-15, 10:20 in Stockholm (CET): a winter weekday, prices published to the end of the day.
const NOW = Date.parse('2025-01-15T10:20:00+01:00');
const DAY_START = Date.parse('2025-01-15T00:00:00+01:00');
const DAY_END = Date.parse('2025-01-16T00:00:00+01:00');

function world(now = NOW): { world: World; pump: HeatPump } {
  const built = seedWorld(now, now);
  const pump = built.devices.find((device) => device.id === SAMPLE_HEAT_PUMP) as HeatPump;
  return { world: built, pump };
}

/** The hours of a day steered to 1.0, in order. */
const onHours = (steering: Record<string, number>) =>
  Object.entries(steering)
    .filter(([, value]) => value === 1)
    .map(([hour]) => Number(hour));

describe('isSmartHeated', () => {
  it('is true only for SMART_HEATING_ON', () => {
    const { pump } = world();
    expect(isSmartHeated(pump)).toBe(true);
    expect(isSmartHeated({ ...pump, preferences: { heatingBehavior: 'SMART_HEATING_OFF' } })).toBe(false);
    expect(isSmartHeated({ ...pump, preferences: undefined })).toBe(false);
  });
});

describe('heatingSchedule', () => {
  it("is today's plan: the cheapest third of the local day's hours steered to 1.0", () => {
    const { world: w, pump } = world();
    const day = heatingSchedule(w, pump, NOW);
    expect(day).toBeDefined();
    if (!day) return;
    expect(day.id).toMatch(/^hsch-[0-9a-f]{4}$/);
    expect(day.status).toBe('ACTIVE');
    expect(day.createdAt).toBe(DAY_START);
    expect(day.endAt).toBe(DAY_END);
    expect(day.spotPriceAreaId).toBe('SE3');
    expect(day.timeZone).toBe('Europe/Stockholm');
    expect(day.readyTime).toBe('06:00');
    const hours = Object.keys(day.steering).map(Number);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe(DAY_START);
    expect(hours.at(-1)).toBe(DAY_END - HOUR_MS);
    const area = areaById('SE3');
    if (!area) throw new Error('SE3 is missing');
    const prices = hours.map((hour) => ({ hour, price: priceAt(area, hour, NOW, {}) as number }));
    const cheapest = [...prices].sort((a, b) => a.price - b.price || a.hour - b.hour).slice(0, 8);
    expect(onHours(day.steering)).toEqual(cheapest.map((entry) => entry.hour).sort((a, b) => a - b));
  });

  it('names the day after the device and the day, the same on every call', () => {
    const { world: w, pump } = world();
    const first = heatingSchedule(w, pump, NOW);
    const hex = Math.floor(unitHash(`${pump.id}:${DAY_START}`) * 0xffff)
      .toString(16)
      .padStart(4, '0');
    expect(first?.id).toBe(`hsch-${hex}`);
    expect(heatingSchedule(w, pump, NOW + HOUR_MS)?.id).toBe(first?.id);
    expect(heatingSchedule(w, pump, NOW + DAY_MS)?.id).not.toBe(first?.id);
  });

  it('starts when smart heating was switched on, if that was today', () => {
    const { world: w, pump } = world();
    const on = NOW - 2 * HOUR_MS;
    pump.heatingRuns = [{ from: on, to: null }];
    expect(heatingSchedule(w, pump, NOW)?.createdAt).toBe(on);
  });

  it('takes the ready time from the first entry of the weekly schedule', () => {
    const { world: w, pump } = world();
    const preferences = pump.preferences ?? {};
    pump.preferences = { ...preferences, heatingSchedule: { entries: [{ time: '05:30' }, { time: '08:00' }] } };
    expect(heatingSchedule(w, pump, NOW)?.readyTime).toBe('05:30');
    pump.preferences = { ...preferences, heatingSchedule: { entries: [] } };
    expect(heatingSchedule(w, pump, NOW)?.readyTime).toBe('06:00');
    pump.preferences = { ...preferences, heatingSchedule: undefined };
    expect(heatingSchedule(w, pump, NOW)?.readyTime).toBe('06:00');
  });

  it('is none while smart heating is off, never ran, ended, or has no spot price area', () => {
    const { world: w, pump } = world();
    const preferences = pump.preferences ?? {};
    expect(
      heatingSchedule(w, { ...pump, preferences: { ...preferences, heatingBehavior: 'SMART_HEATING_OFF' } }, NOW),
    ).toBeUndefined();
    expect(heatingSchedule(w, { ...pump, heatingRuns: [] }, NOW)).toBeUndefined();
    expect(
      heatingSchedule(w, { ...pump, heatingRuns: [{ from: NOW - DAY_MS, to: NOW - HOUR_MS }] }, NOW),
    ).toBeUndefined();
    expect(
      heatingSchedule(w, { ...pump, preferences: { ...preferences, spotPriceAreaId: 'XX9' } }, NOW),
    ).toBeUndefined();
    expect(
      heatingSchedule(w, { ...pump, preferences: { ...preferences, spotPriceAreaId: undefined } }, NOW),
    ).toBeUndefined();
  });

  it('has 23 hours on the day the clocks go forward', () => {
    const spring = Date.parse('2025-03-30T12:00:00+02:00');
    const { world: w, pump } = world(spring);
    const day = heatingSchedule(w, pump, spring);
    expect(Object.keys(day?.steering ?? {})).toHaveLength(23);
    expect(onHours(day?.steering ?? {})).toHaveLength(8);
  });

  it('uses the prices a client posted for the day', () => {
    const { world: w, pump } = world();
    const cheap = [DAY_START + 17 * HOUR_MS, DAY_START + 18 * HOUR_MS];
    w.testPrices = { SE3: Object.fromEntries(cheap.map((hour) => [String(hour), -500])) };
    const steering = heatingSchedule(w, pump, NOW)?.steering ?? {};
    for (const hour of cheap) expect(steering[String(hour)]).toBe(1);
  });
});

describe('heatingSessions', () => {
  it('is one session per local day smart heating ran, oldest first, complete once the day is over', () => {
    const { world: w, pump } = world();
    pump.heatingRuns = [{ from: NOW - 2 * DAY_MS - 3 * HOUR_MS, to: null }];
    const sessions = heatingSessions(w, pump, NOW);
    expect(sessions.map((session) => session.createdAt)).toEqual([
      NOW - 2 * DAY_MS - 3 * HOUR_MS,
      DAY_START - DAY_MS,
      DAY_START,
    ]);
    expect(sessions.map((session) => session.status)).toEqual(['COMPLETE', 'COMPLETE', 'ACTIVE']);
    expect(sessions.map((session) => session.endAt)).toEqual([DAY_START - DAY_MS, DAY_START, DAY_END]);
    expect(sessions[0]?.id).toMatch(/^hses-[0-9a-f]{4}$/);
    expect(sessions[2]?.id).toMatch(/^hsch-[0-9a-f]{4}$/);
    expect(sessions[2]?.id).toBe(heatingSchedule(w, pump, NOW)?.id);
  });

  it('ends a day smart heating was switched off in as INTERRUPTED, at the moment it was', () => {
    const { world: w, pump } = world();
    const off = DAY_START - DAY_MS + 15 * HOUR_MS;
    pump.heatingRuns = [{ from: DAY_START - 2 * DAY_MS + 9 * HOUR_MS, to: off }];
    const sessions = heatingSessions(w, pump, NOW);
    expect(sessions.map((session) => session.status)).toEqual(['COMPLETE', 'INTERRUPTED']);
    expect(sessions[1]?.endAt).toBe(off);
    expect(sessions[1]?.id).toMatch(/^hses-/);
  });

  it('counts a run switched off at midnight as a complete day', () => {
    const { world: w, pump } = world();
    pump.heatingRuns = [{ from: DAY_START - DAY_MS, to: DAY_START }];
    const sessions = heatingSessions(w, pump, NOW);
    expect(sessions.map((session) => [session.status, session.endAt])).toEqual([['COMPLETE', DAY_START]]);
  });

  it('keeps each run of several apart, and none past now', () => {
    const { world: w, pump } = world();
    pump.heatingRuns = [
      { from: DAY_START - 3 * DAY_MS + HOUR_MS, to: DAY_START - 3 * DAY_MS + 5 * HOUR_MS },
      { from: DAY_START - DAY_MS + 20 * HOUR_MS, to: null },
    ];
    const sessions = heatingSessions(w, pump, NOW);
    expect(sessions.map((session) => session.createdAt)).toEqual([
      DAY_START - 3 * DAY_MS + HOUR_MS,
      DAY_START - DAY_MS + 20 * HOUR_MS,
      DAY_START,
    ]);
    expect(sessions.map((session) => session.status)).toEqual(['INTERRUPTED', 'COMPLETE', 'ACTIVE']);
    expect(heatingSessions(w, pump, DAY_START - 3 * DAY_MS)).toEqual([]);
  });

  it('goes back 30 days at most', () => {
    const { world: w, pump } = world();
    pump.heatingRuns = [{ from: NOW - 90 * DAY_MS, to: null }];
    const sessions = heatingSessions(w, pump, NOW);
    expect(sessions).toHaveLength(30);
    expect(sessions.at(-1)?.createdAt).toBe(DAY_START);
    expect(sessions[0]?.createdAt).toBe(DAY_START - 29 * DAY_MS);
  });

  it('is none without a spot price area', () => {
    const { world: w, pump } = world();
    pump.preferences = { ...pump.preferences, spotPriceAreaId: 'XX9' };
    expect(heatingSessions(w, pump, NOW)).toEqual([]);
    pump.preferences = undefined;
    expect(heatingSessions(w, pump, NOW)).toEqual([]);
  });

  it("plans a past day with the prices known on it, not today's tests", () => {
    const { world: w, pump } = world();
    pump.heatingRuns = [{ from: DAY_START - DAY_MS, to: null }];
    const before = heatingSessions(w, pump, NOW)[0]?.steering;
    expect(onHours(before ?? {})).toHaveLength(8);
    expect(Object.keys(before ?? {})).toHaveLength(24);
  });
});

describe('heatPumpStatus', () => {
  it('follows the day’s steering: the compressor works harder in an hour steered to 1.0', () => {
    const { world: w, pump } = world();
    const steering = heatingSchedule(w, pump, NOW)?.steering ?? {};
    const on = onHours(steering);
    const off = Object.keys(steering)
      .map(Number)
      .filter((hour) => !on.includes(hour));
    const inHour = (hour: number) => heatPumpStatus(w, pump, hour + 30 * MINUTE_MS);
    for (const hour of on.slice(0, 3)) expect(inHour(hour).compressorTimeFactor).toBeGreaterThanOrEqual(0.7);
    for (const hour of off.slice(0, 3)) expect(inHour(hour).compressorTimeFactor).toBeLessThan(0.36);
  });

  it('reads the room temperature from the steering of the last 24 hours, within the comfort limits', () => {
    const { world: w, pump } = world();
    const status = heatPumpStatus(w, pump, NOW);
    const area = areaById('SE3');
    if (!area) throw new Error('SE3 is missing');
    const days = new Map<number, Record<string, number>>();
    const steeringAt = (hour: number) => {
      const start = startOfLocalDay(hour, area.timeZone);
      if (!days.has(start)) {
        const end = startOfNextLocalDay(start, area.timeZone);
        days.set(
          start,
          planHeating(start, end, (at) => priceAt(area, at, Math.max(NOW, start), {})),
        );
      }
      return days.get(start)?.[String(hour)] ?? 0;
    };
    expect(status.roomTemperature).toBe(roomTemperature(NOW, { min: 19, max: 23 }, steeringAt));
    expect(status.roomTemperature).toBeGreaterThanOrEqual(19);
    expect(status.roomTemperature).toBeLessThanOrEqual(23);
  });

  it('reports the device, its last activity within two minutes, and an exhaust air a little below the room', () => {
    const { world: w, pump } = world();
    const status = heatPumpStatus(w, pump, NOW);
    const jitter = unitHash(`${pump.id}:${Math.floor(NOW / HOUR_MS)}`);
    expect(status.time).toBe(NOW);
    expect(status.lastActivity).toBe(NOW - Math.floor(jitter * 120) * 1000);
    expect(status.online).toBe(true);
    expect(status.alarmed).toBe(false);
    expect(status.exhaustAir).toBe(Math.round((status.roomTemperature - 1.2 - jitter * 0.4) * 10) / 10);
    const heatingUp = onHours(heatingSchedule(w, pump, NOW)?.steering ?? {}).includes(
      Math.floor(NOW / HOUR_MS) * HOUR_MS,
    );
    expect(status.compressorTimeFactor).toBe(Math.round(((heatingUp ? 0.7 : 0.2) + jitter * 0.15) * 100) / 100);
    pump.sim.online = false;
    pump.sim.fault = 'HighTemperature';
    expect(heatPumpStatus(w, pump, NOW)).toMatchObject({ online: false, alarmed: true });
  });

  it('heats every third hour when not smart heated, between its own limits or 19 to 23', () => {
    const { world: w, pump } = world();
    const steeredEveryThird = (hour: number) => (hour % (3 * HOUR_MS) === 0 ? 1 : 0);
    pump.preferences = { heatingBehavior: 'SMART_HEATING_OFF' };
    expect(heatPumpStatus(w, pump, NOW).roomTemperature).toBe(
      roomTemperature(NOW, { min: 19, max: 23 }, steeredEveryThird),
    );
    pump.preferences = { heatingBehavior: 'SMART_HEATING_OFF', minComfortLimit: 16, maxComfortLimit: 26 };
    expect(heatPumpStatus(w, pump, NOW).roomTemperature).toBe(
      roomTemperature(NOW, { min: 16, max: 26 }, steeredEveryThird),
    );
    const third = Math.floor(NOW / (3 * HOUR_MS)) * 3 * HOUR_MS;
    expect(heatPumpStatus(w, pump, third + 10 * MINUTE_MS).compressorTimeFactor).toBeGreaterThanOrEqual(0.7);
    expect(heatPumpStatus(w, pump, third + HOUR_MS + 10 * MINUTE_MS).compressorTimeFactor).toBeLessThan(0.36);
    pump.preferences = undefined;
    expect(heatPumpStatus(w, pump, NOW).roomTemperature).toBe(
      roomTemperature(NOW, { min: 19, max: 23 }, steeredEveryThird),
    );
  });

  it('is smart heated with the limits it was given', () => {
    const { world: w, pump } = world();
    pump.preferences = { ...pump.preferences, minComfortLimit: 15, maxComfortLimit: 17 };
    const room = heatPumpStatus(w, pump, NOW).roomTemperature;
    expect(room).toBeGreaterThanOrEqual(15);
    expect(room).toBeLessThanOrEqual(17);
  });
});

describe('planHeating', () => {
  it('steers the cheapest third to 1.0, the earlier of two equal hours first, and unpriced hours to 0.0', () => {
    const start = DAY_START;
    const prices = [5, 1, 1, 3, 2, undefined];
    const steering = planHeating(start, start + 6 * HOUR_MS, (hour) => prices[(hour - start) / HOUR_MS]);
    expect(Object.values(steering)).toEqual([0, 1, 1, 0, 0, 0]);
    const cheapLast = planHeating(
      start,
      start + 3 * HOUR_MS,
      (hour) => [undefined, undefined, -1][(hour - start) / HOUR_MS],
    );
    expect(Object.values(cheapLast)).toEqual([0, 0, 1]);
    const ties = planHeating(start, start + 3 * HOUR_MS, () => 2);
    expect(Object.values(ties)).toEqual([1, 0, 0]);
  });
});

describe('roomTemperature', () => {
  it('moves towards the max limit less 0.3 in heated hours and the min plus 0.3 in the others, with a two-hour time constant', () => {
    const limits = { min: 18, max: 24 };
    expect(roomTemperature(NOW, limits, () => 1)).toBe(23.7);
    expect(roomTemperature(NOW, limits, () => 0)).toBe(18.3);
    // Off for all but the last hour, then 30 minutes into it: 18.3 + (23.7 - 18.3) * (1 - e^-0.25) from near 18.3.
    const hour = Math.floor(NOW / HOUR_MS) * HOUR_MS;
    const lastHalf = roomTemperature(hour + 30 * MINUTE_MS, limits, (at) => (at === hour ? 1 : 0));
    const expected = 23.7 + (18.3 - 23.7) * Math.exp(-0.25);
    expect(lastHalf).toBeCloseTo(expected, 1);
  });
});
