// The account commands (#51): the redirect URI a Smartcar authorization URL is made for, a car's status update and a
// Wallbox account linked. Each leaves the world it is given as it was (frozen here), a refused one changes nothing,
// and a carried-out one answers the new world.
import { describe, expect, it } from 'vitest';
import { STATUS_UPDATE_WINDOW_MS, WALLBOX_TEST_ACCOUNT } from './account-commands';
import { refusalStatus } from './command-outcome';
import { deepFreeze, done, expectRefusals } from './command-test-kit';
import { execute, type Command } from './commands';
import { WORLD_LIMITS, type Vehicle, type World } from './model';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_USER, seedWorld } from './seed';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');

const car = (world: World) => world.devices.find((device) => device.id === SAMPLE_CAR) as Vehicle;
const user = (world: World, id: string) => world.users.find((candidate) => candidate.id === id);

const update: Command = { type: 'request-status-update', deviceId: SAMPLE_CAR };
const link = (userId: string, username: string, password: string): Command => ({
  type: 'link-wallbox-account',
  userId,
  username,
  password,
});

/** A world with a car linked through Enode (TELEMATICA), which has no Smartcar status to update. */
function withEnodeCar(): { world: World; deviceId: string } {
  const added = done(
    execute(
      seedWorld(NOW, NOW),
      {
        type: 'add-device',
        device: {
          userId: SAMPLE_USER,
          type: 'VEHICLE',
          integration: 'TELEMATICA',
          attributes: { make: 'KIA', model: 'EV6' },
          settings: {},
          sim: { soc: 40, plugSoc: 40, pluggedIn: true },
        },
      },
      NOW,
    ),
  );
  return { world: added.world, deviceId: added.device?.id ?? '' };
}

describe('request-status-update', () => {
  it('refuses a device the world does not have, one of another kind, and a car linked some other way', () => {
    const { world, deviceId } = withEnodeCar();
    expectRefusals(world, NOW, [
      [
        { type: 'request-status-update', deviceId: 'dev-gone' },
        { refused: 'Device dev-gone not found', notFound: true },
      ],
      [
        { type: 'request-status-update', deviceId: SAMPLE_CHARGER },
        { refused: `Device ${SAMPLE_CHARGER} is not of the kind this command is for (VEHICLE)` },
      ],
      [
        { type: 'request-status-update', deviceId },
        { refused: `Device ${deviceId} is not connected through Smartcar`, notFound: true },
      ],
    ]);
  });

  it('has the car report now, once per window: another within it is refused as too soon, one after it taken', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const first = done(execute(world, update, NOW));
    expect(car(first.world).statusUpdateAt).toBe(NOW);
    expect(car(first.world).sim.report).toEqual({ at: NOW, soc: car(world).sim.soc, charging: expect.any(Boolean) });
    expect(first.device?.id).toBe(SAMPLE_CAR);
    expect(first.world.touched).toBe(true);
    expect(car(world).statusUpdateAt).toBeUndefined();
    const later = NOW + STATUS_UPDATE_WINDOW_MS;
    expectRefusals(first.world, later - 1, [
      [update, { refused: `Too many status updates for ${SAMPLE_CAR}; try again later`, tooSoon: true }],
    ]);
    expect(car(done(execute(first.world, update, later)).world).statusUpdateAt).toBe(later);
  });
});

describe('remember-redirect-uri', () => {
  it('remembers the last URIs asked for, one asked again as the last, and counts as no change of the world', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const remember = (from: World, redirectUri: string) =>
      done(execute(from, { type: 'remember-redirect-uri', redirectUri }, NOW));
    const first = remember(world, 'https://app.example.com/a');
    const second = remember(remember(first.world, 'https://app.example.com/b').world, 'https://app.example.com/a');
    expect(second.world.smartcarRedirectUris).toEqual(['https://app.example.com/b', 'https://app.example.com/a']);
    expect(second.events).toEqual([]);
    // Only remembered for the code that comes back: the clock may still go back past it.
    expect(second.world.touched).toBe(false);
    expect(world.smartcarRedirectUris).toBeUndefined();
    let many = first.world;
    for (let index = 0; index <= WORLD_LIMITS.redirectUris; index += 1)
      many = remember(many, `https://app.example.com/cb/${index}`).world;
    expect(many.smartcarRedirectUris).toHaveLength(WORLD_LIMITS.redirectUris);
    expect(many.smartcarRedirectUris?.at(-1)).toBe(`https://app.example.com/cb/${WORLD_LIMITS.redirectUris}`);
    expect(many.smartcarRedirectUris).not.toContain('https://app.example.com/a');
  });
});

describe('link-wallbox-account', () => {
  it('refuses any account but the test account, and a new user past the bounds of a key', () => {
    let world = seedWorld(NOW, NOW);
    const rejected = { refused: 'Wallbox rejected the credentials' };
    expectRefusals(world, NOW, [
      [link('user-w', WALLBOX_TEST_ACCOUNT.username, 'wrong'), rejected],
      [link('user-w', 'someone@example.com', WALLBOX_TEST_ACCOUNT.password), rejected],
      [link('user-w', '', ''), rejected],
    ]);
    world = seedWorld(NOW, NOW);
    while (world.users.length < WORLD_LIMITS.users)
      world = done(
        execute(world, { type: 'set-user-data', userId: `user-${world.users.length}`, data: {} }, NOW),
      ).world;
    expectRefusals(world, NOW, [
      [
        link('user-new', WALLBOX_TEST_ACCOUNT.username, WALLBOX_TEST_ACCOUNT.password),
        { refused: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` },
      ],
    ]);
  });

  it('links the account for the user, made if new, keeping its user name and never its password', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const linked = done(
      execute(world, link('user-w', WALLBOX_TEST_ACCOUNT.username, WALLBOX_TEST_ACCOUNT.password), NOW),
    );
    expect(user(linked.world, 'user-w')).toEqual({
      id: 'user-w',
      locations: [],
      wallboxUsername: WALLBOX_TEST_ACCOUNT.username,
    });
    expect(JSON.stringify(linked.world)).not.toContain(WALLBOX_TEST_ACCOUNT.password);
    expect(linked.world.touched).toBe(true);
    expect(user(world, 'user-w')).toBeUndefined();
  });
});

describe('refusalStatus', () => {
  it('is 404 for what the world does not have, 429 for too soon, else 400', () => {
    expect(refusalStatus({ refused: 'gone', notFound: true })).toBe(404);
    expect(refusalStatus({ refused: 'later', tooSoon: true })).toBe(429);
    expect(refusalStatus({ refused: 'a rule' })).toBe(400);
  });
});
