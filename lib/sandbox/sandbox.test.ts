import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { httpRequestOf, initialDraft, type RequestDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { answerControl } from './controls';
import { createRequestLog } from './request-log';
import { createSandbox, SANDBOX_HEADER, type Sandbox } from './sandbox';
import { createSchemaValidator } from './validator';
import { testTab } from './test-client';

let contract: OperationContract;
const NOW = new Date('2025-03-14T12:00:00Z');

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

const operation = (operationId: string): ContractOperation => {
  const found = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

/** Sends the operation with the contract's examples, changed by `values` and `body`, with a key. */
async function send(
  sandbox: Sandbox,
  operationId: string,
  change: Partial<RequestDraft> = {},
  apiKey: string | null = 'test-key',
) {
  const op = operation(operationId);
  const draft = initialDraft(op);
  const request = httpRequestOf(
    op,
    { values: { ...draft.values, ...change.values }, body: change.body ?? draft.body },
    contract.serverUrl,
  );
  const headers = new Headers(request.headers);
  if (apiKey) headers.set('x-api-key', apiKey);
  const response = await sandbox.handle(
    new Request(request.url, { method: request.method, headers, body: request.body }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

/** The answer matches a response the operation documents, status and schema. */
function expectDocumented(op: ContractOperation, answer: { status: number; body: unknown }) {
  const documented = op.responses.find((response) => response.status === String(answer.status));
  expect(documented, `${op.operationId} answered ${answer.status}, which it does not document`).toBeDefined();
  if (documented?.schema === undefined) return;
  const problem = createSchemaValidator(contract.defs).check(documented.schema, answer.body);
  expect(problem, `${op.operationId} ${answer.status}: ${JSON.stringify(problem)}`).toBeUndefined();
}

const fresh = () => createSandbox(contract, { now: () => NOW });

describe('a refused command', () => {
  it('as /docs/sandbox says of the clock, leaves the sandbox unchanged: 400 and 404 never stop the clock going back', async () => {
    const sandbox = fresh();
    const clock = (body: unknown) =>
      sandbox.handle(
        new Request('http://sandbox.test/__sandbox/clock', {
          method: 'POST',
          headers: { 'x-api-key': 'test-key' },
          body: JSON.stringify(body),
        }),
      );
    expect((await clock({ now: '2025-03-14T12:00:00Z' })).status).toBe(200);
    expect((await send(sandbox, 'addLocation', { body: '{"name": "Cabin"}' })).status).toBe(400);
    expect((await send(sandbox, 'startCharging', { values: { 'path:deviceId': 'dev-none' } })).status).toBe(404);
    expect(sandbox.world().touched).toBe(false);
    expect((await clock({ now: '2025-03-13T12:00:00Z' })).status).toBe(200);
    expect((await send(sandbox, 'startCharging')).status).toBe(204);
    expect(sandbox.world().touched).toBe(true);
    expect((await clock({ now: '2025-03-12T12:00:00Z' })).status).toBe(400);
  });
});

describe('the sandbox answers every operation of the contract as documented', () => {
  it('with the examples: a documented 2xx whose body validates against the response schema', async () => {
    for (const op of contract.operations) {
      const answer = await send(fresh(), op.operationId);
      expect(answer.status, `${op.operationId}: ${JSON.stringify(answer.body)}`).toBeLessThan(400);
      expectDocumented(op, answer);
      expect(answer.headers.get(SANDBOX_HEADER)).toBe('true');
    }
  });

  it('without an API key: 401 with an Error body, for every operation', async () => {
    for (const op of contract.operations) {
      const answer = await send(fresh(), op.operationId, {}, null);
      expect(answer.status, op.operationId).toBe(401);
      expect(answer.body).toEqual({ message: expect.stringContaining('x-api-key') });
      expectDocumented(op, answer);
    }
  });

  it('gives 400 naming the parameter when a required one is missing', async () => {
    for (const op of contract.operations) {
      const required = op.parameters.find((parameter) => parameter.required && parameter.in !== 'path');
      if (!required) continue;
      const answer = await send(fresh(), op.operationId, { values: { [`${required.in}:${required.name}`]: '' } });
      expect(answer.status, op.operationId).toBe(400);
      expect(answer.body).toEqual({ message: `Parameter "${required.name}" (${required.in}) is required` });
      expectDocumented(op, answer);
    }
  });

  it('gives the documented 400 for a body of the wrong shape, for every operation that takes one', async () => {
    const withBody = contract.operations.filter((op) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const op of withBody) {
      const answer = await send(fresh(), op.operationId, { body: '[]' });
      expect(answer, op.operationId).toMatchObject({
        status: 400,
        body: { message: 'Request body must be object, not array' },
      });
      expectDocumented(op, answer);
    }
  });
});

describe('request checks name the field at fault', () => {
  it('a wrong-typed body field', async () => {
    const body = JSON.stringify({
      name: 'Home',
      coordinates: { latitude: 'north', longitude: 18 },
      countryCode: 'SE',
      postalCode: '11455',
      streetAddress: 'Storgatan 12',
      city: 'Stockholm',
    });
    const answer = await send(fresh(), 'addLocation', { body });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Request body: field "coordinates.latitude" must be number, not string, got "north"' },
    });
  });

  it('a missing body field, a malformed body and a missing body', async () => {
    expect((await send(fresh(), 'addLocation', { body: '{"name":"Home"}' })).body).toEqual({
      message: 'Request body: field "coordinates" is required',
    });
    expect((await send(fresh(), 'addLocation', { body: '{"name":' })).body).toEqual({
      message: expect.stringMatching(/^Request body is not valid JSON: /),
    });
    expect((await send(fresh(), 'addLocation', { body: '' })).body).toEqual({ message: 'Request body is required' });
  });

  it('a body sent as a form or as text, naming the header; JSON by any JSON media type, or with no Content-Type', async () => {
    const op = operation('addLocation');
    const body = initialDraft(op).body;
    const url = httpRequestOf(op, initialDraft(op), contract.serverUrl).url;
    const post = async (headers: Record<string, string>) => {
      const answer = await fresh().handle(
        new Request(url, { method: 'POST', headers: { 'x-api-key': 'test-key', ...headers }, body }),
      );
      return { status: answer.status, body: (await answer.json()) as unknown };
    };
    expect(await post({ 'content-type': 'application/x-www-form-urlencoded' })).toEqual({
      status: 400,
      body: {
        message:
          'Header "Content-Type" is application/x-www-form-urlencoded, but the body is application/json: send Content-Type: application/json',
      },
    });
    expect((await post({ 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(400);
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json'])
      expect((await post({ 'content-type': type })).status, type).toBe(200);
    const bare = new Request(url, { method: 'POST', headers: { 'x-api-key': 'test-key' }, body });
    // A string body gets text/plain from fetch itself; a request with none at all is read as JSON.
    bare.headers.delete('content-type');
    expect((await fresh().handle(bare)).status).toBe(200);
  });

  it('an out-of-range integer and a wrong-typed query parameter', async () => {
    const prefs = JSON.parse(initialDraft(operation('updateEvPreferences')).body) as Record<string, unknown>;
    const answer = await send(fresh(), 'updateEvPreferences', { body: JSON.stringify({ ...prefs, targetSoC: 120 }) });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Request body: field "targetSoC" must be at most 100, got 120' },
    });
    const refresh = await send(fresh(), 'getSmartcarCapabilities', { values: { 'query:forceRefresh': 'yes' } });
    expect(refresh).toMatchObject({
      status: 400,
      body: { message: 'Parameter "forceRefresh" (query) must be true or false, got "yes"' },
    });
  });

  it('a name that is not valid Unicode is 400 naming its object, where the validator failed with 500', async () => {
    const prefs = JSON.parse(initialDraft(operation('updateEvPreferences')).body) as Record<string, unknown>;
    const body = JSON.stringify({ ...prefs, weekDaySpecificReadyTimes: { SATURDAY: '10:30' } }).replace(
      '"SATURDAY"',
      '"\\ud800"',
    );
    expect(await send(fresh(), 'updateEvPreferences', { body })).toMatchObject({
      status: 400,
      body: {
        message:
          'Request body: field "weekDaySpecificReadyTimes" has a name that is not valid Unicode (a lone surrogate)',
      },
    });
  });

  it('an unknown path is 404 and a wrong method 405, each with an Error body', async () => {
    const sandbox = fresh();
    const headers = { 'x-api-key': 'k' };
    const unknown = await sandbox.handle(new Request(`${contract.serverUrl}/v2/kilowise/nothing`, { headers }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No operation of the API matches GET /v2/kilowise/nothing' });
    const wrong = await sandbox.handle(
      new Request(`${contract.serverUrl}/v2/kilowise/countries`, { method: 'DELETE', headers }),
    );
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});

describe('state persists like the API', () => {
  const home = {
    name: 'Cabin',
    coordinates: { latitude: 63.1, longitude: 14.6 },
    countryCode: 'SE',
    postalCode: '83013',
    streetAddress: 'Fjällvägen 3',
    city: 'Åre',
  };

  it('add, list, update, read and delete a location; then it is a 404 with the Error body', async () => {
    const sandbox = fresh();
    const added = await send(sandbox, 'addLocation', { body: JSON.stringify(home) });
    expect(added.status).toBe(200);
    const { id, spotPriceAreaId } = added.body as { id: string; spotPriceAreaId: string };
    expect(spotPriceAreaId).toBe('SE2');
    const listed = (await send(sandbox, 'getLocations')).body as { id: string }[];
    expect(listed.map((location) => location.id)).toContain(id);

    const updated = await send(sandbox, 'updateLocation', {
      values: { 'path:id': id },
      body: JSON.stringify({ ...home, postalCode: '21120', city: 'Malmö' }),
    });
    expect(updated.body).toMatchObject({ id, city: 'Malmö', spotPriceAreaId: 'SE4' });
    const tariff = await send(sandbox, 'updateLocationTariffInfo', { values: { 'path:id': id } });
    expect(tariff.body).toMatchObject({ id, tariffInfo: { tariff: expect.any(String) } });
    expectDocumented(operation('updateLocationTariffInfo'), tariff);

    expect((await send(sandbox, 'deleteLocation', { values: { 'path:id': id } })).status).toBe(204);
    const gone = await send(sandbox, 'deleteLocation', { values: { 'path:id': id } });
    expect(gone).toMatchObject({ status: 404, body: { message: `Location ${id} not found for user user-4711` } });
    expectDocumented(operation('deleteLocation'), gone);
    expect(
      ((await send(sandbox, 'getLocations')).body as { id: string }[]).map((location) => location.id),
    ).not.toContain(id);
  });

  it("changes only the location named, and only that user's: another user's list is empty", async () => {
    const sandbox = fresh();
    const ids = (await send(sandbox, 'getLocations')).body as { id: string }[];
    const { id } = (await send(sandbox, 'addLocation', { body: JSON.stringify(home) })).body as { id: string };
    await send(sandbox, 'updateLocation', {
      values: { 'path:id': id },
      body: JSON.stringify({ ...home, name: 'Lodge' }),
    });
    const listed = (await send(sandbox, 'getLocations')).body as { id: string; name: string }[];
    expect(listed.map((location) => location.id)).toEqual([...ids.map((location) => location.id), id]);
    expect(listed.at(-1)?.name).toBe('Lodge');
    expect(listed.slice(0, -1)).toEqual(ids);
    await send(sandbox, 'deleteLocation', { values: { 'path:id': id } });
    expect((await send(sandbox, 'getLocations')).body).toEqual(ids);
    const other = await send(sandbox, 'getLocations', { values: { 'path:userId': 'user-0001' } });
    expect(other).toMatchObject({ status: 200, body: [] });
  });

  it("a PUT of preferences keeps the behaviour it replaces, read only, and starting a charger switches the charger's off", async () => {
    const sandbox = fresh();
    const prefs = JSON.parse(initialDraft(operation('updateEvPreferences')).body) as Record<string, unknown>;
    const first = await send(sandbox, 'getEvPreferences');
    // The client's claim below must differ from what is stored, or the test could not tell the two apart.
    expect(first.body).not.toMatchObject({ chargingBehavior: 'SMART_CHARGE_ANYWHERE' });
    const put = await send(sandbox, 'updateEvPreferences', {
      body: JSON.stringify({
        ...prefs,
        chargingBehavior: 'SMART_CHARGE_OFF',
        previousChargingBehavior: 'SMART_CHARGE_ANYWHERE',
      }),
    });
    expect(put.body).toMatchObject({
      chargingBehavior: 'SMART_CHARGE_OFF',
      previousChargingBehavior: (first.body as { chargingBehavior: string }).chargingBehavior,
    });
    const charger = (await send(sandbox, 'registerCharger')).body as { id: string };
    const chargerPrefs = JSON.parse(initialDraft(operation('updateOcppChargerPreferences')).body) as object;
    await send(sandbox, 'updateOcppChargerPreferences', {
      values: { 'path:deviceId': charger.id },
      body: JSON.stringify({ ...chargerPrefs, chargingBehavior: 'SMART_CHARGE_ON' }),
    });
    const evBefore = (await send(sandbox, 'getEvPreferences')).body;
    expect((await send(sandbox, 'startCharging', { values: { 'path:deviceId': charger.id } })).status).toBe(204);
    expect(
      (await send(sandbox, 'getOcppChargerPreferences', { values: { 'path:deviceId': charger.id } })).body,
    ).toMatchObject({ chargingBehavior: 'SMART_CHARGE_OFF' });
    // OcppChargerPreferences has no previousChargingBehavior in the contract, so the answer has none either.
    expect(
      (await send(sandbox, 'getOcppChargerPreferences', { values: { 'path:deviceId': charger.id } })).body,
    ).not.toHaveProperty('previousChargingBehavior');
    expect((await send(sandbox, 'getEvPreferences')).body).toEqual(evBefore);
  });

  it('refuses a location without a spot price area with the documented 400', async () => {
    const answer = await send(fresh(), 'addLocation', { body: JSON.stringify({ ...home, postalCode: '99999' }) });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'No spot price area found for countryCode SE and postalCode 99999' },
    });
    expectDocumented(operation('addLocation'), answer);
  });

  it('keeps its state in the store across sandboxes (a reload) until reset', async () => {
    const tab = testTab();
    const first = createSandbox(contract, tab.options());
    const { id } = (await send(first, 'addLocation', { body: JSON.stringify(home) })).body as { id: string };
    const reloaded = createSandbox(contract, tab.options());
    expect(((await send(reloaded, 'getLocations')).body as { id: string }[]).map((location) => location.id)).toContain(
      id,
    );
    reloaded.reset();
    expect(tab.text()).toBeNull();
    expect(((await send(reloaded, 'getLocations')).body as { id: string }[]).map((location) => location.id)).toEqual([
      'loc-8c1e52',
    ]);
  });

  it('keeps what the controls change in the store too: a reload still has the clock and the device', async () => {
    const tab = testTab();
    const first = createSandbox(contract, { ...tab.options(), now: () => NOW });
    const control = (sandbox: Sandbox, method: string, path: string, body?: unknown) =>
      sandbox.handle(
        new Request(new URL(path, contract.serverUrl), {
          method,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    await control(first, 'POST', '/__sandbox/clock', { advance: 'PT1H' });
    await control(first, 'PATCH', '/__sandbox/devices/dev-5b1f0c', { pluggedIn: false });
    const reloaded = createSandbox(contract, { ...tab.options(), now: () => NOW });
    expect(await (await control(reloaded, 'GET', '/__sandbox/clock')).json()).toEqual({
      now: '2025-03-14T13:00:00.000Z',
    });
    expect(await (await control(reloaded, 'GET', '/__sandbox/devices/dev-5b1f0c')).json()).toMatchObject({
      pluggedIn: false,
      status: 'CABLE_UNPLUGGED',
    });
    await control(reloaded, 'POST', '/__sandbox/reset');
    expect(tab.text()).toBeNull();
  });

  it('reads the clock of a sandbox nobody has used without making its world (the playground reads it at load)', () => {
    const host = {
      world: () => {
        throw new Error('the world was made');
      },
      made: () => undefined,
      replace: () => {},
      realNow: () => NOW.getTime(),
      contract: { title: 'Kilowise', version: '1' },
      requests: createRequestLog(),
    };
    expect(answerControl(host, 'GET', '/__sandbox/clock', '')).toEqual({
      status: 200,
      body: { now: NOW.toISOString() },
    });
  });

  it('registers a charger, reads and deletes it; the deleted device is a 404 everywhere', async () => {
    const sandbox = fresh();
    const charger = (await send(sandbox, 'registerCharger')).body as { id: string; type: string };
    expect(charger.type).toBe('EV_CHARGER');
    const devices = (await send(sandbox, 'getDevices')).body as { id: string }[];
    expect(devices.map((device) => device.id)).toContain(charger.id);
    expect((await send(sandbox, 'deleteDevice', { values: { 'path:deviceId': charger.id } })).status).toBe(204);
    for (const operationId of ['getDevice', 'getOcppChargerPreferences', 'getChargingSchedule']) {
      const answer = await send(sandbox, operationId, { values: { 'path:deviceId': charger.id } });
      expect(answer, operationId).toMatchObject({ status: 404, body: { message: `Device ${charger.id} not found` } });
    }
  });

  it('stores preferences; starting charging switches smart charging off', async () => {
    const sandbox = fresh();
    const prefs = JSON.parse(initialDraft(operation('updateEvPreferences')).body) as Record<string, unknown>;
    await send(sandbox, 'updateEvPreferences', {
      body: JSON.stringify({ ...prefs, chargingBehavior: 'SMART_CHARGE_ANYWHERE', targetSoC: 90 }),
    });
    expect((await send(sandbox, 'getEvPreferences')).body).toMatchObject({
      chargingBehavior: 'SMART_CHARGE_ANYWHERE',
      targetSoC: 90,
    });
    expect((await send(sandbox, 'startCharging')).status).toBe(204);
    const after = await send(sandbox, 'getEvPreferences');
    expect(after.body).toMatchObject({
      chargingBehavior: 'SMART_CHARGE_OFF',
      previousChargingBehavior: 'SMART_CHARGE_ANYWHERE',
      targetSoC: 90,
    });
    expectDocumented(operation('getEvPreferences'), after);
  });

  it('merges a heating PATCH and refuses limits that cross with the documented 400', async () => {
    const sandbox = fresh();
    const patched = await send(sandbox, 'updateHeatingPreferences', { body: JSON.stringify({ maxComfortLimit: 23 }) });
    expect(patched.body).toMatchObject({ maxComfortLimit: 23, minComfortLimit: expect.any(Number) });
    const crossed = await send(sandbox, 'updateHeatingPreferences', { body: JSON.stringify({ minComfortLimit: 25 }) });
    expect(crossed).toMatchObject({
      status: 400,
      body: { message: 'minComfortLimit must not be above maxComfortLimit (25 > 23)' },
    });
  });

  it('replaces user data and deletes it', async () => {
    const sandbox = fresh();
    await send(sandbox, 'updateUserData', { body: JSON.stringify({ tariff: 'Fixed 2026' }) });
    expect((await send(sandbox, 'getUserData')).body).toEqual({ tariff: 'Fixed 2026' });
    await send(sandbox, 'deleteUserData');
    expect((await send(sandbox, 'getUserData')).body).toEqual({});
  });

  it('serves posted test prices per kWh, and modelled prices elsewhere', async () => {
    const sandbox = fresh();
    await send(sandbox, 'setTestSpotPrices', { body: JSON.stringify({ '2025-03-14T18:00:00+01:00': 250 }) });
    const prices = (await send(sandbox, 'getSpotPrices')).body as Record<string, number>;
    expect(Object.keys(prices)).toEqual([
      '2025-03-14T17:00:00+01:00',
      '2025-03-14T18:00:00+01:00',
      '2025-03-14T19:00:00+01:00',
      '2025-03-14T20:00:00+01:00',
    ]);
    expect(prices['2025-03-14T18:00:00+01:00']).toBe(0.25);
    const future = await send(sandbox, 'getSpotPrices', {
      values: { 'query:startDateTime': '2030-01-01T00:00:00Z', 'query:endDateTime': '2030-01-02T00:00:00Z' },
    });
    expect(future).toMatchObject({
      status: 404,
      body: { message: 'No spot prices for SE3 between 2030-01-01T00:00:00Z and 2030-01-02T00:00:00Z' },
    });
  });
});

describe('the sandbox follows the contract where a request leaves something out', () => {
  it("takes a parameter's default: the Smartcar authorization URL is for FI and live mode without countryCode and mode", async () => {
    const answer = await send(fresh(), 'getSmartcarAuthorizationUrl', {
      values: { 'query:countryCode': '', 'query:mode': '', 'query:manufacturer': '' },
    });
    expect(answer.status).toBe(200);
    const url = new URL((answer.body as { authorizationUrl: string }).authorizationUrl);
    expect(url.searchParams.get('country')).toBe('FI');
    expect(url.searchParams.get('mode')).toBe('live');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/smartcar/callback');
    expect(url.searchParams.has('make')).toBe(false);
  });

  it('and what the request asks for when it sends them', async () => {
    const answer = await send(fresh(), 'getSmartcarAuthorizationUrl', {
      values: { 'query:countryCode': 'SE', 'query:mode': 'test', 'query:manufacturer': 'VOLVO' },
    });
    const url = new URL((answer.body as { authorizationUrl: string }).authorizationUrl);
    expect([url.searchParams.get('country'), url.searchParams.get('mode'), url.searchParams.get('make')]).toEqual([
      'SE',
      'test',
      'VOLVO',
    ]);
  });
});

describe('the sandbox holds the Wallbox guide to the contract', () => {
  it("refuses a Wallbox charger's numeric id as vendorDeviceId, naming the uid to send instead", async () => {
    const example = operation('getWallboxChargers').responses.find((response) => response.status === '200')?.example;
    const [charger] = (Array.isArray(example) ? example : []) as { id: number; uid: string }[];
    if (!charger) throw new Error('the contract lists no Wallbox charger');
    const body = (vendorDeviceId: string) =>
      JSON.stringify({ name: 'Garage', vendor: 'WALLBOX', vendorDeviceId, autoSetupOCPPConnection: true });
    const wrong = await send(fresh(), 'registerCharger', { body: body(String(charger.id)) });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(`register it with its uid, ${charger.uid}`) },
    });
    expect((await send(fresh(), 'registerCharger', { body: body(charger.uid) })).status).toBe(200);
  });
});
