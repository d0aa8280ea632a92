// The sandbox's controls under /__sandbox/ (sandbox.mdx, "Controls"), answered directly: the clock, a device's
// simulated state, the reset and the version, with every refusal word for word, as partners read them in a 400.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  answerControl,
  CLOCK_PATH,
  DEVICE_CONTROL_PREFIX,
  OCPP_FAULTS,
  RESET_PATH,
  VERSION_PATH,
  type ControlHost,
} from './controls';
import type { DeviceRecord, World } from './domain/model';
import { playTo } from './domain/play';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP, SAMPLE_LOCATION, seedWorld } from './domain/seed';
import { simulatedState } from './domain/status';
import { changeWorld } from './domain/world-draft';
import { HOUR_MS } from './domain/zones';
import { createRequestLog } from './request-log';

const REAL_NOW = Date.parse('2025-01-15T09:20:00Z');

let current: World | undefined;
let replaced: (World | undefined)[];
const host: ControlHost = {
  world: () => (current ??= seedWorld(REAL_NOW)),
  made: () => current,
  replace: (world) => {
    replaced.push(world);
    current = world;
  },
  realNow: () => REAL_NOW,
  contract: { title: 'Kilowise Partner API', version: '2.4.0' },
  requests: createRequestLog(),
};

beforeEach(() => {
  current = undefined;
  replaced = [];
});

const control = (method: string, path: string, body: unknown = '') =>
  answerControl(host, method, path, typeof body === 'string' ? body : JSON.stringify(body));
const message = (answer: ReturnType<typeof control>) => (answer?.body as { message?: string } | undefined)?.message;

describe('answerControl', () => {
  it('leaves every path outside /__sandbox/ to the API', () => {
    expect(control('GET', '/v2/kilowise/users/user-4711/locations')).toBeUndefined();
    expect(control('POST', '/__sandbox')).toBeUndefined();
  });

  it('names the controls for a path under /__sandbox/ that is none', () => {
    expect(control('GET', '/__sandbox/nothing')).toEqual({
      status: 404,
      body: {
        message:
          'No sandbox control at /__sandbox/nothing: the controls are /__sandbox/clock, /__sandbox/devices/{deviceId}, /__sandbox/requests, /__sandbox/events, /__sandbox/reset and /__sandbox/version',
      },
    });
  });

  it('refuses a body that is not a JSON object', () => {
    expect(control('POST', CLOCK_PATH, '[1]')).toEqual({
      status: 400,
      body: { message: 'Request body must be a JSON object' },
    });
    expect(control('POST', CLOCK_PATH, 'null')).toEqual({
      status: 400,
      body: { message: 'Request body must be a JSON object' },
    });
    expect(message(control('POST', CLOCK_PATH, '{"now":'))).toMatch(/^Request body is not valid JSON: /);
  });

  it('gives the contract it answers for, to GET only', () => {
    expect(control('GET', VERSION_PATH)).toEqual({
      status: 200,
      body: { title: 'Kilowise Partner API', version: '2.4.0' },
    });
    expect(control('POST', VERSION_PATH)).toEqual({
      status: 405,
      body: { message: 'POST is not allowed on /__sandbox/version; use GET' },
      headers: { allow: 'GET' },
    });
  });

  it('resets to a new world on POST only', () => {
    host.world();
    expect(control('POST', RESET_PATH)).toEqual({
      status: 200,
      body: { message: "Your sandbox is reset: the clock follows real time and only the sample user's data is there." },
    });
    expect(replaced).toEqual([undefined]);
    expect(control('GET', RESET_PATH)).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    expect(replaced).toHaveLength(1);
  });
});

describe('the clock', () => {
  it('reads real time without making a world, and the set time once there is one', () => {
    expect(control('GET', CLOCK_PATH)).toEqual({ status: 200, body: { now: '2025-01-15T09:20:00.000Z' } });
    expect(current).toBeUndefined();
    expect(control('POST', CLOCK_PATH, { now: '2025-01-15T12:00:00+01:00' })).toEqual({
      status: 200,
      body: { now: '2025-01-15T11:00:00.000Z' },
    });
    expect(control('GET', CLOCK_PATH)).toEqual({ status: 200, body: { now: '2025-01-15T11:00:00.000Z' } });
    expect(current?.clock.fixedAt).toBe(Date.parse('2025-01-15T11:00:00Z'));
    expect(current?.simulatedTo).toBe(Date.parse('2025-01-15T11:00:00Z'));
    expect(control('PUT', CLOCK_PATH)).toEqual({
      status: 405,
      body: { message: 'PUT is not allowed on /__sandbox/clock; use GET or POST' },
      headers: { allow: 'GET, POST' },
    });
  });

  it('moves by a duration from where it stands', () => {
    control('POST', CLOCK_PATH, { now: '2025-01-15T12:00:00+01:00' });
    expect(control('POST', CLOCK_PATH, { advance: 'P1DT2H' })).toEqual({
      status: 200,
      body: { now: '2025-01-16T13:00:00.000Z' },
    });
    expect(current?.simulatedTo).toBe(Date.parse('2025-01-16T13:00:00Z'));
    // From real time when it was never set.
    current = undefined;
    expect(control('POST', CLOCK_PATH, { advance: 'PT1H' })).toEqual({
      status: 200,
      body: { now: '2025-01-15T10:20:00.000Z' },
    });
    expect(control('POST', CLOCK_PATH, { advance: 'P366D' })).toMatchObject({ status: 200 });
  });

  it('goes back only in a sandbox nobody changed, by making it again at that moment', () => {
    expect(control('POST', CLOCK_PATH, { now: '2025-01-10T08:00:00Z' })).toEqual({
      status: 200,
      body: { now: '2025-01-10T08:00:00.000Z' },
    });
    expect(replaced).toHaveLength(1);
    expect(current?.clock.fixedAt).toBe(Date.parse('2025-01-10T08:00:00Z'));
    control('PATCH', `${DEVICE_CONTROL_PREFIX}${SAMPLE_CAR}`, { soc: 55 });
    expect(control('POST', CLOCK_PATH, { now: '2025-01-09T08:00:00Z' })).toEqual({
      status: 400,
      body: {
        message:
          'The sandbox clock cannot go back to 2025-01-09T08:00:00Z: this sandbox has changes since 2025-01-10T08:00:00.000Z; reset it with POST /__sandbox/reset, then set the clock',
      },
    });
    // Setting it to where it stands is no step back.
    expect(control('POST', CLOCK_PATH, { now: '2025-01-10T08:00:00Z' })).toMatchObject({ status: 200 });
  });

  it('sets it more than P366D ahead only in a sandbox nobody changed (made again there), else 400 naming the limit', () => {
    expect(control('POST', CLOCK_PATH, { now: '2027-01-10T08:00:00Z' })).toEqual({
      status: 200,
      body: { now: '2027-01-10T08:00:00.000Z' },
    });
    expect(replaced).toHaveLength(1);
    expect(current?.simulatedTo).toBe(Date.parse('2027-01-10T08:00:00Z'));
    control('PATCH', `${DEVICE_CONTROL_PREFIX}${SAMPLE_CAR}`, { soc: 55 });
    // The device control keeps the world it changed; the refused move after it keeps none.
    expect(replaced).toHaveLength(2);
    expect(control('POST', CLOCK_PATH, { now: '2028-01-12T08:00:00Z' })).toEqual({
      status: 400,
      body: {
        message:
          'Field "now" is more than P366D (the longest move of the sandbox clock) after the sandbox\'s time 2027-01-10T08:00:00.000Z; move the clock in steps of at most P366D, or reset the sandbox first',
      },
    });
    expect(replaced).toHaveLength(2);
    // A year to the day is within the limit, and played out.
    expect(control('POST', CLOCK_PATH, { now: '2028-01-10T08:00:00Z' })).toMatchObject({ status: 200 });
    expect(current?.simulatedTo).toBe(Date.parse('2028-01-10T08:00:00Z'));
  });

  it('refuses what it cannot do, naming the field', () => {
    const both = 'Send either {"now": "<date-time>"} to set the clock or {"advance": "<ISO 8601 duration>"} to move it';
    expect(message(control('POST', CLOCK_PATH, {}))).toBe(both);
    expect(message(control('POST', CLOCK_PATH, { now: '2025-01-10T08:00:00Z', advance: 'PT1H' }))).toBe(both);
    expect(message(control('POST', CLOCK_PATH, { later: 'PT1H' }))).toBe(both);
    const exists = 'Field "now" must be a date-time that exists, with an offset, such as 2025-03-14T18:00:00+01:00';
    expect(control('POST', CLOCK_PATH, { now: '2025-02-30T08:00:00Z' })).toEqual({
      status: 400,
      body: { message: exists },
    });
    expect(message(control('POST', CLOCK_PATH, { now: 1_736_000_000_000 }))).toBe(exists);
    const years = 'Field "now" must be a date-time from the year 2000 to 2099, the years the sandbox simulates';
    expect(message(control('POST', CLOCK_PATH, { now: '1999-12-31T23:59:59Z' }))).toBe(years);
    expect(message(control('POST', CLOCK_PATH, { now: '2100-01-01T00:00:00Z' }))).toBe(years);
    expect(control('POST', CLOCK_PATH, { now: '2000-01-01T00:00:00Z' })).toMatchObject({ status: 200 });
    expect(message(control('POST', CLOCK_PATH, { advance: 2 }))).toBe('Field "advance" must be a string');
    expect(message(control('POST', CLOCK_PATH, { advance: 'P1M' }))).toBe(
      'Field "advance" "P1M" is not an ISO 8601 duration of weeks, days, hours, minutes or seconds, such as PT2H or P1DT30M',
    );
    expect(message(control('POST', CLOCK_PATH, { advance: 'P367D' }))).toBe(
      'Field "advance" moves the clock more than P366D (a year) at once, the longest move the sandbox plays out',
    );
    control('POST', CLOCK_PATH, { now: '2099-12-31T12:00:00Z' });
    expect(message(control('POST', CLOCK_PATH, { advance: 'PT12H' }))).toBe(
      'Field "advance" moves the clock past 2099, the last year the sandbox simulates',
    );
    expect(control('POST', CLOCK_PATH, { advance: 'PT11H' })).toMatchObject({ status: 200 });
  });
});

describe('a device control', () => {
  const path = (id: string) => `${DEVICE_CONTROL_PREFIX}${id}`;

  it('shows the simulated state, and 404 for a device that is not there', () => {
    const state = control('GET', path(SAMPLE_CAR));
    expect(state).toMatchObject({
      status: 200,
      body: { deviceId: SAMPLE_CAR, pluggedIn: true, locationId: SAMPLE_LOCATION },
    });
    expect(current?.touched).toBe(false);
    expect(control('GET', path('dev-none'))).toEqual({ status: 404, body: { message: 'Device dev-none not found' } });
    expect(control('GET', path('dev%20none'))).toEqual({ status: 404, body: { message: 'Device dev none not found' } });
    expect(control('GET', path('dev%E0%A4%A'))).toEqual({
      status: 404,
      body: { message: 'Device dev%E0%A4%A not found' },
    });
    expect(control('DELETE', path(SAMPLE_CAR))).toEqual({
      status: 405,
      body: { message: `DELETE is not allowed on ${path(SAMPLE_CAR)}; use GET or PATCH` },
      headers: { allow: 'GET, PATCH' },
    });
  });

  it('unplugs, plugs in, sets the charge, the connection and a fault', () => {
    expect(control('PATCH', path(SAMPLE_CAR), { pluggedIn: false })).toMatchObject({
      status: 200,
      body: { pluggedIn: false, locationId: null, status: 'CABLE_UNPLUGGED' },
    });
    expect(current?.touched).toBe(true);
    expect(control('PATCH', path(SAMPLE_CAR), { soc: 35.55 })).toMatchObject({ body: { soc: 35.6 } });
    expect(control('PATCH', path(SAMPLE_CAR), { pluggedIn: true })).toMatchObject({
      body: { pluggedIn: true, locationId: SAMPLE_LOCATION, status: 'CALCULATING_SCHEDULE' },
    });
    // As /docs/sandbox's device controls say, `online` is the connection as set: offline at once, though the API
    // counts the charger online until its last heartbeat is ten minutes old.
    expect(control('PATCH', path(SAMPLE_CHARGER), { online: false })).toMatchObject({
      body: { online: false, lastHeartbeat: expect.any(String) },
    });
    expect(control('PATCH', path(SAMPLE_CHARGER), { fault: 'GroundFailure' })).toMatchObject({
      body: { fault: 'GroundFailure', status: 'ERROR' },
    });
    expect(control('PATCH', path(SAMPLE_CHARGER), { fault: null })).toMatchObject({ body: { fault: null } });
    expect(control('PATCH', path(SAMPLE_HEAT_PUMP), { online: false, fault: 'HighTemperature' })).toMatchObject({
      body: { online: false, fault: 'HighTemperature' },
    });
  });

  it('moves a plugged-in car to another location of its user, and plugs a car in there', () => {
    const user = current ?? host.world();
    const home = user.users[0]?.locations[0];
    if (!home) throw new Error('no home');
    user.users[0]?.locations.push({ ...home, id: 'loc-work', coordinates: { latitude: 59.4, longitude: 18.1 } });
    expect(control('PATCH', path(SAMPLE_CAR), { locationId: 'loc-work' })).toMatchObject({
      body: { pluggedIn: true, locationId: 'loc-work' },
    });
    control('PATCH', path(SAMPLE_CAR), { pluggedIn: false });
    // Unplugged, a location alone does not plug the car in.
    expect(control('PATCH', path(SAMPLE_CAR), { locationId: SAMPLE_LOCATION })).toMatchObject({
      body: { pluggedIn: false, locationId: null },
    });
    expect(control('PATCH', path(SAMPLE_CAR), { pluggedIn: true, locationId: 'loc-work' })).toMatchObject({
      body: { pluggedIn: true, locationId: 'loc-work' },
    });
  });

  it('refuses each field it cannot take, word for word', () => {
    const refusal = (body: Record<string, unknown>, id = SAMPLE_CAR) => control('PATCH', path(id), body);
    expect(refusal({ plugged: true })).toEqual({
      status: 400,
      body: { message: 'Field "plugged" is not a device control; use pluggedIn, soc, online, fault, locationId' },
    });
    expect(message(refusal({ pluggedIn: 'yes' }))).toBe('Field "pluggedIn" must be true or false');
    expect(message(refusal({ online: 1 }))).toBe('Field "online" must be true or false');
    for (const soc of [-0.1, 100.1, '50', Number.NaN, null])
      expect(message(refusal({ soc })), String(soc)).toBe('Field "soc" must be a number from 0 to 100 (percent)');
    expect(refusal({ soc: 0 })).toMatchObject({ status: 200 });
    expect(refusal({ soc: 100 })).toMatchObject({ status: 200 });
    expect(message(refusal({ fault: 'Broken' }))).toBe(
      `Field "fault" must be null or an OCPP error code: ${OCPP_FAULTS.join(', ')}`,
    );
    expect(message(refusal({ locationId: 7 }))).toBe('Field "locationId" must be a location id');
    expect(message(refusal({ locationId: 'loc-other' }))).toBe(
      'Field "locationId" is loc-other, not a location of user user-4711 where this vehicle can plug in',
    );
    expect(message(refusal({ locationId: SAMPLE_LOCATION }, SAMPLE_CHARGER))).toBe(
      `Field "locationId" is ${SAMPLE_LOCATION}, not a location of user user-4711 where this vehicle can plug in`,
    );
    expect(message(refusal({ pluggedIn: true }, SAMPLE_HEAT_PUMP))).toBe(
      `Device ${SAMPLE_HEAT_PUMP} is a heat pump: only "online" and "fault" apply`,
    );
    expect(message(refusal({ soc: 20 }, SAMPLE_HEAT_PUMP))).toBe(
      `Device ${SAMPLE_HEAT_PUMP} is a heat pump: only "online" and "fault" apply`,
    );
    // A refusal changes nothing.
    expect(current?.touched).toBe(true);
    const fresh = seedWorld(REAL_NOW);
    current = fresh;
    refusal({ soc: 20, fault: 'Broken' });
    expect(fresh.touched).toBe(false);
    expect(fresh.devices[0]?.sim.soc).not.toBe(20);
  });

  it('plays the world to now first, so the state is of now, on a copy: reading it changes nothing', () => {
    control('POST', CLOCK_PATH, { now: '2025-01-15T12:00:00+01:00' });
    const later = Date.parse('2025-01-15T12:00:00+01:00') + 5 * HOUR_MS;
    const world = changeWorld(current as World, (draft) => void (draft.clock.fixedAt = later));
    current = world;
    const text = JSON.stringify(world);
    const played = playTo(world, later);
    const car = played.devices.find((device) => device.id === SAMPLE_CAR) as DeviceRecord;
    expect(control('GET', path(SAMPLE_CAR))).toEqual({ status: 200, body: simulatedState(played, car, later) });
    expect(played.simulatedTo).toBe(later);
    expect(current).toBe(world);
    expect(JSON.stringify(world)).toBe(text);
  });
});
