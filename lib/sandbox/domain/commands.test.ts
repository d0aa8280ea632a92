// The commands (#51): each is (world, command, now) → { world, events } | a refusal. A command leaves the world it is
// given as it was (the tests freeze it), a refused one changes nothing, not even whether the world has changed, and
// the rule of previousChargingBehavior holds for every command that changes the behaviour.
import { describe, expect, it } from 'vitest';
import { deepFreeze, done } from './command-test-kit';
import { execute, type Command, type CommandRefusal } from './commands';
import type { Charger, Vehicle, World } from './model';
import { WORLD_LIMITS } from './model';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP, SAMPLE_LOCATION, SAMPLE_USER, seedWorld } from './seed';
import { HOUR_MS } from './zones';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');

const vehicle = (world: World) => world.devices.find((device) => device.id === SAMPLE_CAR) as Vehicle;
const charger = (world: World) => world.devices.find((device) => device.id === SAMPLE_CHARGER) as Charger;

const car = (userId: string): Command => ({
  type: 'add-device',
  device: {
    userId,
    type: 'VEHICLE',
    integration: 'SMARTCAR',
    attributes: { make: 'VOLVO', model: 'EX30' },
    settings: {},
    smartcarCar: `code-${userId}`,
    sim: { soc: 42, plugSoc: 42, pluggedIn: true },
  },
});

describe('execute', () => {
  it('leaves the world it is given as it was, and answers a new one with what the simulation did', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const text = JSON.stringify(world);
    const result = done(execute(world, { type: 'start-charging', deviceId: SAMPLE_CAR }, NOW));
    expect(JSON.stringify(world)).toBe(text);
    expect(result.world).not.toBe(world);
    expect(result.world.touched).toBe(true);
    expect(vehicle(result.world).sim.immediate).toBe(true);
    expect(result.device?.id).toBe(SAMPLE_CAR);
    // The events are the command's own, the last of the new world's timeline.
    expect(result.events.map((event) => event.type)).toEqual(['session-started']);
    expect(result.world.timeline?.events.slice(-result.events.length)).toEqual(result.events);
  });

  it('refuses a command that breaks a rule, changing nothing, not even whether the world has changed', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    expect(world.touched).toBe(false);
    const text = JSON.stringify(world);
    const refusals: [Command, CommandRefusal][] = [
      [
        {
          type: 'set-vehicle-preferences',
          deviceId: SAMPLE_CAR,
          preferences: { minimalPercent: 90, targetPercent: 80 },
        },
        { refused: 'Request body: field "minimalSoC" 90 is above targetSoC 80' },
      ],
      [
        { type: 'set-charger-preferences', deviceId: SAMPLE_CHARGER, preferences: { locationId: 'loc-gone' } },
        { refused: `Request body: field "locationId" is loc-gone, not a location of user ${SAMPLE_USER}` },
      ],
      [
        { type: 'change-heating-preferences', deviceId: SAMPLE_HEAT_PUMP, changes: { minComfortLimit: 30 } },
        { refused: 'minComfortLimit must not be above maxComfortLimit (30 > 23)' },
      ],
      [
        { type: 'stop-charging', deviceId: 'dev-gone' },
        { refused: 'Device dev-gone not found', notFound: true },
      ],
      [
        { type: 'start-charging', deviceId: SAMPLE_HEAT_PUMP },
        { refused: `Device ${SAMPLE_HEAT_PUMP} is not of the kind this command is for (VEHICLE or EV_CHARGER)` },
      ],
    ];
    for (const [command, refusal] of refusals) expect(execute(world, command, NOW)).toEqual(refusal);
    expect(JSON.stringify(world)).toBe(text);
  });

  it('adds a device, once each, up to the devices of a key', () => {
    let world = seedWorld(NOW, NOW);
    const added = done(execute(world, car('user-new'), NOW));
    expect(added.device).toMatchObject({ userId: 'user-new', type: 'VEHICLE', sessions: [], createdAt: NOW });
    expect(added.device?.sim.report).toEqual({ at: NOW, soc: 42, charging: false });
    expect(added.world.users.some((user) => user.id === 'user-new')).toBe(true);
    while (world.devices.length < WORLD_LIMITS.devices) world = done(execute(world, car('user-1'), NOW)).world;
    const full = deepFreeze(world);
    expect(execute(full, car('user-2'), NOW)).toEqual({
      refused: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key`,
    });
  });

  it('removes a device', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const removed = done(execute(world, { type: 'remove-device', deviceId: SAMPLE_CHARGER }, NOW));
    expect(removed.world.devices.map((device) => device.id)).toEqual([SAMPLE_CAR, SAMPLE_HEAT_PUMP]);
    expect(world.devices).toHaveLength(3);
  });
});

describe('previousChargingBehavior, one rule for every command that changes the behaviour', () => {
  it('start-charging and stop-charging switch smart charging off and keep the behaviour to go back to', () => {
    let world = seedWorld(NOW, NOW);
    world = done(execute(world, { type: 'start-charging', deviceId: SAMPLE_CAR }, NOW)).world;
    expect(vehicle(world).preferences?.chargingBehavior).toBe('SMART_CHARGE_OFF');
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect(vehicle(world).sim).toMatchObject({ immediate: true, changedAt: NOW, planDueAt: null });
    // Again, and then stopped: smart charging was off already, so the behaviour to go back to stays.
    world = done(execute(world, { type: 'start-charging', deviceId: SAMPLE_CAR }, NOW)).world;
    world = done(execute(world, { type: 'stop-charging', deviceId: SAMPLE_CAR }, NOW + HOUR_MS)).world;
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect(vehicle(world).sim.immediate).toBe(false);
    world = done(execute(world, { type: 'stop-charging', deviceId: SAMPLE_CHARGER }, NOW)).world;
    expect(charger(world).preferences?.chargingBehavior).toBe('SMART_CHARGE_OFF');
    expect(charger(world).previousChargingBehavior).toBe('SMART_CHARGE_ON');
  });

  it('a device with no preferences charges at once and keeps no behaviour', () => {
    const world = seedWorld(NOW, NOW);
    vehicle(world).preferences = undefined;
    vehicle(world).previousChargingBehavior = undefined;
    const started = vehicle(done(execute(world, { type: 'start-charging', deviceId: SAMPLE_CAR }, NOW)).world);
    expect(started.previousChargingBehavior).toBeUndefined();
    expect(started.sim.immediate).toBe(true);
  });

  it('new preferences keep the behaviour they replace only when they change it', () => {
    const set = (world: World, chargingBehavior?: Vehicle['previousChargingBehavior']) =>
      done(
        execute(
          world,
          {
            type: 'set-vehicle-preferences',
            deviceId: SAMPLE_CAR,
            preferences: { chargingBehavior, chargingLocationIds: [SAMPLE_LOCATION] },
          },
          NOW,
        ),
      ).world;
    let world = set(seedWorld(NOW, NOW), 'SMART_CHARGE_ANYWHERE');
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    world = set(world, 'SMART_CHARGE_ANYWHERE');
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    world = set(world, undefined);
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect(vehicle(world).preferences).toEqual({ chargingLocationIds: [SAMPLE_LOCATION] });
    world = set(world, 'SMART_CHARGE_OFF');
    expect(vehicle(world).previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
  });
});
