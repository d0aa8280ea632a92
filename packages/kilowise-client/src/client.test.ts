import { describe, expect, it } from 'vitest';
import { KilowiseApiError, KilowiseClient, KilowiseUsageError, SmartcarCapability, SpotPriceArea } from './index';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  redirect?: RequestRedirect;
}

/** A client whose fetch records each request and answers with `respond`. */
function fakeClient(respond: (sent: Sent) => Response = () => Response.json({}), userId?: string) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      redirect: init?.redirect,
    };
    sent.push(request);
    return respond(request);
  };
  const client = new KilowiseClient({ apiKey: 'key-123', baseUrl: 'https://api.kilowise.io/', userId, fetch });
  return { client, sent };
}

const home = {
  name: 'Home',
  coordinates: { latitude: 59.3293, longitude: 18.0686 },
  countryCode: 'SE',
  postalCode: '11455',
  streetAddress: 'Storgatan 1',
  city: 'Stockholm',
};
const user = { userId: 'user-4711' };
const storedHome = { id: 'loc-1', spotPriceAreaId: 'SE3', ...home };
const charger = { id: 'dev-1', type: 'EV_CHARGER', integration: 'OCPP', createdAt: '2025-03-14T17:40:00Z' };

/** What each method's operation answers with, where an empty object would not have the contract's shape. */
const ANSWERS: Record<string, unknown> = {
  'locations.list': [storedHome],
  'locations.add': storedHome,
  'locations.update': storedHome,
  'locations.setTariffInfo': storedHome,
  'devices.list': [charger],
  'devices.get': charger,
  'devices.registerCharger': charger,
  'smartCharging.listSessions': [],
  'smartHeating.listSessions': [],
  'wallbox.listChargers': [],
  'telematics.registerAccount': { authorizationUrl: 'https://link.enode.io/?session=1' },
  'smartcar.getAuthorizationUrl': { authorizationUrl: 'https://connect.smartcar.com/oauth/authorize?mode=simulated' },
  'smartcar.getCapabilities': ['READ_LOCATION'],
  'smartcar.listMakes': ['VOLVO'],
  'smartcar.listVehicleCapabilities': [],
  'spotPrices.listAreas': [{ id: 'SE3', name: 'Stockholm', countryCode: 'SE' }],
  'referenceData.listCountries': ['SE'],
  'referenceData.listElectricalUtilityProviders': ['Ellevio'],
};

type Call = (client: KilowiseClient) => Promise<unknown>;

/** Every operation: the call, and the request it must send (method, path with query, user id header, body). */
const CASES: [string, Call, string, string, { header?: [string, string]; body?: unknown }?][] = [
  ['locations.list', (c) => c.locations.list(user), 'GET', '/v2/kilowise/users/user-4711/locations'],
  [
    'locations.add',
    (c) => c.locations.add(home, user),
    'POST',
    '/v2/kilowise/users/user-4711/locations',
    { body: home },
  ],
  [
    'locations.update',
    (c) => c.locations.update('loc-1', home, user),
    'PUT',
    '/v2/kilowise/users/user-4711/locations/loc-1',
    { body: home },
  ],
  [
    'locations.remove',
    (c) => c.locations.remove('loc-1', user),
    'DELETE',
    '/v2/kilowise/users/user-4711/locations/loc-1',
  ],
  [
    'locations.setTariffInfo',
    (c) => c.locations.setTariffInfo('loc-1', { tariff: 'Fixed' }, user),
    'PUT',
    '/v2/kilowise/users/user-4711/locations/loc-1/tariff-info',
    { body: { tariff: 'Fixed' } },
  ],
  [
    'locations.removeTariffInfo',
    (c) => c.locations.removeTariffInfo('loc-1', user),
    'DELETE',
    '/v2/kilowise/users/user-4711/locations/loc-1/tariff-info',
  ],
  ['userData.get', (c) => c.userData.get(user), 'GET', '/v2/kilowise/users/user-4711/data'],
  [
    'userData.update',
    (c) => c.userData.update({ meterId: 'm-1' }, user),
    'PUT',
    '/v2/kilowise/users/user-4711/data',
    { body: { meterId: 'm-1' } },
  ],
  ['userData.remove', (c) => c.userData.remove(user), 'DELETE', '/v2/kilowise/users/user-4711/data'],
  ['users.signOut', (c) => c.users.signOut(user), 'POST', '/v2/kilowise/users/user-4711/sign-out'],
  ['devices.list', (c) => c.devices.list(user), 'GET', '/v2/kilowise/devices?userId=user-4711'],
  ['devices.get', (c) => c.devices.get('dev-1'), 'GET', '/v2/kilowise/devices/dev-1'],
  ['devices.remove', (c) => c.devices.remove('dev-1'), 'DELETE', '/v2/kilowise/devices/dev-1'],
  [
    'devices.registerCharger',
    (c) => c.devices.registerCharger({ name: 'Garage', vendor: 'WALLBOX' as never, vendorDeviceId: 'PLP1' }, user),
    'POST',
    '/v2/kilowise/devices/register-charger',
    { header: ['X-User-Id', 'user-4711'], body: { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1' } },
  ],
  ['devices.getSteveUrl', (c) => c.devices.getSteveUrl(), 'GET', '/v2/kilowise/devices/steve-url'],
  [
    'devices.getOcppChargerStatus',
    (c) => c.devices.getOcppChargerStatus('dev-1'),
    'GET',
    '/v2/kilowise/devices/ocpp-charger/dev-1/status',
  ],
  [
    'devices.getHeatPumpStatus',
    (c) => c.devices.getHeatPumpStatus('dev-1'),
    'GET',
    '/v2/kilowise/devices/heat-pump/dev-1/status',
  ],
  ['devices.getStatus', (c) => c.devices.getStatus('dev-1'), 'GET', '/v2/status/dev-1'],
  ['devices.getVehicleStatus', (c) => c.devices.getVehicleStatus('dev-1'), 'GET', '/v1/kilowise/devices/dev-1/status'],
  ['devices.getDemandResponse', (c) => c.devices.getDemandResponse('dev-1'), 'GET', '/v2/demand-response/dev-1'],
  [
    'smartCharging.getEvPreferences',
    (c) => c.smartCharging.getEvPreferences('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-charging/ev-preferences',
  ],
  [
    'smartCharging.updateEvPreferences',
    (c) => c.smartCharging.updateEvPreferences('dev-1', { targetSoC: 80 }),
    'PUT',
    '/v2/kilowise/devices/dev-1/smart-charging/ev-preferences',
    { body: { targetSoC: 80 } },
  ],
  [
    'smartCharging.getOcppChargerPreferences',
    (c) => c.smartCharging.getOcppChargerPreferences('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-charging/ocpp-charger-preferences',
  ],
  [
    'smartCharging.updateOcppChargerPreferences',
    (c) => c.smartCharging.updateOcppChargerPreferences('dev-1', { readyTime: '07:00' }),
    'PUT',
    '/v2/kilowise/devices/dev-1/smart-charging/ocpp-charger-preferences',
    { body: { readyTime: '07:00' } },
  ],
  [
    'smartCharging.listSessions',
    (c) => c.smartCharging.listSessions('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-charging/sessions',
  ],
  [
    'smartCharging.getSchedule',
    (c) => c.smartCharging.getSchedule('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-charging/schedule',
  ],
  [
    'smartCharging.startCharging',
    (c) => c.smartCharging.startCharging('dev-1'),
    'POST',
    '/v2/devices/dev-1/smart-charging/start-charging',
  ],
  [
    'smartCharging.stopCharging',
    (c) => c.smartCharging.stopCharging('dev-1'),
    'POST',
    '/v2/devices/dev-1/smart-charging/stop-charging',
  ],
  [
    'smartHeating.getPreferences',
    (c) => c.smartHeating.getPreferences('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-heating/preferences',
  ],
  [
    'smartHeating.updatePreferences',
    (c) => c.smartHeating.updatePreferences('dev-1', { minComfortLimit: 19 }),
    'PATCH',
    '/v2/kilowise/devices/dev-1/smart-heating/preferences',
    { body: { minComfortLimit: 19 } },
  ],
  [
    'smartHeating.listSessions',
    (c) => c.smartHeating.listSessions('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-heating/sessions',
  ],
  [
    'smartHeating.getSchedule',
    (c) => c.smartHeating.getSchedule('dev-1'),
    'GET',
    '/v2/kilowise/devices/dev-1/smart-heating/schedule',
  ],
  [
    'wallbox.registerAccount',
    (c) => c.wallbox.registerAccount({ username: 'a', password: 'b' }, user),
    'POST',
    '/v2/wallbox/register-account',
    { header: ['X-User-Id', 'user-4711'], body: { username: 'a', password: 'b' } },
  ],
  [
    'wallbox.listChargers',
    (c) => c.wallbox.listChargers(user),
    'GET',
    '/v2/wallbox/chargers',
    { header: ['X-User-Id', 'user-4711'] },
  ],
  [
    'telematics.registerAccount',
    (c) => c.telematics.registerAccount({ redirectUrl: 'https://a.example/x' }, user),
    'POST',
    '/v2/telematica/register-account',
    { header: ['X-User-Id', 'user-4711'], body: { redirectUrl: 'https://a.example/x' } },
  ],
  [
    'smartcar.getAuthorizationUrl',
    (c) =>
      c.smartcar.getAuthorizationUrl({ redirectUri: 'https://a.example/cb', countryCode: 'SE', mode: 'simulated' }),
    'GET',
    '/v1/kilowise/devices/smartcar/authorization-url?redirectUri=https%3A%2F%2Fa.example%2Fcb&countryCode=SE&mode=simulated',
  ],
  [
    'smartcar.connect',
    (c) => c.smartcar.connect({ authCode: 'code', redirectUrl: 'https://a.example/cb' }, user),
    'POST',
    '/v1/kilowise/devices/smartcar/connect',
    { header: ['x-user-id', 'user-4711'], body: { authCode: 'code', redirectUrl: 'https://a.example/cb' } },
  ],
  [
    'smartcar.getCapabilities',
    (c) => c.smartcar.getCapabilities('dev-1', { forceRefresh: true }),
    'GET',
    '/v1/kilowise/devices/smartcar/dev-1/capabilities?forceRefresh=true',
  ],
  [
    'smartcar.requestStatusUpdate',
    (c) => c.smartcar.requestStatusUpdate('dev-1'),
    'POST',
    '/v1/kilowise/devices/smartcar/dev-1/status',
  ],
  ['smartcar.getStatus', (c) => c.smartcar.getStatus('dev-1'), 'GET', '/v1/kilowise/devices/smartcar/dev-1/status'],
  ['smartcar.listMakes', (c) => c.smartcar.listMakes(), 'GET', '/v2/kilowise/vehicles/smartcar/makes'],
  [
    'smartcar.listVehicleCapabilities',
    (c) =>
      c.smartcar.listVehicleCapabilities({
        supporting: [SmartcarCapability.READ_LOCATION, 'READ_BATTERY_CAPACITY'],
        notSupporting: ['EXECUTE_START_AND_STOP'],
      }),
    'GET',
    '/v2/kilowise/vehicles/smartcar/capabilities?supporting=READ_LOCATION%2CREAD_BATTERY_CAPACITY&not_supporting=EXECUTE_START_AND_STOP',
  ],
  [
    'spotPrices.get',
    (c) =>
      c.spotPrices.get(SpotPriceArea.SE3, {
        startDateTime: '2025-03-14T00:00:00+01:00',
        endDateTime: '2025-03-15T00:00:00+01:00',
      }),
    'GET',
    '/v2/kilowise/spot-prices/SE3?startDateTime=2025-03-14T00%3A00%3A00%2B01%3A00&endDateTime=2025-03-15T00%3A00%3A00%2B01%3A00',
  ],
  [
    'spotPrices.setTestPrices',
    (c) => c.spotPrices.setTestPrices('SE3', { '2025-03-14T00:00:00+01:00': 42.1 }),
    'POST',
    '/v2/kilowise/spot-prices/SE3',
    { body: { '2025-03-14T00:00:00+01:00': 42.1 } },
  ],
  [
    'spotPrices.listAreas',
    (c) => c.spotPrices.listAreas({ countryCode: 'SE', postalCode: '11455' }),
    'GET',
    '/v2/kilowise/spot-price-areas?countryCode=SE&postalCode=11455',
  ],
  ['referenceData.listCountries', (c) => c.referenceData.listCountries(), 'GET', '/v2/kilowise/countries'],
  [
    'referenceData.listElectricalUtilityProviders',
    (c) => c.referenceData.listElectricalUtilityProviders(),
    'GET',
    '/v2/electrical-utility-providers',
  ],
  [
    'oauth.exchangeCode',
    (c) => c.oauth.exchangeCode({ code: 'a1' }),
    'POST',
    '/v2/kilowise/oauth/code',
    { body: { code: 'a1' } },
  ],
];

describe('KilowiseClient requests', () => {
  it.each(CASES)('%s sends %s %s with the API key', async (name, call, method, pathAndQuery, expected = {}) => {
    const answer = ANSWERS[name] ?? {};
    const { client, sent } = fakeClient((request) =>
      request.method === 'GET' || expected.body ? Response.json(answer) : new Response(null, { status: 204 }),
    );
    const result = await call(client);
    if (name in ANSWERS) expect(result).toEqual(answer);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe(method);
    expect(`${request?.url.pathname}${request?.url.search}`).toBe(pathAndQuery);
    expect(request?.url.origin).toBe('https://api.kilowise.io');
    expect(request?.headers.get('x-api-key')).toBe('key-123');
    if (expected.header) expect(request?.headers.get(expected.header[0])).toBe(expected.header[1]);
    else expect(request?.headers.has('x-user-id')).toBe(false);
    expect(request?.body).toEqual(expected.body);
    expect(request?.headers.get('content-type')).toBe(expected.body === undefined ? null : 'application/json');
  });

  it('returns the parsed body of a JSON response', async () => {
    const { client } = fakeClient(() => Response.json({ '2025-03-14T00:00:00+01:00': 0.0421 }));
    await expect(client.spotPrices.get('SE3', { startDateTime: 'a', endDateTime: 'b' })).resolves.toEqual({
      '2025-03-14T00:00:00+01:00': 0.0421,
    });
  });

  it('resolves empty responses (204, 202) with undefined', async () => {
    const { client } = fakeClient(() => new Response(null, { status: 202 }));
    await expect(client.smartcar.requestStatusUpdate('dev-1')).resolves.toBeUndefined();
  });

  it('uses the client user id when the call gives none, and the call id over it', async () => {
    const { client, sent } = fakeClient(() => Response.json([]), 'user-bound');
    await client.locations.list();
    await client.wallbox.listChargers({ userId: 'user-other' });
    expect(sent[0]?.url.pathname).toBe('/v2/kilowise/users/user-bound/locations');
    expect(sent[1]?.headers.get('X-User-Id')).toBe('user-other');
  });

  it('encodes path segments', async () => {
    const { client, sent } = fakeClient(() => Response.json(charger));
    await client.devices.get('dev/1 2');
    expect(sent[0]?.url.pathname).toBe('/v2/kilowise/devices/dev%2F1%202');
  });

  it('returns the Location of the OAuth redirect without following it', async () => {
    const { client, sent } = fakeClient(
      () => new Response(null, { status: 302, headers: { location: 'https://auth.kilowise.io/sign-in?x=1' } }),
    );
    await expect(client.oauth.authorize({ state: 's1' })).resolves.toBe('https://auth.kilowise.io/sign-in?x=1');
    expect(sent[0]?.redirect).toBe('manual');
    expect(sent[0]?.url.search).toBe('?state=s1');
  });
});

describe('KilowiseClient errors', () => {
  it('throws KilowiseApiError with the status and the API message', async () => {
    const { client } = fakeClient(() =>
      Response.json({ message: 'No spot price area found for countryCode SE and postalCode 99999' }, { status: 400 }),
    );
    const error = await client.locations.add(home, user).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KilowiseApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'No spot price area found for countryCode SE and postalCode 99999',
      operationId: 'addLocation',
    });
  });

  it.each([
    ['404 device', (c: KilowiseClient) => c.devices.get('dev-x'), 404],
    ['429 Smartcar update', (c: KilowiseClient) => c.smartcar.requestStatusUpdate('dev-1'), 429],
    [
      '400 Wallbox credentials',
      (c: KilowiseClient) => c.wallbox.registerAccount({ username: 'a', password: 'b' }, user),
      400,
    ],
    ['400 heating preferences', (c: KilowiseClient) => c.smartHeating.updatePreferences('dev-1', {}), 400],
    ['404 spot prices', (c: KilowiseClient) => c.spotPrices.get('SE3', { startDateTime: 'a', endDateTime: 'b' }), 404],
  ])('%s rejects with that status', async (_name, call, status) => {
    const { client } = fakeClient(() => Response.json({ message: 'failed' }, { status }));
    await expect(call(client)).rejects.toMatchObject({ name: 'KilowiseApiError', status, message: 'failed' });
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    const { client } = fakeClient(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client.referenceData.listCountries()).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('names the operation when a success body is not JSON', async () => {
    const { client } = fakeClient(() => new Response('not json', { status: 200 }));
    await expect(client.referenceData.listCountries()).rejects.toThrow('getCountries: the response body is not JSON');
  });

  it.each([
    ['a location without its id', (c: KilowiseClient) => c.locations.list(user), [home], 'getLocations'],
    [
      'an object where the contract has an array',
      (c: KilowiseClient) => c.referenceData.listCountries(),
      { countries: ['SE'] },
      'getCountries',
    ],
    [
      'a price that is not a number',
      (c: KilowiseClient) => c.spotPrices.get('SE3', { startDateTime: 'a', endDateTime: 'b' }),
      { '2025-03-14T00:00:00+01:00': '0.04' },
      'getSpotPrices',
    ],
    [
      'a capability the contract does not list',
      (c: KilowiseClient) => c.smartcar.getCapabilities('dev-1'),
      ['FLY'],
      'getSmartcarCapabilities',
    ],
    ['null', (c: KilowiseClient) => c.devices.getDemandResponse('dev-1'), null, 'getDemandResponse'],
  ])('rejects a success body of another shape (%s), naming the operation', async (_name, call, body, operationId) => {
    const { client } = fakeClient(() => Response.json(body));
    const error = await call(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KilowiseApiError);
    expect(error).toMatchObject({
      status: 200,
      operationId,
      message: `${operationId}: the response body does not have the shape the API contract gives it`,
    });
  });

  it('passes network failures through', async () => {
    const { client } = fakeClient(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.smartcar.listMakes()).rejects.toThrow('fetch failed');
  });

  it('refuses a user call without a user id before sending anything', async () => {
    const { client, sent } = fakeClient();
    await expect(client.locations.list()).rejects.toThrow(KilowiseUsageError);
    await expect(client.smartcar.connect({ authCode: 'a', redirectUrl: 'b' })).rejects.toThrow(
      /smartcar\.connect acts for a user/,
    );
    expect(sent).toHaveLength(0);
  });

  it('refuses a bad configuration, naming the field', () => {
    expect(() => new KilowiseClient({ apiKey: '', baseUrl: 'https://api.kilowise.io' })).toThrow(/apiKey is empty/);
    expect(() => new KilowiseClient({ apiKey: 'k', baseUrl: 'api.kilowise.io' })).toThrow(
      /baseUrl is not a URL: "api.kilowise.io"/,
    );
  });
});
