import type { DeviceRecord, Vehicle } from '../domain/model';
import { unitHash } from '../domain/prices';
import {
  asObject,
  commandAnswer,
  commandDevice,
  dateTime,
  deviceFor,
  fail,
  isAnswer,
  text,
  type Answer,
  type Handler,
} from './context';

// The Wallbox account the sandbox takes and the status updates' window are rules of the domain's commands.
export { STATUS_UPDATE_WINDOW_MS, WALLBOX_TEST_ACCOUNT } from '../domain/account-commands';

/** Where the sandbox's authorize sends the user: a page the sandbox server answers (lib/sandbox/server.ts). */
export const SIGN_IN_PATH = '/__sandbox/sign-in';

/** The chargers of the Wallbox test account (`WALLBOX_TEST_ACCOUNT`), as Wallbox's cloud lists them. */
export const WALLBOX_CHARGERS = [
  { id: 412233, uid: 'PLP1-0123456', name: 'Garage', chargerType: 'Pulsar Plus', country: 'SE' },
  { id: 412871, uid: 'CPB1-0456789', name: 'Carport', chargerType: 'Commander 2', country: 'SE' },
] as const;

/** A Smartcar authorization code that the sandbox's Smartcar refuses, to try that branch. */
export const EXPIRED_AUTH_CODE = 'expired';

type Capability = 'READ_LOCATION' | 'EXECUTE_START_AND_STOP' | 'READ_BATTERY_CAPACITY';
const ALL: Capability[] = ['READ_LOCATION', 'EXECUTE_START_AND_STOP', 'READ_BATTERY_CAPACITY'];

/** The cars the sandbox's Smartcar knows: an authorization code names one of them. */
export const SMARTCAR_MODELS: readonly {
  make: string;
  model: string;
  capacityKwh: number;
  years: [number, number];
  type: 'BEV' | 'PHEV';
  capabilities: Capability[];
}[] = [
  {
    make: 'VOLVO',
    model: 'EX30',
    capacityKwh: 64,
    years: [2024, 2026],
    type: 'BEV',
    capabilities: ['READ_BATTERY_CAPACITY', 'READ_LOCATION'],
  },
  { make: 'TESLA', model: 'Model 3', capacityKwh: 57.5, years: [2019, 2026], type: 'BEV', capabilities: ALL },
  { make: 'VOLKSWAGEN', model: 'ID.4', capacityKwh: 77, years: [2021, 2026], type: 'BEV', capabilities: ALL },
  {
    make: 'KIA',
    model: 'EV6',
    capacityKwh: 74,
    years: [2022, 2026],
    type: 'BEV',
    capabilities: ['READ_LOCATION', 'EXECUTE_START_AND_STOP'],
  },
  { make: 'HYUNDAI', model: 'IONIQ 5', capacityKwh: 74, years: [2021, 2026], type: 'BEV', capabilities: ALL },
  { make: 'BMW', model: 'i4', capacityKwh: 80.7, years: [2022, 2026], type: 'BEV', capabilities: ALL },
  {
    make: 'FORD',
    model: 'Mustang Mach-E',
    capacityKwh: 70,
    years: [2021, 2026],
    type: 'BEV',
    capabilities: ['READ_LOCATION', 'READ_BATTERY_CAPACITY'],
  },
  { make: 'AUDI', model: 'Q4 e-tron', capacityKwh: 77, years: [2021, 2026], type: 'BEV', capabilities: ALL },
];

/** The code that names a model in the sandbox: `sandbox-` and its make and model in lower case (`sandbox-kia-ev6`). */
export const authCodeOf = (model: { make: string; model: string }): string =>
  `sandbox-${model.make}-${model.model}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');

/**
 * The car an authorization code names: the model whose own code it is (`sandbox-tesla-model-3`), so a test can pick
 * a car with the capabilities it needs, else one spread over the models by a hash of the code.
 */
export function smartcarModelOf(authCode: string): (typeof SMARTCAR_MODELS)[number] {
  const named = SMARTCAR_MODELS.find((model) => authCodeOf(model) === authCode);
  return (
    named ?? SMARTCAR_MODELS[Math.floor(unitHash(`car:${authCode}`) * SMARTCAR_MODELS.length)] ?? SMARTCAR_MODELS[0]!
  );
}

/** The state of charge, in percent, of the car a code names when it connects: 20 to 70, the same for the same code. */
export const connectedSoc = (authCode: string): number => 20 + Math.round(unitHash(`soc:${authCode}`) * 50);

const modelOf = (device: DeviceRecord) =>
  SMARTCAR_MODELS.find((model) => model.make === device.attributes.make && model.model === device.attributes.model);

/**
 * Why Smartcar would refuse the code for the redirect URL sent, or undefined. A code is good only with the redirect
 * URI its authorization URL named (the Smartcar guide: "Send the identical string to both, or Smartcar refuses the
 * code"). A code with no authorization URL in this sandbox behind it (a test that connects straight away) is taken
 * as issued for the URL sent.
 */
function redirectRefusal(c: Parameters<Handler>[0], redirectUrl: string): string | undefined {
  const issued = c.world.smartcarRedirectUris ?? [];
  if (issued.length === 0 || issued.includes(redirectUrl)) return undefined;
  return `Smartcar refused the authorization code: redirectUrl ${redirectUrl} is not the redirectUri of the authorization URL (${issued.at(-1)})`;
}

function connect(c: Parameters<Handler>[0]) {
  const body = asObject(c.body);
  const authCode = text(body.authCode);
  const refusal =
    authCode === EXPIRED_AUTH_CODE
      ? 'Smartcar refused the authorization code: it has expired'
      : redirectRefusal(c, text(body.redirectUrl));
  if (refusal) return { status: 200, body: { message: refusal, status: 'SMARTCAR_API_ERROR' } };
  const existing = c.world.devices.find(
    (device): device is Vehicle => device.type === 'VEHICLE' && device.smartcarCar === authCode,
  );
  if (existing?.userId === c.userId)
    return { status: 200, body: { deviceId: existing.id, message: 'Vehicle already added', status: 'ALREADY_ADDED' } };
  if (existing)
    return { status: 200, body: { message: 'The vehicle is connected to another user', status: 'CONFLICT' } };
  const model = smartcarModelOf(authCode);
  const soc = connectedSoc(authCode);
  const car = {
    userId: c.userId,
    type: 'VEHICLE',
    integration: 'SMARTCAR',
    attributes: { make: model.make, model: model.model },
    settings: {},
    smartcarCar: authCode,
    // Connected at home on its cable: smart charging starts as soon as it has preferences.
    sim: {
      soc,
      plugSoc: soc,
      capacityKwh: model.capacityKwh,
      reportsCapacity: model.capabilities.includes('READ_BATTERY_CAPACITY'),
      pluggedIn: true,
    },
  } as const;
  return commandAnswer(c, { type: 'add-device', device: car }, (done) => ({
    status: 200,
    body: { deviceId: commandDevice(done).id, message: 'Vehicle connected', status: 'CREATED' },
  }));
}

/**
 * Enode's link: the API answers the URL of Enode's consent page. The sandbox has no such page, so its user links at
 * once: the user's car (integration TELEMATICA) is there on the next read, plugged in at home, with no preferences.
 */
function linkEnode(c: Parameters<Handler>[0]) {
  const session = Math.floor(unitHash(`enode:${c.userId}`) * 0xffffff).toString(16);
  const linked = c.world.devices.some((device) => device.userId === c.userId && device.integration === 'TELEMATICA');
  const answer = { status: 200, body: { authorizationUrl: `https://link.enode.io/?session=${session}` } };
  if (linked) return answer;
  const model =
    SMARTCAR_MODELS[Math.floor(unitHash(`enode-car:${c.userId}`) * SMARTCAR_MODELS.length)] ?? SMARTCAR_MODELS[0];
  const soc = 25 + Math.round(unitHash(`enode-soc:${c.userId}`) * 50);
  const car = {
    userId: c.userId,
    type: 'VEHICLE',
    integration: 'TELEMATICA',
    attributes: { make: model?.make ?? 'VOLVO', model: model?.model ?? 'EX30' },
    settings: {},
    sim: { soc, plugSoc: soc, capacityKwh: model?.capacityKwh ?? 64, pluggedIn: true },
  } as const;
  return commandAnswer(c, { type: 'add-device', device: car }, () => answer);
}

/**
 * The authorization URL; the sandbox remembers its redirect URI, which the code Smartcar gives back is good for. The
 * URI asked for last is remembered already: no command, so asking for the same URL again writes nothing.
 */
function authorizationUrl(c: Parameters<Handler>[0]) {
  const redirectUri = text(c.params.redirectUri);
  const url = new URL('https://connect.smartcar.com/oauth/authorize?response_type=code');
  url.searchParams.set('redirect_uri', redirectUri);
  for (const [name, query] of [
    ['countryCode', 'country'],
    ['mode', 'mode'],
    ['manufacturer', 'make'],
  ] as const) {
    if (c.params[name] !== undefined) url.searchParams.set(query, String(c.params[name]));
  }
  const answer = { status: 200, body: { authorizationUrl: url.toString() } };
  if (c.world.smartcarRedirectUris?.at(-1) === redirectUri) return answer;
  return commandAnswer(c, { type: 'remember-redirect-uri', redirectUri }, () => answer);
}

/** A Smartcar car's status update: 202, and the car reports at once; one within the window is 429. */
function requestStatusUpdate(c: Parameters<Handler>[0]): Answer {
  const device = deviceFor(c, ['VEHICLE']);
  if (isAnswer(device)) return device;
  return commandAnswer(c, { type: 'request-status-update', deviceId: device.id }, () => ({ status: 202 }));
}

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []).map(String);

export const integrationHandlers: Record<string, Handler> = {
  getSmartcarAuthorizationUrl: authorizationUrl,
  connectSmartcarVehicle: connect,
  requestSmartcarStatusUpdate: requestStatusUpdate,
  getSmartcarCapabilities: (c) => {
    // The contract lists a 400 here, so a device of another kind is 400 (/docs/errors#a-device-of-another-kind).
    const device = deviceFor(c, ['VEHICLE'], 400);
    if (isAnswer(device)) return device;
    if (device.integration !== 'SMARTCAR') return fail(404, `Device ${device.id} is not connected through Smartcar`);
    return { status: 200, body: [...(modelOf(device)?.capabilities ?? [])] };
  },
  getSmartcarMakes: () => ({
    status: 200,
    body: [...new Set(SMARTCAR_MODELS.map((model) => model.make))].sort(),
  }),
  getVehiclesWithCapabilities: (c) => {
    const supporting = list(c.params.supporting);
    const notSupporting = list(c.params.not_supporting);
    const models = SMARTCAR_MODELS.filter(
      (model) =>
        supporting.every((wanted) => (model.capabilities as string[]).includes(wanted)) &&
        !notSupporting.some((unwanted) => (model.capabilities as string[]).includes(unwanted)),
    );
    return {
      status: 200,
      body: models.map((model) => ({
        make: model.make,
        model: model.model,
        yearRange: { start: model.years[0], end: model.years[1] },
        type: model.type,
        capabilities: [...model.capabilities],
      })),
    };
  },
  registerWallboxAccount: (c) => {
    const body = asObject(c.body);
    const account = { username: text(body.username), password: text(body.password) };
    return commandAnswer(c, { type: 'link-wallbox-account', userId: c.userId, ...account }, () => ({ status: 204 }));
  },
  getWallboxChargers: (c) => {
    const user = c.world.users.find((candidate) => candidate.id === c.userId);
    if (!user?.wallboxUsername)
      return fail(
        400,
        `No Wallbox account is linked for user ${c.userId}: link one with POST /v2/wallbox/register-account`,
      );
    return {
      status: 200,
      body: WALLBOX_CHARGERS.map((charger) => ({
        ...charger,
        image: 'https://wallbox.example/images/pulsar-plus.png',
        lastConnection: dateTime(c.now - 60_000),
        lastSync: dateTime(c.now - 55_000),
      })),
    };
  },
  registerTelematicsAccount: linkEnode,
  // The sign-in page the API would send the user to; the sandbox server answers it with a page of its own.
  authorize: () => ({ status: 302, headers: { location: `${SIGN_IN_PATH}?from=sandbox` } }),
  exchangeCode: (c) => c.example(),
};
