// The location commands (#51): each leaves the world it is given as it was (frozen here), a refused one changes
// nothing, not even the count behind ids, and a carried-out one answers the new world with the location it made.
import { describe, expect, it } from 'vitest';
import { deepFreeze, done, expectRefusals } from './command-test-kit';
import { execute } from './commands';
import type { NewLocation } from './location-commands';
import { WORLD_LIMITS, type Vehicle, type World } from './model';
import { SAMPLE_CAR, SAMPLE_LOCATION, SAMPLE_USER, seedWorld } from './seed';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');

const OFFICE: NewLocation = {
  name: 'Office',
  coordinates: { latitude: 57.7089, longitude: 11.9746 },
  countryCode: 'SE',
  postalCode: '41103',
  streetAddress: 'Kungsgatan 1',
  city: 'Göteborg',
};

const locations = (world: World) => world.users.find((user) => user.id === SAMPLE_USER)?.locations ?? [];
const user = (world: World, id = SAMPLE_USER) => world.users.find((candidate) => candidate.id === id);

describe('location commands', () => {
  it('refuse a location the world does not have, one with no spot price area, and one past the bounds', () => {
    const world = seedWorld(NOW, NOW);
    const gone = { refused: `Location loc-gone not found for user ${SAMPLE_USER}`, notFound: true as const };
    const nowhere = { ...OFFICE, countryCode: 'XX', postalCode: '00000' };
    expectRefusals(world, NOW, [
      [{ type: 'update-location', userId: SAMPLE_USER, locationId: 'loc-gone', location: OFFICE }, gone],
      [{ type: 'remove-location', userId: SAMPLE_USER, locationId: 'loc-gone' }, gone],
      [{ type: 'set-location-tariff', userId: SAMPLE_USER, locationId: 'loc-gone', tariffInfo: {} }, gone],
      [{ type: 'remove-location-tariff', userId: SAMPLE_USER, locationId: 'loc-gone' }, gone],
      [
        { type: 'remove-location', userId: 'user-other', locationId: SAMPLE_LOCATION },
        { refused: `Location ${SAMPLE_LOCATION} not found for user user-other`, notFound: true },
      ],
      [
        { type: 'add-location', userId: 'user-new', location: nowhere },
        { refused: 'No spot price area found for countryCode XX and postalCode 00000' },
      ],
      [
        { type: 'update-location', userId: SAMPLE_USER, locationId: SAMPLE_LOCATION, location: nowhere },
        { refused: 'No spot price area found for countryCode XX and postalCode 00000' },
      ],
    ]);
  });

  it('refuse a user past the bounds of a key, and a location past those of a user', () => {
    let world = seedWorld(NOW, NOW);
    while (world.users.length < WORLD_LIMITS.users)
      world = done(
        execute(world, { type: 'set-user-data', userId: `user-${world.users.length}`, data: {} }, NOW),
      ).world;
    while (locations(world).length < WORLD_LIMITS.locationsPerUser)
      world = done(execute(world, { type: 'add-location', userId: SAMPLE_USER, location: OFFICE }, NOW)).world;
    const usersFull = `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key: reset it with POST /__sandbox/reset`;
    expectRefusals(world, NOW, [
      [{ type: 'add-location', userId: 'user-new', location: OFFICE }, { refused: usersFull }],
      [{ type: 'set-user-data', userId: 'user-new', data: {} }, { refused: usersFull }],
      [
        { type: 'add-location', userId: SAMPLE_USER, location: OFFICE },
        { refused: `The sandbox keeps at most ${WORLD_LIMITS.locationsPerUser} locations per user` },
      ],
    ]);
  });

  it('add a location with an id and spot price area of its own, and a user record for a new user', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const added = done(execute(world, { type: 'add-location', userId: 'user-new', location: OFFICE }, NOW));
    expect(added.location).toEqual({ id: expect.stringMatching(/^loc-/), ...OFFICE, spotPriceAreaId: 'SE3' });
    expect(user(added.world, 'user-new')?.locations).toEqual([added.location]);
    expect(added.world.touched).toBe(true);
    expect(user(world, 'user-new')).toBeUndefined();
  });

  it('update a location whole: a tariff not sent is gone', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const withTariff = done(
      execute(
        world,
        {
          type: 'set-location-tariff',
          userId: SAMPLE_USER,
          locationId: SAMPLE_LOCATION,
          tariffInfo: { tariff: 'Fast' },
        },
        NOW,
      ),
    ).world;
    expect(locations(withTariff)[0]?.tariffInfo).toEqual({ tariff: 'Fast' });
    const updated = done(
      execute(
        withTariff,
        { type: 'update-location', userId: SAMPLE_USER, locationId: SAMPLE_LOCATION, location: OFFICE },
        NOW,
      ),
    );
    expect(updated.location).toEqual({ id: SAMPLE_LOCATION, ...OFFICE, spotPriceAreaId: 'SE3' });
    expect(locations(updated.world)).toEqual([updated.location]);
    const untariffed = done(
      execute(withTariff, { type: 'remove-location-tariff', userId: SAMPLE_USER, locationId: SAMPLE_LOCATION }, NOW),
    );
    expect(untariffed.location?.tariffInfo).toBeUndefined();
    expect(locations(world)[0]?.name).toBe('Home');
  });

  it('remove a location, and the car that was plugged in there no longer charges by its prices', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const car = (of: World) => of.devices.find((device) => device.id === SAMPLE_CAR) as Vehicle;
    expect(car(world).sim.locationId).toBe(SAMPLE_LOCATION);
    const removed = done(
      execute(world, { type: 'remove-location', userId: SAMPLE_USER, locationId: SAMPLE_LOCATION }, NOW),
    );
    expect(locations(removed.world)).toEqual([]);
    expect(car(removed.world).sim.locationId).toBeNull();
    expect(locations(world)).toHaveLength(1);
  });

  it("set and remove a user's data", () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const set = done(execute(world, { type: 'set-user-data', userId: SAMPLE_USER, data: { meterId: '42' } }, NOW));
    expect(user(set.world)?.data).toEqual({ meterId: '42' });
    const removed = done(execute(set.world, { type: 'remove-user-data', userId: SAMPLE_USER }, NOW));
    expect(user(removed.world)?.data).toBeUndefined();
    // Removing the data of a user the world does not have changes nothing but says the world has changed.
    const none = done(execute(world, { type: 'remove-user-data', userId: 'user-none' }, NOW));
    expect(none.world.users).toEqual(world.users);
    expect(user(world)?.data?.meterId).toBe('735999100012345678');
  });
});
