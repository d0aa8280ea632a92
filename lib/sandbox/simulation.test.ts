// The sandbox as a simulation of Kilowise: each rule below names the page that states it. The flows drive the
// sandbox as a partner's code does, by path, and every answer is held to the contract.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import { httpRequestOf, initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { planCharging } from './domain/charging-planner';
import { generatedPrice, publishedUntil } from './domain/prices';
import { createMemoryStore } from '../store/memory';
import { matchEndpoint } from '../openapi/endpoints';
import { createSandbox, type Sandbox } from './sandbox';
import { sandboxClient, testTab, type SandboxReply } from './test-client';
import { sandboxStoreLimits } from './server';
import { SPOT_PRICE_AREAS } from './spot-price-areas';
import { storedSandbox } from './stored';
import { createSchemaValidator, type SchemaValidator } from './validator';

let contract: OperationContract;
let validator: SchemaValidator;

beforeAll(async () => {
  contract = await snapshotContract();
  validator = createSchemaValidator(contract.defs);
}, 60_000);

const V2 = '/v2/kilowise';
const CAR = 'dev-5b1f0c';
const CHARGER = 'dev-77a0d2';
const HEAT_PUMP = 'dev-3c9e41';

type Reply = SandboxReply;

/** A partner's client of one sandbox: every answer to a contract path is checked against the contract. */
function client(sandbox: Pick<Sandbox, 'handle'>, key = 'key-a') {
  const call = sandboxClient(contract, sandbox, key);
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const reply = await call(method, path, body, headers);
    if (!path.startsWith('/__sandbox/')) expectContract(method, path, reply);
    return reply;
  };
}

/** The operation a method and path are, as the contract's router would find it (the most literal path first). */
function operationOf(method: string, path: string): ContractOperation | undefined {
  return matchEndpoint(contract.operations, method, path.split('?')[0] ?? '');
}

function expectContract(method: string, path: string, reply: Reply) {
  const operation = operationOf(method, path);
  expect(operation, `${method} ${path} is an operation of the contract`).toBeDefined();
  const documented = operation?.responses.find((response) => response.status === String(reply.status));
  expect(documented, `${operation?.operationId} answered ${reply.status}, which it does not document`).toBeDefined();
  if (documented?.schema === undefined) return;
  const problem = validator.check(documented.schema, reply.body);
  expect(
    problem,
    `${operation?.operationId} ${reply.status}: ${JSON.stringify(problem)} in ${JSON.stringify(reply.body)}`,
  ).toBeUndefined();
}

/** A sandbox whose clock stands at `at` (ISO), with the sample user's set seeded there. */
async function at(time: string, key = 'key-a') {
  const sandbox = createSandbox(contract);
  const call = client(sandbox, key);
  expect((await call('POST', '/__sandbox/clock', { now: time })).status).toBe(200);
  return { sandbox, call };
}

const newCar = { authCode: 'partner-test-car', redirectUrl: 'https://app.example.com/smartcar/callback' };
const home = {
  name: 'Home',
  coordinates: { latitude: 59.33, longitude: 18.06 },
  countryCode: 'SE',
  postalCode: '11455',
  streetAddress: 'Storgatan 1',
  city: 'Stockholm',
};

describe('state per key and per session, never shared (DESIGN: isolation)', () => {
  it('a write under one key never shows under another, nor after a reset, nor in another session', async () => {
    const a = createSandbox(contract);
    const b = createSandbox(contract);
    const callA = client(a, 'key-a');
    const callB = client(b, 'key-b');
    const tariff = { electricalUtilityProvider: 'Ellevio', meterId: '1', tariff: 'Leaked?' };
    expect((await callA('PUT', `${V2}/users/user-4711/locations/loc-8c1e52/tariff-info`, tariff)).status).toBe(200);
    const seenByB = await callB('GET', `${V2}/users/user-4711/locations`);
    expect(seenByB.body[0].tariffInfo).toBeUndefined();
    await callA('POST', '/__sandbox/reset');
    expect((await callA('GET', `${V2}/users/user-4711/locations`)).body[0].tariffInfo).toBeUndefined();
    // An answer is a copy: changing it changes nothing stored.
    const listed = await callB('GET', `${V2}/users/user-4711/locations`);
    listed.body[0].name = 'Changed by the client';
    expect((await callB('GET', `${V2}/users/user-4711/locations`)).body[0].name).toBe('Home');
  });

  it("as /docs/sandbox says, ids are the key's own: the same requests give the same ids under one key, never another key's", async () => {
    const store = createMemoryStore(sandboxStoreLimits());
    const validator = createSchemaValidator(contract.defs);
    const keyed = (id: string) => client(storedSandbox(contract, store, id, { validator, create: true }));
    const connectUnder = async (id: string) =>
      (await keyed(id)('POST', '/v1/kilowise/devices/smartcar/connect', newCar, { 'x-user-id': 'user-ids' })).body
        .deviceId as string;
    const first = await connectUnder('key-a');
    const other = await connectUnder('key-b');
    expect(first).toMatch(/^dev-[0-9a-f]{10}$/);
    expect(other).not.toBe(first);
    // Under key-b, key-a's car is not there: an isolation test sees a 404, never a car of the same id.
    expect((await keyed('key-b')('GET', `${V2}/devices/${first}`)).status).toBe(404);
    await keyed('key-a')('POST', '/__sandbox/reset');
    expect(await connectUnder('key-a')).toBe(first);
  });

  it('in the browser: each tab has its own store, a reload keeps the world and its clock, a reset empties it', async () => {
    const tabA = testTab();
    const tabB = testTab();
    const callA = client(createSandbox(contract, tabA.options()));
    await callA('POST', '/__sandbox/clock', { now: '2025-03-14T12:00:00+01:00' });
    // A control alone is kept across a reload too.
    expect((await client(createSandbox(contract, tabA.options()))('GET', '/__sandbox/clock')).body).toEqual({
      now: '2025-03-14T11:00:00.000Z',
    });
    await callA('PUT', `${V2}/users/user-4711/data`, { tariff: 'Only in tab A' });
    const callB = client(createSandbox(contract, tabB.options()));
    expect((await callB('GET', `${V2}/users/user-4711/data`)).body.tariff).not.toBe('Only in tab A');
    const reloaded = client(createSandbox(contract, tabA.options()));
    expect((await reloaded('GET', `${V2}/users/user-4711/data`)).body.tariff).toBe('Only in tab A');
    expect((await reloaded('GET', '/__sandbox/clock')).body).toEqual({ now: '2025-03-14T11:00:00.000Z' });
    await reloaded('POST', '/__sandbox/reset');
    expect(tabA.text()).toBeNull();
    expect((await reloaded('GET', `${V2}/users/user-4711/data`)).body.tariff).toBe('Timpris');
  });

  it('read-only fields are the sandbox to set: id, spotPriceAreaId, previousChargingBehavior', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const added = await call('POST', `${V2}/users/user-9/locations`, {
      ...home,
      id: 'loc-mine',
      spotPriceAreaId: 'SE1',
    });
    expect(added.body.id).not.toBe('loc-mine');
    expect(added.body.spotPriceAreaId).toBe('SE3');
    const prefs = await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`);
    const put = await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      ...prefs.body,
      previousChargingBehavior: 'SMART_CHARGE_ANYWHERE',
    });
    expect(put.body.previousChargingBehavior).toBe('SMART_CHARGE_OFF');
  });

  it('ids that are built-in property names are ordinary ids: 404 where they name nothing', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await call('GET', `${V2}/devices/${id}`)).status).toBe(404);
      expect((await call('POST', `/v2/devices/${id}/smart-charging/start-charging`)).status).toBe(404);
      expect((await call('GET', `${V2}/users/${id}/locations`)).body).toEqual([]);
    }
    expect((await call('PUT', `${V2}/users/__proto__/data`, { tariff: 'x' })).body).toEqual({ tariff: 'x' });
    expect((await call('GET', `${V2}/users/__proto__/data`)).body).toEqual({ tariff: 'x' });
    expect(({} as Record<string, unknown>).tariff).toBeUndefined();
  });

  it('the same requests on the same clock give the same answers, ids included', async () => {
    const run = async () => {
      const { call } = await at('2025-03-14T12:00:00+01:00');
      const connected = await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, { 'x-user-id': 'user-1' });
      const location = await call('POST', `${V2}/users/user-1/locations`, home);
      return [connected.body, location.body, (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body];
    };
    expect(await run()).toEqual(await run());
  });
});

describe('the clock (DESIGN: simulation contract)', () => {
  it('is set and moved, and refuses what it cannot do with a 400 naming the field', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    expect((await call('POST', '/__sandbox/clock', { advance: 'PT2H30M' })).body).toEqual({
      now: '2025-03-14T13:30:00.000Z',
    });
    expect((await call('GET', '/__sandbox/clock')).body).toEqual({ now: '2025-03-14T13:30:00.000Z' });
    const bad = await call('POST', '/__sandbox/clock', { advance: 'P1M' });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('Field "advance"') } });
    expect((await call('POST', '/__sandbox/clock', { now: 'tomorrow' })).status).toBe(400);
    // A year the calendars of Date.UTC misread (0 to 99) once sent the simulation into a loop: refused at once.
    for (const now of ['0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2100-01-01T00:00:00Z']) {
      const refused = await call('POST', '/__sandbox/clock', { now });
      expect(refused, now).toMatchObject({ status: 400, body: { message: expect.stringContaining('2000 to 2099') } });
    }
    expect((await call('POST', '/__sandbox/clock', { now: '2025-03-14T12:00:00Z', advance: 'PT1H' })).status).toBe(400);
    await call('DELETE', `${V2}/users/user-4711/data`);
    const back = await call('POST', '/__sandbox/clock', { now: '2025-01-01T00:00:00Z' });
    expect(back).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('reset it with POST /__sandbox/reset') },
    });
  });
});

describe('prices (spot-prices.mdx, dates-and-time-zones.mdx)', () => {
  it('are deterministic, shaped like a day-ahead market, and sometimes negative', () => {
    const se3 = SPOT_PRICE_AREAS.find((area) => area.id === 'SE3');
    if (!se3) throw new Error('no SE3');
    const day = Date.parse('2025-01-15T00:00:00+01:00');
    const prices = Array.from({ length: 24 }, (_, hour) => generatedPrice(se3, day + hour * 3_600_000));
    expect(prices).toEqual(Array.from({ length: 24 }, (_, hour) => generatedPrice(se3, day + hour * 3_600_000)));
    const night = Math.min(...prices.slice(1, 5));
    expect(Math.max(...prices.slice(7, 10))).toBeGreaterThan(night);
    expect(Math.max(...prices.slice(17, 20))).toBeGreaterThan(night);
    const year = Array.from({ length: 365 * 24 }, (_, hour) => generatedPrice(se3, day + hour * 3_600_000));
    expect(year.some((price) => price < 0)).toBe(true);
  });

  it("tomorrow's prices appear at 13:00 CET: before, a query for tomorrow is 404", async () => {
    const { call } = await at('2025-03-14T12:59:00+01:00');
    const tomorrow = `${V2}/spot-prices/SE3?startDateTime=2025-03-15T00:00:00%2B01:00&endDateTime=2025-03-16T00:00:00%2B01:00`;
    expect((await call('GET', tomorrow)).status).toBe(404);
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    expect(Object.keys((await call('GET', tomorrow)).body)).toHaveLength(24);
  });

  it('days of 23 and 25 hours follow the area time zone, keys in its own offset', async () => {
    const { call } = await at('2025-10-27T14:00:00+01:00');
    const march = await call(
      'GET',
      `${V2}/spot-prices/SE3?startDateTime=2025-03-30T00:00:00%2B01:00&endDateTime=2025-03-31T00:00:00%2B02:00`,
    );
    expect(Object.keys(march.body)).toHaveLength(23);
    const october = await call(
      'GET',
      `${V2}/spot-prices/FI?startDateTime=2025-10-26T00:00:00%2B03:00&endDateTime=2025-10-27T00:00:00%2B02:00`,
    );
    expect(Object.keys(october.body)).toHaveLength(25);
    expect(Object.keys(october.body).filter((key) => key.includes('T03:00:00'))).toEqual([
      '2025-10-26T03:00:00+03:00',
      '2025-10-26T03:00:00+02:00',
    ]);
  });

  it('test prices posted per MWh are read per kWh, and a schedule moves to the hours they make cheap', async () => {
    const { call } = await at('2025-03-14T14:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: true, soc: 60 });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const before = await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`);
    expect(before.status).toBe(200);
    // Make 19:00 and 20:00 today the cheapest hours by far.
    const cheap = { '2025-03-14T19:00:00+01:00': -50, '2025-03-14T20:00:00+01:00': -40 };
    expect((await call('POST', `${V2}/spot-prices/SE3`, cheap)).status).toBe(204);
    const prices = await call(
      'GET',
      `${V2}/spot-prices/SE3?startDateTime=2025-03-14T19:00:00%2B01:00&endDateTime=2025-03-14T21:00:00%2B01:00`,
    );
    expect(prices.body).toEqual({ '2025-03-14T19:00:00+01:00': -0.05, '2025-03-14T20:00:00+01:00': -0.04 });
    const after = await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`);
    expect(Object.keys(after.body.hourlyCharges).slice(0, 2)).toEqual(Object.keys(cheap));
    expect(after.body.hourlyCharges['2025-03-14T19:00:00+01:00']).toBe(11);
    expect(after.body.hourlyCharges).not.toEqual(before.body.hourlyCharges);
  });
});

describe('charging, as Kilowise does it (smart-charging.mdx)', () => {
  it('a plugged-in car goes through the statuses, charges through a clock move, and its session completes', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    const status = async () => (await call('GET', `/v2/status/${CAR}`)).body.status;
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    expect(await status()).toBe('CABLE_UNPLUGGED');
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(404);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    expect(await status()).toBe('CALCULATING_SCHEDULE');
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    expect(['WAITING_FOR_SCHEDULED_CHARGING', 'SMART_CHARGING']).toContain(await status());
    const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    const planned = Object.values(schedule.hourlyCharges as Record<string, number>).reduce((sum, kwh) => sum + kwh, 0);
    expect(planned).toBeCloseTo(((80 - 30) / 100) * 64, 1); // kWh from the SoC to the target
    expect(Math.max(...Object.values(schedule.hourlyCharges as Record<string, number>))).toBeLessThanOrEqual(11);
    expect(schedule.endDateTime).toBe('2025-03-15T10:30:00+01:00'); // Saturday's ready time
    await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    expect(await status()).toBe('SMART_CHARGING_COMPLETED');
    const [session] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(session.status).toBe('COMPLETE');
    expect(session.hourlyCharges).toEqual(schedule.hourlyCharges);
    expect((await call('GET', `/v1/kilowise/devices/${CAR}/status`)).body).toMatchObject({
      id: CAR,
      soc: 80,
      chargingStatus: 'CHARGING_COMPLETED',
    });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(404);
  });

  it('a car plugged in at 30.01 % (31.9936 kWh to 80 %) completes its session: the plan never rounds short', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30.01, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    const planned = Object.values(schedule.hourlyCharges as Record<string, number>).reduce((sum, kwh) => sum + kwh, 0);
    expect(planned).toBeGreaterThanOrEqual(((80 - 30.01) / 100) * 64);
    await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING_COMPLETED');
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body[0].status).toBe('COMPLETE');
  });

  it('a car plugged in at its target has nothing to charge: no schedule (404, with the reason), completed', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 85, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING_COMPLETED');
    const schedule = await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`);
    expect(schedule.status).toBe(404);
    expect(schedule.body.message).toMatch(/nothing to charge/);
  });

  it('a car is where it is: preferences name where to smart charge, they never move the car (sandbox.mdx)', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    const user = { 'x-user-id': 'user-where' };
    const stored = (await call('POST', `${V2}/users/user-where/locations`, home)).body;
    const office = (
      await call('POST', `${V2}/users/user-where/locations`, {
        ...home,
        name: 'Office',
        coordinates: { latitude: 59.3447, longitude: 18.0236 },
        streetAddress: 'Sveavägen 100',
        postalCode: '11350',
      })
    ).body;
    const { deviceId } = (await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, user)).body;
    // A new car is at its user's first location, plugged in.
    expect((await call('GET', `/__sandbox/devices/${deviceId}`)).body.locationId).toBe(stored.id);
    const preferences = {
      chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      chargingLocationIds: [office.id],
      readyTime: '07:00',
      targetSoC: 90,
      batteryCapacity: 64,
    };
    await call('PUT', `${V2}/devices/${deviceId}/smart-charging/ev-preferences`, preferences);
    expect((await call('GET', `/__sandbox/devices/${deviceId}`)).body.locationId).toBe(stored.id);
    expect((await call('GET', `/v2/status/${deviceId}`)).body.status).toBe('CABLE_PLUGGED');
    const none = await call('GET', `${V2}/devices/${deviceId}/smart-charging/schedule`);
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/not plugged in at one of its charging locations/);
    // Naming the home as well makes smart charging apply where the car is.
    await call('PUT', `${V2}/devices/${deviceId}/smart-charging/ev-preferences`, {
      ...preferences,
      chargingLocationIds: [office.id, stored.id],
    });
    expect((await call('GET', `${V2}/devices/${deviceId}/smart-charging/schedule`)).status).toBe(200);
  });

  it("a second location stored for the sample home's address is where the sample car is", async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    const sample = (await call('GET', `${V2}/users/user-4711/locations`)).body[0];
    const { id, spotPriceAreaId, tariffInfo, ...address } = sample;
    expect([id, spotPriceAreaId, tariffInfo === undefined || typeof tariffInfo === 'object']).toEqual([
      'loc-8c1e52',
      'SE3',
      true,
    ]);
    const again = (await call('POST', `${V2}/users/user-4711/locations`, address)).body;
    const prefs = (await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`)).body;
    const { previousChargingBehavior, ...body } = prefs;
    expect(previousChargingBehavior).toBeDefined();
    await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      ...body,
      chargingLocationIds: [again.id],
    });
    expect((await call('GET', `/__sandbox/devices/${CAR}`)).body.locationId).toBe('loc-8c1e52');
    expect(['WAITING_FOR_SCHEDULED_CHARGING', 'SMART_CHARGING']).toContain(
      (await call('GET', `/v2/status/${CAR}`)).body.status,
    );
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(200);
  });

  it('a session completed since the plug-in stays completed when the device goes offline and back', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 70, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    expect((await call('GET', `/v1/kilowise/devices/${CAR}/status`)).body.chargingStatus).toBe('CHARGING_COMPLETED');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { online: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { online: true });
    expect((await call('GET', `/v1/kilowise/devices/${CAR}/status`)).body.chargingStatus).toBe('CHARGING_COMPLETED');
  });

  it('below the minimal SoC charging starts at once; pulling the cable interrupts the session', async () => {
    const { call } = await at('2025-03-14T17:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 5, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT20M' });
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    const [session] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(session.status).toBe('INTERRUPTED');
  });

  it('start-charging charges at once and switches smart charging off; a retry keeps the behaviour to go back to', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    expect((await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`)).status).toBe(204);
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('IMMEDIATE_CHARGING');
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(404);
    expect((await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`)).status).toBe(204);
    const prefs = (await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`)).body;
    expect(prefs).toMatchObject({
      chargingBehavior: 'SMART_CHARGE_OFF',
      previousChargingBehavior: 'SMART_CHARGE_AT_LOCATION',
    });
    const back = await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      ...prefs,
      chargingBehavior: prefs.previousChargingBehavior,
    });
    expect(back.body.chargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).not.toBe('IMMEDIATE_CHARGING');
    await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      ...prefs,
      chargingBehavior: 'SMART_CHARGE_OFF',
    });
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING_DISABLED');
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(404);
  });

  it('a charger is OFFLINE once its last heartbeat is ten minutes old (chargers.mdx), and reports a fault', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CHARGER}`, { online: false });
    await call('POST', '/__sandbox/clock', { advance: 'PT9M' });
    expect((await call('GET', `/v2/status/${CHARGER}`)).body.status).not.toBe('OFFLINE');
    await call('POST', '/__sandbox/clock', { advance: 'PT6M' });
    expect((await call('GET', `/v2/status/${CHARGER}`)).body.status).toBe('OFFLINE');
    await call('PATCH', `/__sandbox/devices/${CHARGER}`, { online: true, fault: 'GroundFailure' });
    const ocpp = (await call('GET', `${V2}/devices/ocpp-charger/${CHARGER}/status`)).body;
    expect(ocpp).toMatchObject({
      status: 'FAULTED',
      errorCode: 'GroundFailure',
      heartbeatTimestamp: '2025-03-14T15:15:00Z',
    });
    const bad = await call('PATCH', `/__sandbox/devices/${CHARGER}`, { fault: 'Sparks' });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('Field "fault"') } });
    expect((await call('PATCH', '/__sandbox/devices/dev-none', { online: true })).status).toBe(404);
  });
});

describe('devices and integrations (vehicles/smartcar.mdx, chargers.mdx, smart-heating.mdx)', () => {
  it('Smartcar: an authCode names a car: CREATED, ALREADY_ADDED for the same user, CONFLICT for another', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const first = await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, { 'x-user-id': 'user-1' });
    expect(first.body.status).toBe('CREATED');
    const again = await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, { 'x-user-id': 'user-1' });
    expect(again.body).toMatchObject({ status: 'ALREADY_ADDED', deviceId: first.body.deviceId });
    const other = await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, { 'x-user-id': 'user-2' });
    expect(other.body.status).toBe('CONFLICT');
    expect(other.body.deviceId).toBeUndefined();
    // A new car has no preferences (404 until set) and its own status.
    expect((await call('GET', `${V2}/devices/${first.body.deviceId}/smart-charging/ev-preferences`)).status).toBe(404);
    expect((await call('GET', `/v1/kilowise/devices/${first.body.deviceId}/status`)).body.id).toBe(first.body.deviceId);
  });

  it('Enode: linking gives the consent URL, and in the sandbox the car is there at once; revoked access is OFFLINE (vehicles/enode.mdx)', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const headers = { 'X-User-Id': 'user-7' };
    const linked = await call(
      'POST',
      '/v2/telematica/register-account',
      { redirectUrl: 'https://app.example.com/enode' },
      headers,
    );
    expect(linked.body.authorizationUrl).toMatch(/^https:\/\/link\.enode\.io\//);
    await call('POST', '/v2/telematica/register-account', { redirectUrl: 'https://app.example.com/enode' }, headers);
    const devices = (await call('GET', `${V2}/devices?userId=user-7`)).body as { id: string; integration: string }[];
    expect(devices.map((device) => device.integration)).toEqual(['TELEMATICA']);
    const carId = devices[0]?.id ?? '';
    expect((await call('GET', `${V2}/devices/${carId}/smart-charging/ev-preferences`)).status).toBe(404);
    await call('PATCH', `/__sandbox/devices/${carId}`, { online: false });
    expect((await call('GET', `/v2/status/${carId}`)).body.status).toBe('OFFLINE');
  });

  it('a status update is 202, then 429 within five minutes', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const update = `/v1/kilowise/devices/smartcar/${CAR}/status`;
    expect((await call('POST', update)).status).toBe(202);
    expect((await call('POST', update)).status).toBe(429);
    await call('POST', '/__sandbox/clock', { advance: 'PT5M' });
    expect((await call('POST', update)).status).toBe(202);
  });

  it('Wallbox: the test credentials link the account; wrong ones are 400', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const headers = { 'X-User-Id': 'user-1' };
    expect((await call('GET', '/v2/wallbox/chargers', undefined, headers)).status).toBe(400);
    const wrong = await call(
      'POST',
      '/v2/wallbox/register-account',
      { username: 'anna@example.com', password: 'guess' },
      headers,
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Wallbox rejected the credentials' } });
    const right = { username: 'anna@example.com', password: 'the-users-wallbox-password' };
    expect((await call('POST', '/v2/wallbox/register-account', right, headers)).status).toBe(204);
    expect((await call('GET', '/v2/wallbox/chargers', undefined, headers)).body[0].uid).toBe('PLP1-0123456');
  });

  it('operations for one kind of device refuse another kind: 404, or the documented 400', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    expect((await call('GET', `${V2}/devices/heat-pump/${CAR}/status`)).status).toBe(404);
    expect((await call('GET', `${V2}/devices/${HEAT_PUMP}/smart-charging/ev-preferences`)).status).toBe(404);
    expect((await call('GET', `${V2}/devices/ocpp-charger/${CAR}/status`)).status).toBe(404);
    expect(
      (await call('PATCH', `${V2}/devices/${CAR}/smart-heating/preferences`, { minComfortLimit: 20 })).status,
    ).toBe(400);
    expect((await call('GET', `/v1/kilowise/devices/${CHARGER}/status`)).status).toBe(404);
  });

  it('a smart-heated heat pump heats towards the max limit in the cheapest hours, and its status moves with the clock', async () => {
    const { call } = await at('2025-03-14T12:00:00+01:00');
    const schedule = (await call('GET', `${V2}/devices/${HEAT_PUMP}/smart-heating/schedule`)).body;
    const prices = (
      await call(
        'GET',
        `${V2}/spot-prices/SE3?startDateTime=2025-03-14T00:00:00%2B01:00&endDateTime=2025-03-15T00:00:00%2B01:00`,
      )
    ).body as Record<string, number>;
    const steering = schedule.steeringPeriods as Record<string, number>;
    const cheapest = Object.entries(prices)
      .sort((a, b) => a[1] - b[1])
      .slice(0, 8)
      .map(([hour]) => hour)
      .sort();
    expect(
      Object.keys(steering)
        .filter((hour) => steering[hour] === 1)
        .sort(),
    ).toEqual(cheapest);
    const status = async () => (await call('GET', `${V2}/devices/heat-pump/${HEAT_PUMP}/status`)).body;
    const temperatures = new Set<number>();
    for (let hour = 0; hour < 6; hour += 1) {
      temperatures.add((await status()).roomTemperature);
      await call('POST', '/__sandbox/clock', { advance: 'PT2H' });
    }
    expect(temperatures.size).toBeGreaterThan(1);
    await call('PATCH', `${V2}/devices/${HEAT_PUMP}/smart-heating/preferences`, {
      heatingBehavior: 'SMART_HEATING_OFF',
    });
    expect((await call('GET', `${V2}/devices/${HEAT_PUMP}/smart-heating/schedule`)).status).toBe(404);
  });
});

describe('every operation, success and error paths, answers within the contract', () => {
  it('with the examples, without a key, and for a device that does not exist', async () => {
    const sandbox = createSandbox(contract);
    for (const operation of contract.operations) {
      const draft = initialDraft(operation);
      const request = httpRequestOf(operation, draft, contract.serverUrl);
      const send = async (headers: Headers, url = request.url) => {
        const response = await sandbox.handle(
          new Request(url, { method: request.method, headers, body: request.body }),
        );
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      };
      const withKey = new Headers(request.headers);
      withKey.set('x-api-key', 'k');
      const path = new URL(request.url).pathname + new URL(request.url).search;
      const basePath = new URL(contract.serverUrl).pathname.replace(/\/$/, '');
      const check = (reply: Reply) => expectContract(request.method, path.slice(basePath.length), reply);
      check(await send(withKey));
      const unauthorised = await send(new Headers(request.headers));
      expect(unauthorised.status, operation.operationId).toBe(401);
      check(unauthorised);
      if (operation.path.includes('{deviceId}')) {
        const missing = await send(withKey, request.url.replace(/dev-[0-9a-f]{6}/, 'dev-000000'));
        expect(missing.status, operation.operationId).toBe(404);
        check(missing);
      }
    }
  });
});

describe("a 404 means what the contract's text for it says (environments-limits-and-retries.mdx, Two kinds of 404)", () => {
  /** Each operation's 404 text, its `$ref` followed: the operation contract keeps no descriptions. */
  function notFoundTexts(): Map<string, string> {
    const document = parseYaml(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
      components: { responses: Record<string, { description: string }> };
    };
    const texts = new Map<string, string>();
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item)) {
        const answer = operation.responses?.['404'] as { $ref?: string; description?: string } | undefined;
        if (!operation.operationId || !answer) continue;
        const ref = answer.$ref?.split('/').at(-1);
        texts.set(
          operation.operationId,
          (ref ? document.components.responses[ref]?.description : answer.description) ?? '',
        );
      }
    return texts;
  }

  it('a device that exists with nothing to show answers 404 exactly where the text says "or it has no …"', async () => {
    const texts = notFoundTexts();
    const { sandbox, call } = await at('2025-03-14T16:00:00+01:00');
    const user = { 'x-user-id': 'user-nothing-yet' };
    await call('POST', `${V2}/users/user-nothing-yet/locations`, home);
    const car = (await call('POST', '/v1/kilowise/devices/smartcar/connect', newCar, user)).body.deviceId;
    const charger = (
      await call(
        'POST',
        `${V2}/devices/register-charger`,
        { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0999999', autoSetupOCPPConnection: false },
        user,
      )
    ).body.id;
    const mismatches: string[] = [];
    // Deleting comes last: the others need the car.
    const operations = contract.operations
      .filter((operation) => operation.path.includes('{deviceId}') && texts.has(operation.operationId))
      .filter((operation) => !/smart-heating|heat-pump/.test(operation.path))
      .sort((a, b) => Number(a.operationId === 'deleteDevice') - Number(b.operationId === 'deleteDevice'));
    for (const operation of operations) {
      const deviceId = operation.path.includes('ocpp-charger') ? charger : car;
      const request = httpRequestOf(operation, initialDraft(operation), contract.serverUrl);
      const response = await sandbox.handle(
        new Request(request.url.replace(/dev-[0-9a-f]{6}/, deviceId), {
          method: request.method,
          headers: { ...Object.fromEntries(new Headers(request.headers)), 'x-api-key': 'key-a', ...user },
          body: request.body,
        }),
      );
      const claims = /\bor it has no\b/i.test(texts.get(operation.operationId) ?? '');
      if ((response.status === 404) !== claims)
        mismatches.push(
          `${operation.operationId}: ${response.status} for a device with nothing to show; its 404 text: ${texts.get(operation.operationId)}`,
        );
    }
    expect(mismatches).toEqual([]);
  });

  it('the Smartcar operations are 404 for a car that came through another integration', async () => {
    const { call } = await at('2025-03-14T16:00:00+01:00');
    await call('POST', `${V2}/users/user-enode/locations`, home);
    await call(
      'POST',
      '/v2/telematica/register-account',
      { redirectUrl: 'https://app.example.com/enode' },
      {
        'x-user-id': 'user-enode',
      },
    );
    const enodeCar = (await call('GET', `${V2}/devices?userId=user-enode`)).body[0].id;
    expect((await call('GET', `/v1/kilowise/devices/smartcar/${enodeCar}/status`)).status).toBe(404);
    expect((await call('POST', `/v1/kilowise/devices/smartcar/${enodeCar}/status`)).status).toBe(404);
    expect((await call('GET', `/v1/kilowise/devices/smartcar/${enodeCar}/capabilities`)).status).toBe(404);
  });
});

describe('the planner', () => {
  it('plans a 48-hour schedule in the cheapest hours, never above the power', () => {
    const now = Date.parse('2025-03-14T18:00:00Z');
    const hourly = planCharging({
      now,
      socPercent: 10,
      targetPercent: 90,
      minimalPercent: 20,
      capacityKwh: 77,
      powerKw: 7.4,
      readyAt: now + 48 * 3_600_000,
      priceOf: (hour) => ((hour / 3_600_000) % 24) / 100,
    });
    const values = Object.values(hourly);
    expect(values.reduce((sum, kwh) => sum + kwh, 0)).toBeCloseTo(0.8 * 77, 1);
    expect(Math.max(...values)).toBeLessThanOrEqual(7.4);
    // The minimal SoC (10 % → 20 %, 7.7 kWh) is charged at once, from the first hour.
    expect(hourly[String(now)]).toBe(7.4);
  });

  it('knows when prices are published: tomorrow from 13:00 CET, 12:00 UTC in winter', () => {
    const se3 = SPOT_PRICE_AREAS.find((area) => area.id === 'SE3');
    if (!se3) throw new Error('no SE3');
    expect(publishedUntil(se3, Date.parse('2025-01-10T11:59:00Z'))).toBe(Date.parse('2025-01-11T00:00:00+01:00'));
    expect(publishedUntil(se3, Date.parse('2025-01-10T12:00:00Z'))).toBe(Date.parse('2025-01-12T00:00:00+01:00'));
  });
});

describe("the sandbox's own limits bound a world (#38)", () => {
  it('refuses long member names, objects of many members and long bodies, which the contract lets through (third probe)', async () => {
    const call = client(createSandbox(contract), 'members');
    const put = (targetSoC: unknown) =>
      call('PUT', `${V2}/devices/${CHARGER}/smart-charging/ocpp-charger-preferences`, {
        chargingBehavior: 'SMART_CHARGE_ON',
        targetSoC,
      });
    // The probe's body: one extra member with a 990 KB name, which the sandbox stored as sent.
    const longName = await put({ value: 80, unit: 'PERCENT', ['k'.repeat(101)]: 1 });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe(
      `Request body: a member name in field "targetSoC" is longer than the sandbox's limit of 100 characters`,
    );
    const many = await put({
      value: 80,
      unit: 'PERCENT',
      ...Object.fromEntries([...Array(49).keys()].map((index) => [`m${index}`, index])),
    });
    expect(many.body.message).toBe(`Request body: field "targetSoC" has more than the sandbox's limit of 50 members`);
    const nested = {
      value: 80,
      unit: 'PERCENT',
      a: Object.fromEntries([...Array(50).keys()].map((i) => [`m${i}`, 'x'.repeat(500)])),
    };
    const long = await put({ ...nested, b: nested.a, c: nested.a });
    expect(long.body.message).toBe("Request body is longer than the sandbox's limit of 64000 characters as JSON");
    // What the contract names still fits.
    expect((await put({ value: 80, unit: 'PERCENT' })).status).toBe(200);
  });

  it('filled to every limit with the longest text, a world holds about 1 MB, and the next write is refused naming the limit', async () => {
    const sandbox = createSandbox(contract);
    const call = client(sandbox, 'full');
    const text = 'x'.repeat(500);
    const tariffInfo = { electricalUtilityProvider: text, meterId: text, tariff: text };
    // The sample user is one of the 100.
    for (let user = 0; user < 99; user += 1) {
      expect((await call('PUT', `${V2}/users/user-${user}/data`, tariffInfo)).status).toBe(200);
    }
    expect((await call('PUT', `${V2}/users/one-too-many/data`, tariffInfo)).body.message).toContain(
      'at most 100 users',
    );
    for (let index = 0; index < 99; index += 1) {
      const added = await call('POST', `${V2}/users/user-${Math.floor(index / 20)}/locations`, {
        ...home,
        name: text,
        streetAddress: text,
        city: text,
        tariffInfo,
      });
      expect(added.status, added.body.message).toBe(200);
    }
    expect((await call('POST', `${V2}/users/user-9/locations`, home)).body.message).toContain('at most 100 locations');
    for (let index = 0; index < 47; index += 1) {
      const registered = await call(
        'POST',
        `${V2}/devices/register-charger`,
        {
          name: text,
          vendor: 'WALLBOX',
          vendorDeviceId: `SN-${index}-${text.slice(0, 400)}`,
          autoSetupOCPPConnection: false,
        },
        { 'X-User-Id': 'user-4711' },
      );
      expect(registered.status, registered.body.message).toBe(200);
    }
    const prices: Record<string, number> = {};
    for (let hour = 0; hour < 24 * 62; hour += 1)
      prices[new Date(Date.UTC(2025, 2, 1) + hour * 3_600_000).toISOString().replace('.000Z', 'Z')] = -10.123456;
    for (const area of SPOT_PRICE_AREAS)
      expect((await call('POST', `${V2}/spot-prices/${area.id}`, prices)).status).toBe(204);
    // Sessions too: the sample car charges every night for three weeks.
    for (let day = 0; day < 21; day += 1) {
      await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10, pluggedIn: true });
      await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    }
    const bytes = JSON.stringify(sandbox.world()).length;
    expect(bytes).toBeGreaterThan(500_000);
    expect(bytes).toBeLessThan(1_200_000);
  }, 60_000);
});

describe('dates that do not exist and prices no market has (third probe)', () => {
  it('refuses 2025-02-30 and 24:00 on the clock, where they rolled over into the next month or day', async () => {
    const call = client(createSandbox(contract), 'dates');
    for (const now of [
      '2025-02-30T00:00:00Z',
      '2025-03-01T24:00:00Z',
      '2025-13-01T00:00:00Z',
      '2025-03-01T10:00:00+24:00',
    ]) {
      const answer = await call('POST', '/__sandbox/clock', { now });
      expect(answer.status, now).toBe(400);
      expect(answer.body.message, now).toMatch(/^Field "now" must be a date-time that exists/);
    }
    expect((await call('POST', '/__sandbox/clock', { now: '2024-02-29T23:59:59+01:00' })).status).toBe(200);
  });

  it('refuses test prices that are not finite or past 100,000 EUR/MWh, and price queries outside 2000 to 2099', async () => {
    const call = client(createSandbox(contract), 'prices');
    for (const price of [1e308, -100_001]) {
      const answer = await call('POST', `${V2}/spot-prices/SE3`, { '2025-01-01T00:00:00Z': price });
      expect(answer.status, String(price)).toBe(400);
      expect(answer.body.message).toBe(
        'Request body: field "2025-01-01T00:00:00Z" must be a price in EUR/MWh from -100000 to 100000',
      );
    }
    expect((await call('POST', `${V2}/spot-prices/SE3`, { '2025-01-01T00:00:00Z': -100_000 })).status).toBe(204);
    const old = await call(
      'GET',
      `${V2}/spot-prices/SE3?startDateTime=0001-01-01T00:00:00Z&endDateTime=0001-01-02T00:00:00Z`,
    );
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/years 2000 to 2099/);
  });
});
