import type { ContractOperation } from '../contract/operation-contract';
import { findSpotPriceAreas, spotPriceAreaOf, spotPricesFor, SPOT_PRICE_AREAS } from './spot-price-areas';
import type { SandboxState } from './state';

type Json = Record<string, unknown>;

/** Where the sandbox's authorize sends the user: a page the sandbox server answers (lib/sandbox/server.ts). */
export const SIGN_IN_PATH = '/__sandbox/sign-in';

/** What a handler answers: a status and a JSON body (none for 204 and 202), and extra headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** An OpenAPI 3.2 streamed body (`itemSchema`): its media type and the items it sends one by one. */
  stream?: { contentType: string; items: unknown[] };
}

/** What a handler gets: the checked request, the state to read and change, and the contract's example. */
export interface HandlerContext {
  operation: ContractOperation;
  params: Record<string, unknown>;
  body: unknown;
  state: SandboxState;
  /** The user the call acts for (path, `userId` query, `X-User-Id` or `x-user-id`). */
  userId: string;
  /** The contract's example answer of the operation (its first 2xx with an example). */
  example: () => Answer;
  newId: (prefix: string) => string;
  now: () => Date;
}

/** A handler may change `context.state`; the sandbox saves it after every request. */
type Handler = (context: HandlerContext) => Answer;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const error = (status: number, message: string): Answer => ({ status, body: { message } });

function locationOf(context: HandlerContext): Json | Answer {
  const id = text(context.params.id);
  const location = (context.state.locations[context.userId] ?? []).find((candidate) => candidate.id === id);
  return location ?? error(404, `Location ${id} not found for user ${context.userId}`);
}

const isAnswer = (value: Json | Answer): value is Answer => typeof value.status === 'number';

function withArea(context: HandlerContext, body: Json): Json | Answer {
  const area = spotPriceAreaOf(text(body.countryCode), text(body.postalCode));
  if (!area)
    return error(
      400,
      `No spot price area found for countryCode ${text(body.countryCode)} and postalCode ${text(body.postalCode)}`,
    );
  return { ...body, spotPriceAreaId: area.id };
}

/** Stored preferences of a device, else the contract's example ones. */
function preferences(store: Record<string, Json>, context: HandlerContext, read: () => Answer): Json {
  return store[text(context.params.deviceId)] ?? asObject(read().body);
}

function putPreferences(store: Record<string, Json>, context: HandlerContext): Answer {
  const deviceId = text(context.params.deviceId);
  const previous = store[deviceId] ?? asObject(context.example().body);
  const next = { ...asObject(context.body), previousChargingBehavior: previous.chargingBehavior };
  if (next.previousChargingBehavior === undefined) delete next.previousChargingBehavior;
  store[deviceId] = next;
  return { status: 200, body: next };
}

/** Starting or stopping charging at once switches smart charging off for the device. */
function chargeNow(context: HandlerContext, exampleOf: (operationId: string) => Answer): Answer {
  const deviceId = text(context.params.deviceId);
  const charger = context.state.devices[deviceId]?.device.type === 'EV_CHARGER';
  const store = charger ? context.state.ocppChargerPreferences : context.state.evPreferences;
  const current =
    store[deviceId] ?? asObject(exampleOf(charger ? 'getOcppChargerPreferences' : 'getEvPreferences').body);
  store[deviceId] = {
    ...current,
    chargingBehavior: 'SMART_CHARGE_OFF',
    previousChargingBehavior: current.chargingBehavior,
  };
  return { status: 204 };
}

/** The operations whose answers depend on what earlier requests did. The rest answer the contract's example. */
export function createHandlers(exampleOf: (operationId: string) => Answer): Record<string, Handler> {
  return {
    getLocations: (c) => ({ status: 200, body: c.state.locations[c.userId] ?? [] }),
    addLocation: (c) => {
      const location = withArea(c, { id: c.newId('loc'), ...asObject(c.body) });
      if (isAnswer(location)) return location;
      c.state.locations[c.userId] = [...(c.state.locations[c.userId] ?? []), location];
      return { status: 200, body: location };
    },
    updateLocation: (c) => {
      const found = locationOf(c);
      if (isAnswer(found)) return found;
      const location = withArea(c, { ...asObject(c.body), id: found.id });
      if (isAnswer(location)) return location;
      c.state.locations[c.userId] = (c.state.locations[c.userId] ?? []).map((item) =>
        item === found ? location : item,
      );
      return { status: 200, body: location };
    },
    deleteLocation: (c) => {
      const found = locationOf(c);
      if (isAnswer(found)) return found;
      c.state.locations[c.userId] = (c.state.locations[c.userId] ?? []).filter((item) => item !== found);
      return { status: 204 };
    },
    updateLocationTariffInfo: (c) => {
      const found = locationOf(c);
      if (isAnswer(found)) return found;
      found.tariffInfo = asObject(c.body);
      return { status: 200, body: found };
    },
    deleteLocationTariffInfo: (c) => {
      const found = locationOf(c);
      if (isAnswer(found)) return found;
      delete found.tariffInfo;
      return { status: 204 };
    },

    getUserData: (c) => ({ status: 200, body: c.state.userData[c.userId] ?? {} }),
    updateUserData: (c) => {
      c.state.userData[c.userId] = asObject(c.body);
      return { status: 200, body: c.state.userData[c.userId] };
    },
    deleteUserData: (c) => {
      delete c.state.userData[c.userId];
      return { status: 204 };
    },

    getDevices: (c) => ({
      status: 200,
      body: Object.values(c.state.devices)
        .filter((entry) => entry.userId === c.userId)
        .map((entry) => entry.device),
    }),
    getDevice: (c) => ({ status: 200, body: c.state.devices[text(c.params.deviceId)]?.device }),
    deleteDevice: (c) => {
      const deviceId = text(c.params.deviceId);
      delete c.state.devices[deviceId];
      delete c.state.evPreferences[deviceId];
      delete c.state.ocppChargerPreferences[deviceId];
      delete c.state.heatingPreferences[deviceId];
      return { status: 204 };
    },
    registerCharger: (c) => {
      const body = asObject(c.body);
      // The contract names a Wallbox charger's `uid` as its vendorDeviceId; its numeric `id` is a mistake to catch early.
      if (body.vendor === 'WALLBOX') {
        const example = exampleOf('getWallboxChargers').body;
        const listed = (Array.isArray(example) ? example : []).map(asObject);
        const byId = listed.find((charger) => String(charger.id) === text(body.vendorDeviceId));
        if (byId)
          return error(
            400,
            `Request body: field "vendorDeviceId" is ${text(body.vendorDeviceId)}, the Wallbox charger's numeric id; register it with its uid, ${text(byId.uid)}`,
          );
      }
      const device = {
        id: c.newId('dev'),
        type: 'EV_CHARGER',
        integration: 'OCPP',
        createdAt: c
          .now()
          .toISOString()
          .replace(/\.\d+Z$/, 'Z'),
        attributes: { vendor: body.vendor, vendorDeviceId: body.vendorDeviceId },
        settings: { autoSetupOCPPConnection: body.autoSetupOCPPConnection === true },
      };
      c.state.devices[device.id] = { userId: c.userId, device };
      return { status: 200, body: device };
    },
    getSmartcarAuthorizationUrl: (c) => {
      // The contract's example URL, with what this request asked for (absent parameters take the contract's defaults).
      const example = c.example();
      const url = new URL(
        text(asObject(example.body).authorizationUrl) ||
          'https://connect.smartcar.com/oauth/authorize?response_type=code',
      );
      url.searchParams.set('redirect_uri', text(c.params.redirectUri));
      for (const [name, query] of [
        ['countryCode', 'country'],
        ['mode', 'mode'],
        ['manufacturer', 'make'],
      ] as const) {
        if (c.params[name] === undefined) url.searchParams.delete(query);
        else url.searchParams.set(query, String(c.params[name]));
      }
      return { status: 200, body: { authorizationUrl: url.toString() } };
    },
    connectSmartcarVehicle: (c) => {
      const authCode = text(asObject(c.body).authCode);
      const existing = Object.values(c.state.devices).find(
        (entry) => entry.device.settings && asObject(entry.device.settings).smartcarAuthCode === authCode,
      );
      if (existing)
        return {
          status: 200,
          body: { deviceId: existing.device.id, message: 'Vehicle already added', status: 'ALREADY_ADDED' },
        };
      const device = {
        id: c.newId('dev'),
        type: 'VEHICLE',
        integration: 'SMARTCAR',
        createdAt: c
          .now()
          .toISOString()
          .replace(/\.\d+Z$/, 'Z'),
        attributes: {},
        settings: { smartcarAuthCode: authCode },
      };
      c.state.devices[device.id] = { userId: c.userId, device };
      return { status: 200, body: { deviceId: device.id, message: 'Vehicle connected', status: 'CREATED' } };
    },

    getEvPreferences: (c) => ({ status: 200, body: preferences(c.state.evPreferences, c, c.example) }),
    updateEvPreferences: (c) => putPreferences(c.state.evPreferences, c),
    getOcppChargerPreferences: (c) => ({
      status: 200,
      body: preferences(c.state.ocppChargerPreferences, c, c.example),
    }),
    updateOcppChargerPreferences: (c) => putPreferences(c.state.ocppChargerPreferences, c),
    getHeatingPreferences: (c) => ({ status: 200, body: preferences(c.state.heatingPreferences, c, c.example) }),
    updateHeatingPreferences: (c) => {
      const merged = {
        ...preferences(c.state.heatingPreferences, c, () => exampleOf('getHeatingPreferences')),
        ...asObject(c.body),
      };
      const { minComfortLimit: min, maxComfortLimit: max } = merged;
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        return error(400, `Invalid heating preferences: minComfortLimit ${min} is above maxComfortLimit ${max}`);
      }
      c.state.heatingPreferences[text(c.params.deviceId)] = merged;
      return { status: 200, body: merged };
    },
    startCharging: (c) => chargeNow(c, exampleOf),
    stopCharging: (c) => chargeNow(c, exampleOf),

    registerWallboxAccount: (c) => {
      c.state.wallboxAccounts[c.userId] = text(asObject(c.body).username);
      return { status: 204 };
    },
    getWallboxChargers: (c) =>
      c.state.wallboxAccounts[c.userId] === undefined ? { status: 200, body: [] } : c.example(),

    getSpotPriceAreas: (c) => {
      const areas = findSpotPriceAreas(text(c.params.countryCode) || undefined, text(c.params.postalCode) || undefined);
      if (areas.length === 0) {
        return error(
          404,
          `No spot price area found for countryCode ${text(c.params.countryCode)} and postalCode ${text(c.params.postalCode)}`,
        );
      }
      return { status: 200, body: areas.map(({ id, name, countryCode }) => ({ id, name, countryCode })) };
    },
    getSpotPrices: (c) => {
      const areaId = text(c.params.areaId);
      if (!SPOT_PRICE_AREAS.some((area) => area.id === areaId))
        return error(404, `Spot price area ${areaId} not found`);
      const start = text(c.params.startDateTime);
      const end = text(c.params.endDateTime);
      const prices = spotPricesFor(areaId, start, end, c.state.testSpotPrices[areaId] ?? {}, c.now().getTime());
      if (Object.keys(prices).length === 0)
        return error(404, `No spot prices for ${areaId} between ${start} and ${end}`);
      return { status: 200, body: prices };
    },
    setTestSpotPrices: (c) => {
      const areaId = text(c.params.areaId);
      if (!SPOT_PRICE_AREAS.some((area) => area.id === areaId))
        return error(404, `Spot price area ${areaId} not found`);
      c.state.testSpotPrices[areaId] = {
        ...c.state.testSpotPrices[areaId],
        ...(asObject(c.body) as Record<string, number>),
      };
      return { status: 204 };
    },

    // The sign-in page the API would send the user to; the sandbox server answers it with a page of its own.
    authorize: () => ({ status: 302, headers: { location: `${SIGN_IN_PATH}?from=sandbox` } }),
  };
}
