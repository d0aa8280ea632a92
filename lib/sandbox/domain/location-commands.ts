import type { CommandRefusal, Outcome } from './command-outcome';
import { locationRemoved } from './events';
import type { LocationRecord, TariffInfo, UserRecord, World } from './model';
import { WORLD_LIMITS } from './model';
import { findUser, nextId, userRecord } from './world';
import { spotPriceAreaOf } from '../spot-price-areas';

/** A location as a client gives it: all but its id and its spot price area, which the sandbox gives it. */
export type NewLocation = Omit<LocationRecord, 'id' | 'spotPriceAreaId'>;

/** The commands on a user's locations and their tariff data. */
export type LocationCommand =
  | { type: 'add-location'; userId: string; location: NewLocation }
  | { type: 'update-location'; userId: string; locationId: string; location: NewLocation }
  | { type: 'remove-location'; userId: string; locationId: string }
  | { type: 'set-location-tariff'; userId: string; locationId: string; tariffInfo: TariffInfo }
  | { type: 'remove-location-tariff'; userId: string; locationId: string }
  | { type: 'set-user-data'; userId: string; data: TariffInfo }
  | { type: 'remove-user-data'; userId: string };

const USERS_FULL = `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key: reset it with POST /__sandbox/reset`;

/** The user's location, or a refusal naming it (`notFound`). */
function locationOf(world: World, userId: string, locationId: string): LocationRecord | CommandRefusal {
  const location = findUser(world, userId)?.locations.find((candidate) => candidate.id === locationId);
  return location ?? { refused: `Location ${locationId} not found for user ${userId}`, notFound: true };
}

/** The location given, with its id and the spot price area of its country and postal code, or why there is none. */
function located(location: NewLocation, id: string): LocationRecord | CommandRefusal {
  const area = spotPriceAreaOf(location.countryCode, location.postalCode);
  if (!area)
    return {
      refused: `No spot price area found for countryCode ${location.countryCode} and postalCode ${location.postalCode}`,
    };
  const { tariffInfo, ...fields } = location;
  return { id, ...fields, spotPriceAreaId: area.id, ...(tariffInfo ? { tariffInfo } : {}) };
}

/** Why the user cannot have another location (the sandbox's bounds), or undefined. */
function locationsFull(world: World, user: UserRecord): string | undefined {
  if (user.locations.length >= WORLD_LIMITS.locationsPerUser)
    return `The sandbox keeps at most ${WORLD_LIMITS.locationsPerUser} locations per user`;
  if (world.users.reduce((sum, each) => sum + each.locations.length, 0) >= WORLD_LIMITS.locations)
    return `The sandbox keeps at most ${WORLD_LIMITS.locations} locations per API key: reset it with POST /__sandbox/reset`;
  return undefined;
}

function addLocation(world: World, userId: string, given: NewLocation): Outcome {
  const user = userRecord(world, userId);
  if (!user) return { refused: USERS_FULL };
  const full = locationsFull(world, user);
  if (full) return { refused: full };
  const location = located(given, nextId(world, 'loc'));
  if ('refused' in location) return location;
  user.locations.push(location);
  return { location };
}

function updateLocation(world: World, userId: string, locationId: string, given: NewLocation): Outcome {
  const found = locationOf(world, userId, locationId);
  if ('refused' in found) return found;
  const location = located(given, found.id);
  if ('refused' in location) return location;
  Object.assign(found, location);
  if (!location.tariffInfo) delete found.tariffInfo;
  return { location: found };
}

/** A location deleted: the devices that charge there stop following its price area (`locationRemoved`). */
function removeLocation(world: World, userId: string, locationId: string, now: number): Outcome {
  const found = locationOf(world, userId, locationId);
  if ('refused' in found) return found;
  const user = findUser(world, userId);
  if (user) {
    user.locations = user.locations.filter((location) => location !== found);
    locationRemoved(world, user.id, found.id, now);
  }
  return {};
}

function setLocationTariff(world: World, userId: string, locationId: string, tariffInfo?: TariffInfo): Outcome {
  const found = locationOf(world, userId, locationId);
  if ('refused' in found) return found;
  if (tariffInfo) found.tariffInfo = tariffInfo;
  else delete found.tariffInfo;
  return { location: found };
}

function setUserData(world: World, userId: string, data?: TariffInfo): Outcome {
  if (!data) {
    const user = findUser(world, userId);
    if (user) delete user.data;
    return {};
  }
  const user = userRecord(world, userId);
  if (!user) return { refused: USERS_FULL };
  user.data = data;
  return {};
}

/** Carries out a location command on the world (the copy `execute` gives it). */
export function carryOutLocationCommand(world: World, command: LocationCommand, now: number): Outcome {
  switch (command.type) {
    case 'add-location':
      return addLocation(world, command.userId, command.location);
    case 'update-location':
      return updateLocation(world, command.userId, command.locationId, command.location);
    case 'remove-location':
      return removeLocation(world, command.userId, command.locationId, now);
    case 'set-location-tariff':
      return setLocationTariff(world, command.userId, command.locationId, command.tariffInfo);
    case 'remove-location-tariff':
      return setLocationTariff(world, command.userId, command.locationId);
    case 'set-user-data':
      return setUserData(world, command.userId, command.data);
    case 'remove-user-data':
      return setUserData(world, command.userId);
  }
}
