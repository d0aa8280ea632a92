import type { LocationRecord, TariffInfo } from '../domain/model';
import { WORLD_LIMITS } from '../domain/model';
import { locationRemoved } from '../domain/events';
import { findUser, nextId, userRecord } from '../domain/world';
import { spotPriceAreaOf } from '../spot-price-areas';
import { asObject, fail, isAnswer, pick, text, type Answer, type Handler, type HandlerContext } from './context';

const TARIFF_FIELDS = ['electricalUtilityProvider', 'meterId', 'tariff'] as const;

/** A location as the contract answers it: its fields in the contract's order, nothing else. */
export function locationAnswer(location: LocationRecord) {
  return {
    id: location.id,
    spotPriceAreaId: location.spotPriceAreaId,
    name: location.name,
    coordinates: { latitude: location.coordinates.latitude, longitude: location.coordinates.longitude },
    countryCode: location.countryCode,
    postalCode: location.postalCode,
    streetAddress: location.streetAddress,
    city: location.city,
    ...(location.tariffInfo ? { tariffInfo: { ...location.tariffInfo } } : {}),
  };
}

/** A location from a request body: the fields a client may set; `id` and `spotPriceAreaId` are the sandbox's. */
function locationFrom(body: unknown, id: string): LocationRecord | Answer {
  const fields = asObject(body);
  const coordinates = asObject(fields.coordinates);
  const countryCode = text(fields.countryCode);
  const postalCode = text(fields.postalCode);
  const area = spotPriceAreaOf(countryCode, postalCode);
  if (!area) return fail(400, `No spot price area found for countryCode ${countryCode} and postalCode ${postalCode}`);
  const tariffInfo =
    fields.tariffInfo === undefined ? undefined : pick<TariffInfo>(asObject(fields.tariffInfo), TARIFF_FIELDS);
  return {
    id,
    name: text(fields.name),
    coordinates: { latitude: Number(coordinates.latitude), longitude: Number(coordinates.longitude) },
    countryCode,
    postalCode,
    streetAddress: text(fields.streetAddress),
    city: text(fields.city),
    spotPriceAreaId: area.id,
    ...(tariffInfo ? { tariffInfo } : {}),
  };
}

function locationOf(context: HandlerContext): LocationRecord | Answer {
  const id = text(context.params.id);
  const location = findUser(context.world, context.userId)?.locations.find((candidate) => candidate.id === id);
  return location ?? fail(404, `Location ${id} not found for user ${context.userId}`);
}

const usersFull = () =>
  fail(400, `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key: reset it with POST /__sandbox/reset`);

export const locationHandlers: Record<string, Handler> = {
  getLocations: (c) => ({
    status: 200,
    body: (findUser(c.world, c.userId)?.locations ?? []).map(locationAnswer),
  }),
  addLocation: (c) => {
    const user = userRecord(c.world, c.userId);
    if (!user) return usersFull();
    if (user.locations.length >= WORLD_LIMITS.locationsPerUser)
      return fail(400, `The sandbox keeps at most ${WORLD_LIMITS.locationsPerUser} locations per user`);
    if (c.world.users.reduce((sum, each) => sum + each.locations.length, 0) >= WORLD_LIMITS.locations)
      return fail(
        400,
        `The sandbox keeps at most ${WORLD_LIMITS.locations} locations per API key: reset it with POST /__sandbox/reset`,
      );
    const location = locationFrom(c.body, nextId(c.world, 'loc'));
    if (isAnswer(location)) return location;
    user.locations.push(location);
    return { status: 200, body: locationAnswer(location) };
  },
  updateLocation: (c) => {
    const found = locationOf(c);
    if (isAnswer(found)) return found;
    const location = locationFrom(c.body, found.id);
    if (isAnswer(location)) return location;
    Object.assign(found, location);
    if (!location.tariffInfo) delete found.tariffInfo;
    return { status: 200, body: locationAnswer(found) };
  },
  deleteLocation: (c) => {
    const found = locationOf(c);
    if (isAnswer(found)) return found;
    const user = findUser(c.world, c.userId);
    if (user) user.locations = user.locations.filter((location) => location !== found);
    if (user) locationRemoved(c.world, user.id, found.id, c.now);
    return { status: 204 };
  },
  updateLocationTariffInfo: (c) => {
    const found = locationOf(c);
    if (isAnswer(found)) return found;
    found.tariffInfo = pick<TariffInfo>(asObject(c.body), TARIFF_FIELDS);
    return { status: 200, body: locationAnswer(found) };
  },
  deleteLocationTariffInfo: (c) => {
    const found = locationOf(c);
    if (isAnswer(found)) return found;
    delete found.tariffInfo;
    return { status: 204 };
  },
  getUserData: (c) => ({ status: 200, body: { ...findUser(c.world, c.userId)?.data } }),
  updateUserData: (c) => {
    const user = userRecord(c.world, c.userId);
    if (!user) return usersFull();
    user.data = pick<TariffInfo>(asObject(c.body), TARIFF_FIELDS);
    return { status: 200, body: { ...user.data } };
  },
  deleteUserData: (c) => {
    const user = findUser(c.world, c.userId);
    if (user) delete user.data;
    return { status: 204 };
  },
  signOut: () => ({ status: 204 }),
};
