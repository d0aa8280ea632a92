import { unitHash } from './prices';
import type { DeviceRecord, UserRecord, World } from './model';
import { WORLD_LIMITS } from './model';

/**
 * A new empty world at `now`, its clock following real time unless `fixedAt` is given; `idSeed` makes its ids its
 * own (the key's or session's).
 */
export function emptyWorld(now: number, fixedAt: number | null = null, idSeed?: string): World {
  return {
    version: 3,
    clock: { fixedAt },
    simulatedTo: now,
    touched: false,
    seq: 0,
    ...(idSeed === undefined ? {} : { idSeed }),
    users: [],
    devices: [],
    testPrices: {},
  };
}

const hex = (value: number, digits: number) =>
  Math.floor(value * (16 ** digits - 1))
    .toString(16)
    .padStart(digits, '0');

/**
 * The next id with a prefix: counted per world and spread by a hash, so that ids look like the API's and the same
 * requests give the same ids. A world with an `idSeed` starts each id with four hex digits of its own and hashes the
 * count with the seed (`dev-9c1e1f3a9c`), so that two keys' sandboxes never share an id and a test of isolation
 * cannot be fooled by one; without one, `dev-1f3a9c`.
 */
export function nextId(world: World, prefix: string): string {
  const seed = world.idSeed;
  for (;;) {
    world.seq += 1;
    const id =
      seed === undefined
        ? `${prefix}-${hex(unitHash(`${prefix}:${world.seq}`), 6)}`
        : `${prefix}-${hex(unitHash(`ids:${seed}`), 4)}${hex(unitHash(`${seed}:${prefix}:${world.seq}`), 6)}`;
    if (
      !world.devices.some((device) => device.id === id) &&
      !world.users.some((user) => user.locations.some((location) => location.id === id))
    )
      return id;
  }
}

export const findUser = (world: World, userId: string): UserRecord | undefined =>
  world.users.find((user) => user.id === userId);

/** The user's record, started by the first call that stores something for them; undefined past the world's bound. */
export function userRecord(world: World, userId: string): UserRecord | undefined {
  const found = findUser(world, userId);
  if (found) return found;
  if (world.users.length >= WORLD_LIMITS.users) return undefined;
  const user: UserRecord = { id: userId, locations: [] };
  world.users.push(user);
  return user;
}

export const findDevice = (world: World, deviceId: string): DeviceRecord | undefined =>
  world.devices.find((device) => device.id === deviceId);

export function findLocation(world: World, userId: string, locationId: string | null | undefined) {
  if (!locationId) return undefined;
  return findUser(world, userId)?.locations.find((location) => location.id === locationId);
}
