// Numbers as the contract bounds them (#55): a number past a double's range (`1e400`), a latitude of 1000, a negative
// battery capacity and a percentage past 100 are 400s naming the field, through the sandbox as a partner sends them;
// and a user id past the sandbox's length is a 400, not a sandbox grown to its store's limit.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { CABIN } from '../../scripts/testing/locations';
import { CONTRACT_BOUNDS, MAX_KWH, nonFiniteAt, withContractBounds } from './bounds';
import { SAMPLE_CAR, SAMPLE_CHARGER } from './domain/seed';
import { createSandbox, type Sandbox } from './sandbox';

let contract: OperationContract;
let sandbox: Sandbox;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

/** Sends `body` as its text: `1e400` must reach the sandbox as JSON has it, not as JavaScript would write it. */
async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await sandbox.handle(
    new Request(`${contract.serverUrl}${path}`, {
      method,
      headers: { 'x-api-key': 'bounds', 'content-type': 'application/json', ...headers },
      body,
    }),
  );
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

const LOCATIONS = '/v2/kilowise/users/user-4711/locations';
const location = (latitude: string) =>
  JSON.stringify({ ...CABIN, coordinates: { latitude: 0, longitude: 16.4 } }).replace(
    '"latitude":0',
    `"latitude":${latitude}`,
  );

describe('numbers the contract bounds', () => {
  beforeAll(() => {
    sandbox = createSandbox(contract, { now: () => new Date('2025-03-14T12:00:00Z') });
  });

  it('refuses 1e400 (past a double) naming the field, and stores nothing as null', async () => {
    expect(await send('POST', LOCATIONS, location('1e400'))).toEqual({
      status: 400,
      body: {
        message:
          'Request body: field "coordinates.latitude" is a number past the largest a double holds (1e400 or the like)',
      },
    });
    expect(await send('POST', LOCATIONS, location('-1e400'))).toMatchObject({ status: 400 });
    const stored = await send('GET', LOCATIONS);
    expect(JSON.stringify(stored.body)).not.toContain('null');
  });

  it('refuses a latitude or longitude off the globe, and takes its edges', async () => {
    expect(await send('POST', LOCATIONS, location('1000'))).toEqual({
      status: 400,
      body: { message: 'Request body: field "coordinates.latitude" must be at most 90, got 1000' },
    });
    expect((await send('POST', LOCATIONS, location('-90.5'))).body.message).toBe(
      'Request body: field "coordinates.latitude" must be at least -90, got -90.5',
    );
    const east = JSON.stringify({ ...CABIN, coordinates: { latitude: 60, longitude: 180.01 } });
    expect((await send('POST', LOCATIONS, east)).body.message).toBe(
      'Request body: field "coordinates.longitude" must be at most 180, got 180.01',
    );
    expect((await send('POST', LOCATIONS, location('-90'))).status).toBe(200);
  });

  it('refuses a battery capacity of 0 kWh or less, or past the sandbox bound, for a car and a charger', async () => {
    const car = `/v2/kilowise/devices/${SAMPLE_CAR}/smart-charging/ev-preferences`;
    expect(await send('PUT', car, JSON.stringify({ batteryCapacity: -64 }))).toEqual({
      status: 400,
      body: { message: 'Request body: field "batteryCapacity" must be greater than 0, got -64' },
    });
    expect((await send('PUT', car, JSON.stringify({ batteryCapacity: MAX_KWH + 1 }))).body.message).toBe(
      `Request body: field "batteryCapacity" must be at most ${MAX_KWH}, got ${MAX_KWH + 1}`,
    );
    expect((await send('PUT', car, JSON.stringify({ batteryCapacity: 77.5 }))).status).toBe(200);
    const charger = `/v2/kilowise/devices/${SAMPLE_CHARGER}/smart-charging/ocpp-charger-preferences`;
    expect((await send('PUT', charger, JSON.stringify({ batteryCapacity: 0 }))).body.message).toBe(
      'Request body: field "batteryCapacity" must be greater than 0, got 0',
    );
    expect((await send('PUT', charger, JSON.stringify({ efficiency: 1.5 }))).body.message).toBe(
      'Request body: field "efficiency" must be at most 1, got 1.5',
    );
  });

  it('refuses a state of charge past 100 PERCENT (the handler rule) and an energy goal of 0 kWh or less', async () => {
    const charger = `/v2/kilowise/devices/${SAMPLE_CHARGER}/smart-charging/ocpp-charger-preferences`;
    const put = (body: unknown) => send('PUT', charger, JSON.stringify(body));
    expect((await put({ targetSoC: { value: 150, unit: 'PERCENT' } })).body.message).toBe(
      'Request body: field "targetSoC.value" 150 is not a percentage from 0 to 100',
    );
    expect((await put({ targetEnergyTransfer: { value: -30, unit: 'kWh' } })).body.message).toBe(
      'Request body: field "targetEnergyTransfer.value" must be greater than 0, got -30',
    );
    expect((await put({ targetSoC: { value: 250, unit: 'KM' } })).status).toBe(200);
    // The EV's percentages were bounded by the contract already.
    const car = `/v2/kilowise/devices/${SAMPLE_CAR}/smart-charging/ev-preferences`;
    expect((await send('PUT', car, JSON.stringify({ targetSoC: 101 }))).body.message).toBe(
      'Request body: field "targetSoC" must be at most 100, got 101',
    );
  });

  it('refuses a user id past 128 characters, in the path and in the x-user-id header', async () => {
    const long = 'u'.repeat(129);
    expect(await send('GET', `/v2/kilowise/users/${long}/locations`)).toEqual({
      status: 400,
      body: { message: `Parameter "userId" (path) is longer than the sandbox's limit of 128 characters for a user id` },
    });
    expect((await send('GET', `/v2/kilowise/users/${'u'.repeat(128)}/locations`)).status).toBe(200);
    const header = await send('GET', '/v2/wallbox/chargers', undefined, { 'x-user-id': long });
    expect(header).toEqual({
      status: 400,
      body: {
        message: `Parameter "X-User-Id" (header) is longer than the sandbox's limit of 128 characters for a user id`,
      },
    });
  });
});

describe('withContractBounds and nonFiniteAt', () => {
  it('adds each bound only where the schema has the property and no keyword of its own, on a copy', () => {
    const defs = {
      Coordinates: { type: 'object', properties: { latitude: { type: 'number', maximum: 45 }, longitude: {} } },
      Other: { type: 'object', properties: { latitude: { type: 'number' } } },
    };
    const bounded = withContractBounds(defs);
    expect(bounded.Coordinates).toEqual({
      type: 'object',
      properties: {
        latitude: { type: 'number', maximum: 45, minimum: -90 },
        longitude: { minimum: -180, maximum: 180 },
      },
    });
    expect(bounded.Other).toBe(defs.Other);
    expect(defs.Coordinates.properties.latitude).toEqual({ type: 'number', maximum: 45 });
    expect(Object.keys(CONTRACT_BOUNDS).length).toBeGreaterThan(0);
  });

  it('finds the first number that is not finite, by the names on the way to it', () => {
    expect(nonFiniteAt({ a: [1, { b: Infinity }] })).toEqual(['a', '1', 'b']);
    expect(nonFiniteAt(Number.NaN)).toEqual([]);
    expect(nonFiniteAt({ a: [1, 2, 'x', null] })).toBeUndefined();
  });
});
