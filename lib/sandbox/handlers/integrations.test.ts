// The integrations' handlers on their own (vehicles/smartcar.mdx, vehicles/enode.mdx, chargers.mdx): which car an
// authorization code names and how it arrives, Enode's link, Smartcar's capabilities and makes, and Wallbox's account.
import { beforeEach, describe, expect, it } from 'vitest';
import { handlerCaller } from '../../../scripts/testing/handler-call';
import type { DeviceRecord, World } from '../domain/model';
import { WORLD_LIMITS } from '../domain/model';
import { unitHash } from '../domain/prices';
import { SAMPLE_CAR, SAMPLE_CAR_AUTH_CODE, SAMPLE_CHARGER, SAMPLE_USER, seedWorld } from '../domain/seed';
import type { Answer, HandlerContext } from './context';
import {
  authCodeOf,
  connectedSoc,
  EXPIRED_AUTH_CODE,
  integrationHandlers,
  SIGN_IN_PATH,
  SMARTCAR_MODELS,
  STATUS_UPDATE_WINDOW_MS,
  WALLBOX_CHARGERS,
  WALLBOX_TEST_ACCOUNT,
} from './integrations';

const NOW = Date.parse('2025-01-15T09:20:00Z');
let world: World;

beforeEach(() => {
  world = seedWorld(NOW, NOW);
});

const EXAMPLE: Answer = { status: 200, body: { example: true } };

/** Calls a handler as the sandbox does, for the sample user unless told. */
const callHandler = handlerCaller(integrationHandlers, () => ({
  world,
  now: NOW,
  userId: SAMPLE_USER,
  example: () => EXAMPLE,
}));

/** Calls a handler as the sandbox does, keeping the world a command made, for the sample user unless told. */
function call(operationId: string, context: Partial<HandlerContext> = {}): Answer {
  const answer = callHandler(operationId, context);
  if (!answer.world) return answer;
  const { world: made, ...rest } = answer;
  world = made;
  return rest;
}

const deviceOf = (answer: Answer) =>
  world.devices.find((device) => device.id === (answer.body as { deviceId?: string }).deviceId) as DeviceRecord;

describe('connectSmartcarVehicle', () => {
  const connect = (authCode: unknown, userId = 'user-new') =>
    call('connectSmartcarVehicle', { body: { authCode }, userId });

  it('connects the car an authorization code names, plugged in, with the charge and capacity the code gives', () => {
    const answer = connect('code-1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Vehicle connected', status: 'CREATED' });
    const car = deviceOf(answer);
    const model = SMARTCAR_MODELS[Math.floor(unitHash('car:code-1') * SMARTCAR_MODELS.length)];
    expect(car).toMatchObject({
      userId: 'user-new',
      type: 'VEHICLE',
      integration: 'SMARTCAR',
      createdAt: NOW,
      attributes: { make: model?.make, model: model?.model },
      settings: {},
      smartcarCar: 'code-1',
      sessions: [],
    });
    const soc = 20 + Math.round(unitHash('soc:code-1') * 50);
    expect(car.sim).toMatchObject({
      soc,
      plugSoc: soc,
      pluggedIn: true,
      pluggedAt: NOW,
      capacityKwh: model?.capacityKwh,
      reportsCapacity: model?.capabilities.includes('READ_BATTERY_CAPACITY'),
    });
    expect(world.users.some((user) => user.id === 'user-new')).toBe(true);
  });

  it('gives different codes different cars, among all the models', () => {
    const makes = new Set<string>();
    const capacities = new Set<boolean>();
    for (let index = 0; index < 40; index += 1) {
      const car = deviceOf(connect(`code-${index}`, `user-${index}`));
      makes.add(`${car.attributes.make} ${car.attributes.model}`);
      capacities.add(car.sim.reportsCapacity === true);
      expect(car.sim.soc).toBeGreaterThanOrEqual(20);
      expect(car.sim.soc).toBeLessThanOrEqual(70);
    }
    expect(makes.size).toBeGreaterThan(4);
    expect(capacities).toEqual(new Set([true, false]));
  });

  it('says ALREADY_ADDED to the same user, CONFLICT to another, and refuses an expired code', () => {
    expect(call('connectSmartcarVehicle', { body: { authCode: SAMPLE_CAR_AUTH_CODE } })).toEqual({
      status: 200,
      body: { deviceId: SAMPLE_CAR, message: 'Vehicle already added', status: 'ALREADY_ADDED' },
    });
    expect(connect(SAMPLE_CAR_AUTH_CODE)).toEqual({
      status: 200,
      body: { message: 'The vehicle is connected to another user', status: 'CONFLICT' },
    });
    expect(connect(EXPIRED_AUTH_CODE)).toEqual({
      status: 200,
      body: { message: 'Smartcar refused the authorization code: it has expired', status: 'SMARTCAR_API_ERROR' },
    });
  });

  it("as /docs/vehicles/smartcar says, refuses a code sent with a redirectUrl other than the authorization URL's redirectUri", () => {
    const callback = 'https://app.example.com/smartcar/callback';
    const connectWith = (redirectUrl: string, authCode = 'code-redirect') =>
      call('connectSmartcarVehicle', { body: { authCode, redirectUrl }, userId: 'user-new' });
    // With no authorization URL in this sandbox, the code is taken as issued for the URL sent.
    expect(connectWith('https://elsewhere.example/cb', 'code-straight').body).toMatchObject({ status: 'CREATED' });
    call('getSmartcarAuthorizationUrl', { params: { redirectUri: callback } });
    const devices = world.devices.length;
    expect(connectWith(`${callback}/`)).toEqual({
      status: 200,
      body: {
        message: `Smartcar refused the authorization code: redirectUrl ${callback}/ is not the redirectUri of the authorization URL (${callback})`,
        status: 'SMARTCAR_API_ERROR',
      },
    });
    expect(world.devices).toHaveLength(devices);
    expect(connectWith(callback).body).toMatchObject({ status: 'CREATED' });
    // Each URL asked for is remembered, the last twenty.
    for (let index = 0; index < WORLD_LIMITS.redirectUris; index += 1)
      call('getSmartcarAuthorizationUrl', { params: { redirectUri: `https://app.example.com/cb/${index}` } });
    expect(world.smartcarRedirectUris).toHaveLength(WORLD_LIMITS.redirectUris);
    expect(connectWith(callback, 'code-later').body).toMatchObject({ status: 'SMARTCAR_API_ERROR' });
    expect(connectWith('https://app.example.com/cb/0', 'code-later').body).toMatchObject({ status: 'CREATED' });
  });

  it('as /docs/sandbox lists them, names each model by its own code: sandbox-, make and model in lower case', () => {
    expect(SMARTCAR_MODELS.length).toBeGreaterThan(0);
    const codes = SMARTCAR_MODELS.map(authCodeOf);
    expect(codes).toContain('sandbox-volvo-ex30');
    expect(codes).toContain('sandbox-tesla-model-3');
    expect(codes).toContain('sandbox-audi-q4-e-tron');
    expect(new Set(codes).size).toBe(SMARTCAR_MODELS.length);
    expect(authCodeOf(SMARTCAR_MODELS[0] as (typeof SMARTCAR_MODELS)[number])).toBe(SAMPLE_CAR_AUTH_CODE);
    // The sample user's car has the Volvo's code: without it, a new user connects every model.
    world.devices = world.devices.filter((device) => device.id !== SAMPLE_CAR);
    for (const [index, model] of SMARTCAR_MODELS.entries()) {
      const car = deviceOf(connect(authCodeOf(model), `user-model-${index}`));
      expect(car.attributes).toEqual({ make: model.make, model: model.model });
      expect(car.sim.soc).toBe(connectedSoc(authCodeOf(model)));
    }
  });

  it("keeps to the world's bounds on users and devices", () => {
    while (world.devices.length < WORLD_LIMITS.devices) connect(`fill-${world.devices.length}`, SAMPLE_USER);
    expect(connect('one-more', SAMPLE_USER)).toEqual({
      status: 400,
      body: { message: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key` },
    });
    expect(call('registerTelematicsAccount', { userId: SAMPLE_USER })).toEqual({
      status: 400,
      body: { message: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key` },
    });
    world = seedWorld(NOW, NOW);
    for (let index = world.users.length; index < WORLD_LIMITS.users; index += 1)
      world.users.push({ id: `user-${index}`, locations: [] });
    expect(connect('code-x', 'user-too-many')).toEqual({
      status: 400,
      body: { message: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` },
    });
    expect(call('registerTelematicsAccount', { userId: 'user-too-many' })).toEqual({
      status: 400,
      body: { message: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` },
    });
    expect(call('registerWallboxAccount', { userId: 'user-too-many', body: { ...WALLBOX_TEST_ACCOUNT } })).toEqual({
      status: 400,
      body: { message: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` },
    });
  });
});

describe('registerTelematicsAccount (Enode)', () => {
  it("answers Enode's consent URL and links the user's car at once, once", () => {
    const session = Math.floor(unitHash('enode:user-e') * 0xffffff).toString(16);
    const first = call('registerTelematicsAccount', { userId: 'user-e' });
    expect(first).toEqual({ status: 200, body: { authorizationUrl: `https://link.enode.io/?session=${session}` } });
    const cars = world.devices.filter((device) => device.userId === 'user-e');
    expect(cars).toHaveLength(1);
    const model = SMARTCAR_MODELS[Math.floor(unitHash('enode-car:user-e') * SMARTCAR_MODELS.length)];
    const soc = 25 + Math.round(unitHash('enode-soc:user-e') * 50);
    expect(cars[0]).toMatchObject({
      integration: 'TELEMATICA',
      type: 'VEHICLE',
      createdAt: NOW,
      attributes: { make: model?.make, model: model?.model },
      settings: {},
      sessions: [],
    });
    expect(cars[0]?.sim).toMatchObject({ soc, plugSoc: soc, pluggedIn: true, capacityKwh: model?.capacityKwh });
    expect(call('registerTelematicsAccount', { userId: 'user-e' })).toEqual(first);
    expect(world.devices.filter((device) => device.userId === 'user-e')).toHaveLength(1);
    // A Smartcar car of the user's is no Enode link.
    call('connectSmartcarVehicle', { body: { authCode: 'code-e' }, userId: 'user-f' });
    call('registerTelematicsAccount', { userId: 'user-f' });
    expect(world.devices.filter((device) => device.userId === 'user-f').map((device) => device.integration)).toEqual([
      'SMARTCAR',
      'TELEMATICA',
    ]);
    // Another user's Enode link is not this user's.
    call('registerTelematicsAccount', { userId: 'user-g' });
    expect(world.devices.filter((device) => device.userId === 'user-g')).toHaveLength(1);
  });
});

describe('Smartcar', () => {
  it('builds the authorization URL from the parameters given, and only those', () => {
    expect(call('getSmartcarAuthorizationUrl', { params: { redirectUri: 'https://app.example/cb' } })).toEqual({
      status: 200,
      body: {
        authorizationUrl:
          'https://connect.smartcar.com/oauth/authorize?response_type=code&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
      },
    });
    const full = call('getSmartcarAuthorizationUrl', {
      params: { redirectUri: 'https://app.example/cb', countryCode: 'SE', mode: 'test', manufacturer: 'VOLVO' },
    });
    const url = new URL((full.body as { authorizationUrl: string }).authorizationUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      redirect_uri: 'https://app.example/cb',
      country: 'SE',
      mode: 'test',
      make: 'VOLVO',
    });
  });

  it('refreshes a Smartcar car once per five minutes, and no other car', () => {
    const update = (deviceId: string, now = NOW) => call('requestSmartcarStatusUpdate', { params: { deviceId }, now });
    expect(update(SAMPLE_CAR)).toEqual({ status: 202 });
    expect(update(SAMPLE_CAR, NOW + STATUS_UPDATE_WINDOW_MS - 1)).toEqual({
      status: 429,
      body: { message: `Too many status updates for ${SAMPLE_CAR}; try again later` },
    });
    expect(update(SAMPLE_CAR, NOW + STATUS_UPDATE_WINDOW_MS)).toEqual({ status: 202 });
    expect(STATUS_UPDATE_WINDOW_MS).toBe(300_000);
    call('registerTelematicsAccount', { userId: 'user-e' });
    const enode = world.devices.find((device) => device.integration === 'TELEMATICA') as DeviceRecord;
    expect(update(enode.id)).toEqual({
      status: 404,
      body: { message: `Device ${enode.id} is not connected through Smartcar` },
    });
    expect(update(SAMPLE_CHARGER).status).toBe(404);
    expect(update('dev-none')).toEqual({ status: 404, body: { message: 'Device dev-none not found' } });
  });

  it("gives a car's capabilities by its model, and none for a model it does not know", () => {
    const capabilities = (deviceId: string) => call('getSmartcarCapabilities', { params: { deviceId } });
    expect(capabilities(SAMPLE_CAR)).toEqual({ status: 200, body: ['READ_BATTERY_CAPACITY', 'READ_LOCATION'] });
    const car = world.devices.find((device) => device.id === SAMPLE_CAR) as DeviceRecord;
    car.attributes = { make: 'VOLVO', model: 'Model 3' };
    expect(capabilities(SAMPLE_CAR)).toEqual({ status: 200, body: [] });
    car.attributes = { make: 'TESLA', model: 'Model 3' };
    expect(capabilities(SAMPLE_CAR)).toEqual({
      status: 200,
      body: ['READ_LOCATION', 'EXECUTE_START_AND_STOP', 'READ_BATTERY_CAPACITY'],
    });
    car.integration = 'TELEMATICA';
    expect(capabilities(SAMPLE_CAR)).toEqual({
      status: 404,
      body: { message: `Device ${SAMPLE_CAR} is not connected through Smartcar` },
    });
    // The contract lists a 400 for this operation: /docs/errors#a-device-of-another-kind.
    expect(capabilities(SAMPLE_CHARGER).status).toBe(400);
  });

  it('lists the makes, sorted, once each', () => {
    expect(call('getSmartcarMakes')).toEqual({
      status: 200,
      body: ['AUDI', 'BMW', 'FORD', 'HYUNDAI', 'KIA', 'TESLA', 'VOLKSWAGEN', 'VOLVO'],
    });
  });

  it('lists the models with every capability asked for and none of those excluded', () => {
    const models = (params: Record<string, unknown>) =>
      (call('getVehiclesWithCapabilities', { params }).body as { make: string; model: string }[]).map(
        (entry) => `${entry.make} ${entry.model}`,
      );
    expect(models({})).toHaveLength(SMARTCAR_MODELS.length);
    expect(models({ supporting: ['EXECUTE_START_AND_STOP', 'READ_BATTERY_CAPACITY'] })).toEqual([
      'TESLA Model 3',
      'VOLKSWAGEN ID.4',
      'HYUNDAI IONIQ 5',
      'BMW i4',
      'AUDI Q4 e-tron',
    ]);
    expect(
      models({ supporting: 'READ_LOCATION', not_supporting: 'EXECUTE_START_AND_STOP,READ_BATTERY_CAPACITY' }),
    ).toEqual([]);
    expect(models({ not_supporting: ['READ_BATTERY_CAPACITY'] })).toEqual(['KIA EV6']);
    expect(models({ not_supporting: 'EXECUTE_START_AND_STOP' })).toEqual(['VOLVO EX30', 'FORD Mustang Mach-E']);
    expect(models({ supporting: '' })).toHaveLength(SMARTCAR_MODELS.length);
    const first = call('getVehiclesWithCapabilities', { params: { not_supporting: ['READ_BATTERY_CAPACITY'] } }).body;
    expect(first).toEqual([
      {
        make: 'KIA',
        model: 'EV6',
        yearRange: { start: 2022, end: 2026 },
        type: 'BEV',
        capabilities: ['READ_LOCATION', 'EXECUTE_START_AND_STOP'],
      },
    ]);
  });
});

describe('Wallbox', () => {
  it('links the test account only, and then lists its chargers', () => {
    const register = (body: unknown, userId = 'user-w') => call('registerWallboxAccount', { body, userId });
    const chargers = (userId = 'user-w') => call('getWallboxChargers', { userId });
    expect(chargers()).toEqual({
      status: 400,
      body: {
        message: 'No Wallbox account is linked for user user-w: link one with POST /v2/wallbox/register-account',
      },
    });
    const refused = { status: 400, body: { message: 'Wallbox rejected the credentials' } };
    expect(register({ username: WALLBOX_TEST_ACCOUNT.username, password: 'wrong' })).toEqual(refused);
    expect(register({ username: 'someone@example.com', password: WALLBOX_TEST_ACCOUNT.password })).toEqual(refused);
    expect(register(undefined)).toEqual(refused);
    expect(chargers().status).toBe(400);
    expect(register({ ...WALLBOX_TEST_ACCOUNT })).toEqual({ status: 204 });
    expect(world.users.find((user) => user.id === 'user-w')?.wallboxUsername).toBe('anna@example.com');
    expect(chargers()).toEqual({
      status: 200,
      body: WALLBOX_CHARGERS.map((charger) => ({
        ...charger,
        image: 'https://wallbox.example/images/pulsar-plus.png',
        lastConnection: '2025-01-15T09:19:00Z',
        lastSync: '2025-01-15T09:19:05Z',
      })),
    });
  });
});

describe('sign-in', () => {
  it("sends the user to the sandbox's sign-in page, and answers the code exchange with the example", () => {
    expect(call('authorize')).toEqual({ status: 302, headers: { location: `${SIGN_IN_PATH}?from=sandbox` } });
    expect(SIGN_IN_PATH).toBe('/__sandbox/sign-in');
    expect(call('exchangeCode')).toBe(EXAMPLE);
  });
});
