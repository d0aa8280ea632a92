import type { CommandDone } from '../domain/commands';
import type { NewLocation } from '../domain/location-commands';
import type { LocationRecord, TariffInfo } from '../domain/model';
import { findUser } from '../domain/world';
import { asObject, commandAnswer, pick, text, type Handler } from './context';

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
function locationFrom(body: unknown): NewLocation {
  const fields = asObject(body);
  const coordinates = asObject(fields.coordinates);
  const tariffInfo =
    fields.tariffInfo === undefined ? undefined : pick<TariffInfo>(asObject(fields.tariffInfo), TARIFF_FIELDS);
  return {
    name: text(fields.name),
    coordinates: { latitude: Number(coordinates.latitude), longitude: Number(coordinates.longitude) },
    countryCode: text(fields.countryCode),
    postalCode: text(fields.postalCode),
    streetAddress: text(fields.streetAddress),
    city: text(fields.city),
    ...(tariffInfo ? { tariffInfo } : {}),
  };
}

/** The location a command added or changed, as the contract answers it. */
function commandLocation(done: CommandDone) {
  if (!done.location) throw new Error('[sandbox] a location command answered without its location');
  return locationAnswer(done.location);
}

export const locationHandlers: Record<string, Handler> = {
  getLocations: (c) => ({
    status: 200,
    body: (findUser(c.world, c.userId)?.locations ?? []).map(locationAnswer),
  }),
  addLocation: (c) =>
    commandAnswer(c, { type: 'add-location', userId: c.userId, location: locationFrom(c.body) }, (done) => ({
      status: 200,
      body: commandLocation(done),
    })),
  updateLocation: (c) =>
    commandAnswer(
      c,
      { type: 'update-location', userId: c.userId, locationId: text(c.params.id), location: locationFrom(c.body) },
      (done) => ({ status: 200, body: commandLocation(done) }),
    ),
  deleteLocation: (c) =>
    commandAnswer(c, { type: 'remove-location', userId: c.userId, locationId: text(c.params.id) }, () => ({
      status: 204,
    })),
  updateLocationTariffInfo: (c) =>
    commandAnswer(
      c,
      {
        type: 'set-location-tariff',
        userId: c.userId,
        locationId: text(c.params.id),
        tariffInfo: pick<TariffInfo>(asObject(c.body), TARIFF_FIELDS),
      },
      (done) => ({ status: 200, body: commandLocation(done) }),
    ),
  deleteLocationTariffInfo: (c) =>
    commandAnswer(c, { type: 'remove-location-tariff', userId: c.userId, locationId: text(c.params.id) }, () => ({
      status: 204,
    })),
  getUserData: (c) => ({ status: 200, body: { ...findUser(c.world, c.userId)?.data } }),
  updateUserData: (c) => {
    const data = pick<TariffInfo>(asObject(c.body), TARIFF_FIELDS);
    return commandAnswer(c, { type: 'set-user-data', userId: c.userId, data }, () => ({
      status: 200,
      body: { ...data },
    }));
  },
  deleteUserData: (c) => commandAnswer(c, { type: 'remove-user-data', userId: c.userId }, () => ({ status: 204 })),
  signOut: () => ({ status: 204 }),
};
