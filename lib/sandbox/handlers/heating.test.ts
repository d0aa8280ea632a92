// The smart heating handlers on their own (smart-heating.mdx): a PATCH of the preferences, which switches smart
// heating on and off as runs, the daily sessions newest first, and today's schedule.
import { beforeEach, describe, expect, it } from 'vitest';
import { handlerCaller } from '../../../scripts/testing/handler-call';
import { heatingSchedule } from '../domain/heating';
import type { HeatPump, World } from '../domain/model';
import { SAMPLE_CAR, SAMPLE_HEAT_PUMP, SAMPLE_USER, seedWorld } from '../domain/seed';
import { changeWorld } from '../domain/world-draft';
import { DAY_MS, HOUR_MS } from '../domain/zones';
import type { Answer, HandlerContext } from './context';
import { heatingHandlers } from './heating';

// Wednesday 2025-01-15, 10:20 in Stockholm.
const NOW = Date.parse('2025-01-15T09:20:00Z');
let world: World;
let pump: HeatPump;

beforeEach(() => {
  world = seedWorld(NOW, NOW);
  pump = world.devices.find((device) => device.id === SAMPLE_HEAT_PUMP) as HeatPump;
});

const callHandler = handlerCaller(heatingHandlers, () => ({
  world,
  now: NOW,
  userId: SAMPLE_USER,
  params: { deviceId: SAMPLE_HEAT_PUMP },
}));

/** The world a command made kept, as the sandbox keeps it, and the heat pump read from it again. */
function keep(answer: Answer): Answer {
  const { world: made, ...rest } = answer;
  if (made) {
    world = made;
    pump = world.devices.find((device) => device.id === SAMPLE_HEAT_PUMP) as HeatPump;
  }
  return rest;
}

const call = (operationId: string, context: Partial<HandlerContext> = {}) => keep(callHandler(operationId, context));

/** Sets the heat pump's preferences in the kept world as a test needs them: on a draft, as the sandbox changes a world. */
function setPreferences(preferences: HeatPump['preferences']): void {
  world = changeWorld(world, (draft) => {
    (draft.devices.find((device) => device.id === SAMPLE_HEAT_PUMP) as HeatPump).preferences = preferences;
  });
  pump = world.devices.find((device) => device.id === SAMPLE_HEAT_PUMP) as HeatPump;
}

const patch = (body: unknown, now = NOW) => call('updateHeatingPreferences', { body, now });

describe('getHeatingPreferences', () => {
  it('gives the preferences, 404 when none are set, and refuses a device that is no heat pump', () => {
    expect(call('getHeatingPreferences')).toEqual({ status: 200, body: pump.preferences });
    setPreferences(undefined);
    expect(call('getHeatingPreferences')).toEqual({
      status: 404,
      body: { message: `No smart heating preferences are set for device ${SAMPLE_HEAT_PUMP}` },
    });
    expect(call('getHeatingPreferences', { params: { deviceId: SAMPLE_CAR } }).status).toBe(404);
  });
});

describe('updateHeatingPreferences', () => {
  it('replaces the fields sent and keeps the others, ignoring any it does not know', () => {
    const before = { ...pump.preferences };
    const answer = patch({ minComfortLimit: 20.5, spotPriceAreaId: 'SE1', unknown: 1 });
    expect(answer).toEqual({ status: 200, body: { ...before, minComfortLimit: 20.5 } });
    expect(pump.preferences).toEqual({ ...before, minComfortLimit: 20.5 });
    // The car is not a heat pump: 400, as the contract documents for this operation.
    expect(call('updateHeatingPreferences', { params: { deviceId: SAMPLE_CAR }, body: {} }).status).toBe(400);
  });

  it('refuses limits that cross, but not equal ones or a single one', () => {
    expect(patch({ minComfortLimit: 24 })).toEqual({
      status: 400,
      body: { message: 'minComfortLimit must not be above maxComfortLimit (24 > 23)' },
    });
    expect(patch({ minComfortLimit: 23 }).status).toBe(200);
    setPreferences({ heatingBehavior: 'SMART_HEATING_OFF' });
    expect(patch({ minComfortLimit: 30 }).status).toBe(200);
    expect(patch({ maxComfortLimit: 10 })).toEqual({
      status: 400,
      body: { message: 'minComfortLimit must not be above maxComfortLimit (30 > 10)' },
    });
  });

  it('refuses a schedule entry whose temperatures cross, as /docs/errors says, and keeps the preferences', () => {
    const before = { ...pump.preferences };
    const entry = (min: number, max: number) => ({
      dayOfWeek: 'MONDAY',
      time: '06:00',
      minComfortTemp: min,
      maxComfortTemp: max,
    });
    expect(patch({ heatingSchedule: { entries: [entry(20, 22), entry(23, 21)] } })).toEqual({
      status: 400,
      body: { message: 'heatingSchedule.entries[1]: minComfortTemp must not be above maxComfortTemp (23 > 21)' },
    });
    expect(pump.preferences).toEqual(before);
    expect(patch({ heatingSchedule: { entries: [entry(21, 21)] } }).status).toBe(200);
  });

  it('merges a schedule or a location sent in part into the stored one, as /docs/smart-heating says', () => {
    const stored = pump.preferences?.heatingSchedule;
    expect(stored?.timeZoneId).toBe('Europe/Stockholm');
    const entries = [{ dayOfWeek: 'SATURDAY', time: '08:00', minComfortTemp: 19, maxComfortTemp: 21 }];
    expect(patch({ heatingSchedule: { entries } })).toMatchObject({
      status: 200,
      body: { heatingSchedule: { timeZoneId: 'Europe/Stockholm', entries } },
    });
    expect(pump.preferences?.heatingSchedule).toEqual({ timeZoneId: 'Europe/Stockholm', entries });
    expect(patch({ heatingSchedule: { timeZoneId: 'Europe/Helsinki' } }).body).toMatchObject({
      heatingSchedule: { timeZoneId: 'Europe/Helsinki', entries },
    });
    setPreferences({ ...pump.preferences, location: { countryCode: 'SE', postalCode: '11455' } });
    expect(patch({ location: { postalCode: '96133' } })).toMatchObject({
      status: 200,
      body: { spotPriceAreaId: 'SE1', location: { countryCode: 'SE', postalCode: '96133' } },
    });
  });

  it('takes the spot price area from the location, and refuses one no area covers', () => {
    expect(patch({ location: { countryCode: 'SE', postalCode: '96133' } })).toMatchObject({
      status: 200,
      body: { spotPriceAreaId: 'SE1', location: { countryCode: 'SE', postalCode: '96133' } },
    });
    expect(patch({ location: { countryCode: 'SE', postalCode: '99999' } })).toEqual({
      status: 400,
      body: { message: 'No spot price area found for countryCode SE and postalCode 99999' },
    });
    expect(pump.preferences?.spotPriceAreaId).toBe('SE1');
    // Without a location the area stays.
    setPreferences({ spotPriceAreaId: 'SE4' });
    expect(patch({ minComfortLimit: 19 })).toMatchObject({ body: { spotPriceAreaId: 'SE4' } });
  });

  it('starts a run when smart heating goes on and ends it when it goes off, once each', () => {
    expect(pump.heatingRuns).toHaveLength(1);
    patch({ heatingBehavior: 'SMART_HEATING_ON' });
    expect(pump.heatingRuns).toHaveLength(1);
    patch({ heatingBehavior: 'SMART_HEATING_OFF' }, NOW + HOUR_MS);
    expect(pump.heatingRuns.at(-1)?.to).toBe(NOW + HOUR_MS);
    patch({ heatingBehavior: 'SMART_HEATING_OFF' }, NOW + 2 * HOUR_MS);
    expect(pump.heatingRuns.at(-1)?.to).toBe(NOW + HOUR_MS);
    patch({ heatingBehavior: 'SMART_HEATING_ON' }, NOW + 3 * HOUR_MS);
    expect(pump.heatingRuns).toHaveLength(2);
    expect(pump.heatingRuns.at(-1)).toEqual({ from: NOW + 3 * HOUR_MS, to: null });
    patch({ minComfortLimit: 19.5 }, NOW + 4 * HOUR_MS);
    expect(pump.heatingRuns).toHaveLength(2);
  });

  it('keeps the last 20 runs', () => {
    for (let index = 0; index < 25; index += 1) {
      patch({ heatingBehavior: 'SMART_HEATING_OFF' }, NOW + index * 2 * HOUR_MS);
      patch({ heatingBehavior: 'SMART_HEATING_ON' }, NOW + (index * 2 + 1) * HOUR_MS);
    }
    expect(pump.heatingRuns).toHaveLength(20);
    expect(pump.heatingRuns.at(-1)).toEqual({ from: NOW + 49 * HOUR_MS, to: null });
    expect(pump.heatingRuns[0]?.from).toBe(NOW + 11 * HOUR_MS);
  });
});

describe('getHeatingSessions and getHeatingSchedule', () => {
  it('lists a session per day, newest first, with its status, times in the area zone', () => {
    // Smart heated since 13:20 on Friday 10 January (three days before the seed's start): six days to today.
    const answer = call('getHeatingSessions');
    const sessions = answer.body as Record<string, unknown>[];
    expect(answer.status).toBe(200);
    expect(sessions.map((session) => session.status)).toEqual([
      'ACTIVE',
      'COMPLETE',
      'COMPLETE',
      'COMPLETE',
      'COMPLETE',
      'COMPLETE',
    ]);
    expect(sessions[0]).toMatchObject({
      createdAt: '2025-01-15T00:00:00+01:00',
      endDateTime: '2025-01-16T00:00:00+01:00',
      spotPriceAreaId: 'SE3',
      readyTime: '06:00',
      timeZone: 'Europe/Stockholm',
    });
    expect(Object.keys(sessions[0]?.steeringPeriods as object)[0]).toBe('2025-01-15T00:00:00+01:00');
    expect(Object.keys(sessions[0]?.steeringPeriods as object)).toHaveLength(24);
  });

  it("gives today's schedule without a status, and 404 saying why when there is none", () => {
    const day = heatingSchedule(world, pump, NOW);
    const answer = call('getHeatingSchedule');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: day?.id,
      createdAt: '2025-01-15T00:00:00+01:00',
    });
    expect(answer.body).not.toHaveProperty('status');
    patch({ heatingBehavior: 'SMART_HEATING_OFF' }, NOW + DAY_MS);
    expect(call('getHeatingSchedule', { now: NOW + DAY_MS })).toEqual({
      status: 404,
      body: {
        message: `No heating schedule for device ${SAMPLE_HEAT_PUMP}: smart heating is off or it has no spot price area`,
      },
    });
    expect(call('getHeatingSessions', { params: { deviceId: 'dev-none' } }).status).toBe(404);
  });
});
