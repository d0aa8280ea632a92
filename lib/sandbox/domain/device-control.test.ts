// The device control command (#51), what PATCH /__sandbox/devices/{id} carries out: it leaves the world it is given
// as it was (frozen here), a refused one changes nothing, and a carried-out one answers the new world with the device
// and the events it noted: the cable, the connection (a charger's missed heartbeat noted for when it comes), a fault
// and the statuses that changed.
import { describe, expect, it } from 'vitest';
import { deepFreeze, done, expectRefusals } from './command-test-kit';
import { execute, type Command } from './commands';
import type { DeviceControls } from './device-control';
import type { World } from './model';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP, SAMPLE_LOCATION, SAMPLE_USER, seedWorld } from './seed';
import { HEARTBEAT_MS, OFFLINE_AFTER_MS } from './simulate';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');

const control = (deviceId: string, controls: DeviceControls): Command => ({
  type: 'control-device',
  deviceId,
  controls,
});
const device = (world: World, id: string) => world.devices.find((candidate) => candidate.id === id);
const types = (events: { type: string }[]) => events.map((event) => event.type);

/** The sample world with a second location of the sample user, where the car can plug in. */
function withWork(): World {
  const world = seedWorld(NOW, NOW);
  const home = world.users[0]?.locations[0];
  if (!home) throw new Error('no home');
  world.users[0]?.locations.push({ ...home, id: 'loc-work', name: 'Work' });
  return world;
}

describe('control-device', () => {
  it('refuses a device the world does not have, a location not of the user, and a cable or charge on a heat pump', () => {
    const heatPump = `Device ${SAMPLE_HEAT_PUMP} is a heat pump: only "online" and "fault" apply`;
    expectRefusals(seedWorld(NOW, NOW), NOW, [
      [control('dev-gone', { online: false }), { refused: 'Device dev-gone not found', notFound: true }],
      [
        control(SAMPLE_CAR, { locationId: 'loc-other', soc: 50 }),
        {
          refused: `Field "locationId" is loc-other, not a location of user ${SAMPLE_USER} where this vehicle can plug in`,
        },
      ],
      [
        control(SAMPLE_CHARGER, { locationId: SAMPLE_LOCATION }),
        {
          refused: `Field "locationId" is ${SAMPLE_LOCATION}, not a location of user ${SAMPLE_USER} where this vehicle can plug in`,
        },
      ],
      [control(SAMPLE_HEAT_PUMP, { pluggedIn: true }), { refused: heatPump }],
      [control(SAMPLE_HEAT_PUMP, { soc: 20, online: false }), { refused: heatPump }],
    ]);
  });

  it('unplugs a car and plugs it in again, noting the cable and the status', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const unplugged = done(execute(world, control(SAMPLE_CAR, { pluggedIn: false }), NOW));
    expect(unplugged.device?.sim).toMatchObject({ pluggedIn: false, locationId: null });
    expect(unplugged.events[0]).toEqual({ at: NOW, type: 'unplugged', deviceId: SAMPLE_CAR });
    expect(unplugged.events.at(-1)).toMatchObject({
      type: 'status-changed',
      deviceId: SAMPLE_CAR,
      to: 'CABLE_UNPLUGGED',
    });
    expect(unplugged.world.touched).toBe(true);
    expect(device(world, SAMPLE_CAR)?.sim.pluggedIn).toBe(true);
    const again = done(execute(unplugged.world, control(SAMPLE_CAR, { pluggedIn: true, soc: 30 }), NOW));
    expect(again.device?.sim).toMatchObject({ pluggedIn: true, locationId: SAMPLE_LOCATION, soc: 30 });
    expect(types(again.events)).toContain('plugged-in');
  });

  it('moves a plugged-in car to another location of its user, but does not plug in an unplugged one', () => {
    const world = deepFreeze(withWork());
    const moved = done(execute(world, control(SAMPLE_CAR, { locationId: 'loc-work' }), NOW));
    expect(moved.device?.sim).toMatchObject({ pluggedIn: true, locationId: 'loc-work' });
    const unplugged = done(execute(world, control(SAMPLE_CAR, { pluggedIn: false }), NOW)).world;
    const there = done(execute(unplugged, control(SAMPLE_CAR, { locationId: 'loc-work' }), NOW));
    expect(there.device?.sim).toMatchObject({ pluggedIn: false, locationId: null });
    expect(device(world, SAMPLE_CAR)?.sim.locationId).toBe(SAMPLE_LOCATION);
  });

  it("notes a charger's missed heartbeat and offline for when they come, and forgets them when it is back first", () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const offline = done(execute(world, control(SAMPLE_CHARGER, { online: false }), NOW));
    const heartbeat = offline.device?.sim.lastHeartbeat ?? Number.NaN;
    expect(heartbeat).toBeLessThanOrEqual(NOW);
    expect(offline.events).toEqual([
      { at: heartbeat + HEARTBEAT_MS, type: 'heartbeat-missed', deviceId: SAMPLE_CHARGER },
      { at: heartbeat + OFFLINE_AFTER_MS, type: 'offline', deviceId: SAMPLE_CHARGER },
    ]);
    const back = done(execute(offline.world, control(SAMPLE_CHARGER, { online: true }), NOW));
    // The events of the command are its own, though those it forgot were the last of the timeline.
    expect(back.events).toEqual([{ at: NOW, type: 'online', deviceId: SAMPLE_CHARGER }]);
    expect(types(back.world.timeline?.events ?? [])).not.toContain('heartbeat-missed');
    expect(back.device?.sim.online).toBe(true);
    // A vehicle, and a heat pump, are offline at once.
    const car = done(execute(world, control(SAMPLE_CAR, { online: false }), NOW));
    expect(car.events[0]).toEqual({ at: NOW, type: 'offline', deviceId: SAMPLE_CAR });
    const pump = done(execute(world, control(SAMPLE_HEAT_PUMP, { online: false }), NOW));
    expect(pump.events).toEqual([{ at: NOW, type: 'offline', deviceId: SAMPLE_HEAT_PUMP }]);
  });

  it('sets and clears a fault, noting each change and nothing for the fault the device has already', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const faulty = done(execute(world, control(SAMPLE_CHARGER, { fault: 'GroundFailure' }), NOW));
    expect(faulty.device?.sim.fault).toBe('GroundFailure');
    expect(faulty.events[0]).toEqual({ at: NOW, type: 'fault', deviceId: SAMPLE_CHARGER, fault: 'GroundFailure' });
    expect(faulty.events.at(-1)).toMatchObject({ type: 'status-changed', deviceId: SAMPLE_CHARGER, to: 'ERROR' });
    const same = done(execute(faulty.world, control(SAMPLE_CHARGER, { fault: 'GroundFailure' }), NOW));
    expect(same.events).toEqual([]);
    const cleared = done(execute(faulty.world, control(SAMPLE_CHARGER, { fault: null }), NOW));
    expect(cleared.device?.sim.fault).toBeNull();
    expect(cleared.events[0]).toEqual({ at: NOW, type: 'fault-cleared', deviceId: SAMPLE_CHARGER });
    const pump = done(execute(world, control(SAMPLE_HEAT_PUMP, { fault: 'HighTemperature' }), NOW));
    expect(pump.device?.sim.fault).toBe('HighTemperature');
    expect(device(world, SAMPLE_CHARGER)?.sim.fault).toBeNull();
  });
});
