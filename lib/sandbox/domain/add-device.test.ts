// The one command that adds a device (#51): its bounds are checked before it changes anything, so a refused add
// leaves the world as it was (before, connecting a car past the device limit had already recorded its user).
import { describe, expect, it } from 'vitest';
import { addDevice, isRefusal, type NewDevice } from './add-device';
import { WORLD_LIMITS } from './model';
import { seedWorld } from './seed';

const NOW = Date.parse('2025-03-14T12:00:00Z');
const car = (userId: string): NewDevice => ({
  userId,
  type: 'VEHICLE',
  integration: 'SMARTCAR',
  attributes: { make: 'VOLVO', model: 'EX30' },
  settings: {},
  smartcarCar: `code-${userId}`,
  sim: { soc: 42, plugSoc: 42, pluggedIn: true },
});

describe('addDevice', () => {
  it('adds a device with an id of the world, no sessions yet, its state over a new one, and records its user', () => {
    const world = seedWorld(NOW);
    const before = world.devices.length;
    const added = addDevice(world, car('user-new'), NOW);
    if (isRefusal(added)) throw new Error(added.refused);
    expect(world.devices).toHaveLength(before + 1);
    expect(world.devices.at(-1)).toBe(added);
    expect(added).toMatchObject({
      userId: 'user-new',
      createdAt: NOW,
      sessions: [],
      smartcarCar: 'code-user-new',
    });
    expect(added.id).toMatch(/^dev-[0-9a-f]{6}$/);
    expect(added.sim).toMatchObject({ soc: 42, pluggedIn: true, online: true });
    expect(world.users.some((user) => user.id === 'user-new')).toBe(true);
  });

  it('refuses past the devices of a key, and past its users, changing nothing', () => {
    const full = seedWorld(NOW);
    while (full.devices.length < WORLD_LIMITS.devices) addDevice(full, car(`user-${full.devices.length % 5}`), NOW);
    const users = full.users.length;
    const text = JSON.stringify(full);
    expect(addDevice(full, car('user-one-more'), NOW)).toEqual({
      refused: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key`,
    });
    expect(full.users).toHaveLength(users);
    expect(JSON.stringify(full)).toBe(text);

    const crowded = seedWorld(NOW);
    for (let index = crowded.users.length; index < WORLD_LIMITS.users; index += 1)
      crowded.users.push({ id: `user-${index}`, locations: [] });
    const before = JSON.stringify(crowded);
    expect(addDevice(crowded, car('user-101'), NOW)).toEqual({
      refused: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key`,
    });
    expect(JSON.stringify(crowded)).toBe(before);
    // A user already recorded may still add one.
    expect(isRefusal(addDevice(crowded, car('user-5'), NOW))).toBe(false);
  });
});
