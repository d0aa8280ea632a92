// The statuses a device's simulated state gives (sandbox.mdx, "Statuses"; chargers.mdx for OCPP), the sample user's
// demonstration set, and the world's ids.
import { beforeEach, describe, expect, it } from 'vitest';
import { chargeNow, plugIn, setFault, setOnline, unplug } from './events';
import type { Charger, ChargingDevice, ChargingSessionRecord, HeatPump, Vehicle, World } from './model';
import {
  newSim,
  SAMPLE_CAR,
  SAMPLE_CAR_AUTH_CODE,
  SAMPLE_CHARGER,
  SAMPLE_HEAT_PUMP,
  SAMPLE_LOCATION,
  SAMPLE_USER,
  seedWorld,
} from './seed';
import { advance, OFFLINE_AFTER_MS, PLANNING_DELAY_MS } from './simulate';
import { chargerOnline, ocppStatus, simulatedState, unifiedStatus, vehicleChargingStatus } from './status';
import { emptyWorld, findDevice, findLocation, nextId, userRecord } from './world';
import { WORLD_LIMITS } from './model';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './zones';

// Wednesday 2025-01-15, 10:20 in Stockholm (CET).
const NOW = Date.parse('2025-01-15T10:20:00+01:00');
const AFTERNOON = Date.parse('2025-01-15T14:20:00+01:00');

let world: World;
let car: Vehicle;
let charger: Charger;

beforeEach(() => {
  world = seedWorld(NOW, NOW);
  car = findDevice(world, SAMPLE_CAR) as Vehicle;
  charger = findDevice(world, SAMPLE_CHARGER) as Charger;
});

/** The car unplugged and plugged in again at home at `at`, `soc` % full, its schedule made. */
function replug(device: ChargingDevice, at: number, soc: number) {
  advance(world, at);
  unplug(world, device, at);
  device.sim.soc = soc;
  device.sim.plugSoc = soc;
  plugIn(world, device, at, device.type === 'VEHICLE' ? SAMPLE_LOCATION : undefined);
}

describe('chargerOnline', () => {
  it('is true while the last heartbeat is under ten minutes old', () => {
    setOnline(charger, false, NOW);
    const last = charger.sim.lastHeartbeat ?? 0;
    expect(chargerOnline(charger, last + OFFLINE_AFTER_MS - 1)).toBe(true);
    expect(chargerOnline(charger, last + OFFLINE_AFTER_MS)).toBe(false);
    charger.sim = { ...charger.sim, lastHeartbeat: null };
    expect(chargerOnline(charger, NOW)).toBe(false);
  });
});

describe('unifiedStatus', () => {
  it('walks a car through plug-in, calculating, waiting, charging and completed', () => {
    // After 13:00, so that no publication makes the schedule again before its first hour.
    replug(car, AFTERNOON, 40);
    expect(unifiedStatus(world, car, AFTERNOON)).toBe('CALCULATING_SCHEDULE');
    advance(world, AFTERNOON + PLANNING_DELAY_MS);
    const hours = Object.keys(car.plan?.hourly ?? {}).map(Number);
    const first = Math.min(...hours);
    expect(first).toBeGreaterThan(AFTERNOON);
    expect(unifiedStatus(world, car, AFTERNOON + PLANNING_DELAY_MS)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    advance(world, first);
    expect(unifiedStatus(world, car, first)).toBe('SMART_CHARGING');
    const readyAt = car.plan?.readyAt ?? 0;
    advance(world, readyAt - MINUTE_MS);
    expect(unifiedStatus(world, car, readyAt - MINUTE_MS)).toBe('SMART_CHARGING_COMPLETED');
  });

  it('is OFFLINE, ERROR or CABLE_UNPLUGGED before anything else', () => {
    car.sim.online = false;
    expect(unifiedStatus(world, car, NOW)).toBe('OFFLINE');
    car.sim.online = true;
    setFault(car, 'GroundFailure', NOW);
    expect(unifiedStatus(world, car, NOW)).toBe('ERROR');
    setFault(car, null, NOW);
    unplug(world, car, NOW);
    expect(unifiedStatus(world, car, NOW)).toBe('CABLE_UNPLUGGED');
    setOnline(charger, false, NOW);
    expect(unifiedStatus(world, charger, NOW + OFFLINE_AFTER_MS)).toBe('OFFLINE');
    expect(unifiedStatus(world, charger, NOW)).toBe('CABLE_UNPLUGGED');
  });

  it('charging at once: IMMEDIATE_CHARGING until full, then CHARGING_COMPLETED', () => {
    chargeNow(world, car, NOW);
    expect(unifiedStatus(world, car, NOW)).toBe('IMMEDIATE_CHARGING');
    car.sim.online = true;
    car.sim.soc = 99.99;
    car.sim.powerKw = 0;
    // Not charging (no power), yet short of full: still charging at once.
    expect(unifiedStatus(world, car, NOW)).toBe('IMMEDIATE_CHARGING');
    car.sim.soc = 100;
    expect(unifiedStatus(world, car, NOW)).toBe('CHARGING_COMPLETED');
  });

  it('SMART_CHARGING_DISABLED with smart charging off, CABLE_PLUGGED where it does not apply', () => {
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(unifiedStatus(world, car, NOW)).toBe('SMART_CHARGING_DISABLED');
    car.preferences = { ...car.preferences, chargingBehavior: undefined };
    expect(unifiedStatus(world, car, NOW)).toBe('SMART_CHARGING_DISABLED');
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_AT_LOCATION', chargingLocationIds: [] };
    expect(unifiedStatus(world, car, NOW)).toBe('CABLE_PLUGGED');
  });

  it('SMART_CHARGING_COMPLETED at the target, or once a session of this plug-in completed with nothing more planned', () => {
    replug(car, NOW, 40);
    advance(world, NOW + PLANNING_DELAY_MS);
    car.sim.soc = 80;
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('SMART_CHARGING_COMPLETED');
    car.sim.soc = 79.99;
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    car.sessions.push({
      id: 'ses-x',
      createdAt: NOW,
      endAt: NOW + 1,
      status: 'COMPLETE',
      hourly: {},
      immediate: false,
    });
    // A schedule towards a target above the state of charge is one to wait for, whatever completed before it
    // (/docs/smart-charging: SMART_CHARGING_COMPLETED is "at or above targetSoC", with no schedule).
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    if (car.plan) car.plan = { ...car.plan, hourly: {} };
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('SMART_CHARGING_COMPLETED');
    // A session completed before this plug-in is not this plug-in's.
    car.sessions.push({
      id: 'ses-y',
      createdAt: NOW - 1,
      endAt: NOW,
      status: 'COMPLETE',
      hourly: {},
      immediate: false,
    });
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    car.sessions.push({ id: 'ses-z', createdAt: NOW, endAt: NOW, status: 'INTERRUPTED', hourly: {}, immediate: false });
    expect(unifiedStatus(world, car, NOW + PLANNING_DELAY_MS)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
  });
});

describe('ocppStatus', () => {
  it('FAULTED, UNAVAILABLE without a heartbeat, AVAILABLE unplugged', () => {
    expect(ocppStatus(world, charger, NOW)).toBe('AVAILABLE');
    setFault(charger, 'GroundFailure', NOW);
    expect(ocppStatus(world, charger, NOW)).toBe('FAULTED');
    setFault(charger, null, NOW);
    charger.sim = { ...charger.sim, online: false, onlineSince: null, lastHeartbeat: null };
    expect(ocppStatus(world, charger, NOW)).toBe('UNAVAILABLE');
  });

  it('PREPARING while the schedule is calculated, SUSPENDED_EVSE waiting, CHARGING, SUSPENDED_EV when done', () => {
    replug(charger, AFTERNOON, 40);
    expect(ocppStatus(world, charger, AFTERNOON)).toBe('PREPARING');
    advance(world, AFTERNOON + PLANNING_DELAY_MS);
    expect(ocppStatus(world, charger, AFTERNOON + PLANNING_DELAY_MS)).toBe('SUSPENDED_EVSE');
    const first = Math.min(...Object.keys(charger.plan?.hourly ?? {}).map(Number));
    advance(world, first);
    expect(ocppStatus(world, charger, first)).toBe('CHARGING');
    const readyAt = charger.plan?.readyAt ?? 0;
    advance(world, readyAt);
    expect(ocppStatus(world, charger, readyAt)).toBe('SUSPENDED_EV');
  });

  it('PREPARING with a car on the cable and no goal; SUSPENDED_EV when full; SUSPENDED_EVSE with smart charging off', () => {
    charger.preferences = { ...charger.preferences, locationId: 'loc-gone' };
    replug(charger, NOW, 40);
    expect(ocppStatus(world, charger, NOW)).toBe('PREPARING');
    charger.sim.soc = 100;
    expect(ocppStatus(world, charger, NOW)).toBe('SUSPENDED_EV');
    charger.sim.soc = 40;
    charger.preferences = { ...charger.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(ocppStatus(world, charger, NOW)).toBe('SUSPENDED_EVSE');
  });
});

describe('vehicleChargingStatus', () => {
  it('DISCONNECTED, PLUGGED, CHARGING, CHARGING_COMPLETED', () => {
    replug(car, NOW, 40);
    expect(vehicleChargingStatus(car, NOW)).toBe('PLUGGED');
    chargeNow(world, car, NOW);
    expect(vehicleChargingStatus(car, NOW)).toBe('CHARGING');
    advance(world, NOW + DAY_MS);
    expect(vehicleChargingStatus(car, NOW + DAY_MS)).toBe('CHARGING_COMPLETED');
    unplug(world, car, NOW + DAY_MS);
    expect(vehicleChargingStatus(car, NOW + DAY_MS)).toBe('DISCONNECTED');
  });
});

describe('simulatedState', () => {
  it('is what the controls show of a car: where it is, its charge, range, power and session', () => {
    chargeNow(world, car, NOW);
    advance(world, NOW + 30 * MINUTE_MS);
    const state = simulatedState(world, car, NOW + 30 * MINUTE_MS);
    const session = car.sessions.at(-1);
    expect(state).toEqual({
      deviceId: SAMPLE_CAR,
      type: 'VEHICLE',
      pluggedIn: true,
      locationId: SAMPLE_LOCATION,
      soc: Math.round(car.sim.soc * 10) / 10,
      online: true,
      fault: null,
      chargingPowerKw: 11,
      batteryCapacityKwh: 64,
      rangeKm: Math.round((car.sim.soc / 100) * 64 * 7),
      status: 'IMMEDIATE_CHARGING',
      targetSoc: 100,
      activeSessionId: session?.id,
    });
    unplug(world, car, NOW + 30 * MINUTE_MS);
    const after = simulatedState(world, car, NOW + 30 * MINUTE_MS);
    expect(after).toMatchObject({ pluggedIn: false, locationId: null, chargingPowerKw: 0, status: 'CABLE_UNPLUGGED' });
    expect(after).not.toHaveProperty('activeSessionId');
  });

  it('rounds the power to hundredths and the charge to tenths', () => {
    replug(car, NOW, 40.04);
    advance(world, NOW + PLANNING_DELAY_MS);
    const hour = Math.floor(NOW / HOUR_MS) * HOUR_MS + 3 * HOUR_MS;
    car.plan = { ...(car.plan as NonNullable<Vehicle['plan']>), hourly: { [String(hour)]: 1.23456 } };
    const state = simulatedState(world, car, hour);
    expect(state.chargingPowerKw).toBe(1.23);
    expect(state.soc).toBe(40);
  });

  it('as /docs/sandbox says, shows a charger offline as soon as the control takes it offline, with its last heartbeat', () => {
    const last = new Date(charger.sim.onlineSince ?? 0).toISOString();
    expect(simulatedState(world, charger, NOW)).toMatchObject({ online: true, lastHeartbeat: expect.any(String) });
    setOnline(charger, false, NOW);
    const heartbeat = charger.sim.lastHeartbeat ?? 0;
    // The API counts it online until its last heartbeat is ten minutes old (the chargers guide); the control's
    // answer says what was set, so a PATCH of {"online": false} never answers "online": true.
    expect(simulatedState(world, charger, NOW)).toMatchObject({
      online: false,
      lastHeartbeat: new Date(heartbeat).toISOString(),
      status: 'CABLE_UNPLUGGED',
    });
    expect(heartbeat).toBeGreaterThan(Date.parse(last));
    const state = simulatedState(world, charger, heartbeat + OFFLINE_AFTER_MS);
    expect(state).toMatchObject({ deviceId: SAMPLE_CHARGER, type: 'EV_CHARGER', online: false, status: 'OFFLINE' });
    expect(state).not.toHaveProperty('locationId');
    charger.sim = { ...charger.sim, lastHeartbeat: null };
    expect(simulatedState(world, charger, NOW)).toMatchObject({ online: false, lastHeartbeat: null });
  });

  it('as /docs/sandbox says, shows the target a charger aims at: a full battery when its preferences name no goal', () => {
    expect(simulatedState(world, charger, NOW).targetSoc).toBe(80);
    charger.preferences = { chargingBehavior: 'SMART_CHARGE_ON', locationId: SAMPLE_LOCATION };
    expect(simulatedState(world, charger, NOW).targetSoc).toBe(100);
    charger.preferences = { ...charger.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(simulatedState(world, charger, NOW).targetSoc).toBeNull();
    expect(simulatedState(world, car, NOW).targetSoc).toBe(80);
  });

  it('for a heat pump: no charging status and no target', () => {
    const pump = findDevice(world, SAMPLE_HEAT_PUMP) as HeatPump;
    const heater = simulatedState(world, pump, NOW);
    expect(heater).not.toHaveProperty('status');
    expect(heater).not.toHaveProperty('targetSoc');
    expect(heater).not.toHaveProperty('lastHeartbeat');
    expect(heater).not.toHaveProperty('locationId');
    expect(heater.type).toBe('HEATER');
  });
});

describe('the demonstration set', () => {
  it("is the contract examples' user with a home, a car, a charger and a heat pump", () => {
    expect(world.users.map((user) => user.id)).toEqual([SAMPLE_USER]);
    expect(findLocation(world, SAMPLE_USER, SAMPLE_LOCATION)).toMatchObject({
      name: 'Home',
      city: 'Stockholm',
      postalCode: '11455',
      countryCode: 'SE',
      spotPriceAreaId: 'SE3',
    });
    expect(world.devices.map((device) => [device.id, device.type, device.integration])).toEqual([
      [SAMPLE_CAR, 'VEHICLE', 'SMARTCAR'],
      [SAMPLE_CHARGER, 'EV_CHARGER', 'OCPP'],
      [SAMPLE_HEAT_PUMP, 'HEATER', 'NIBE_UPLINK'],
    ]);
    const start = NOW - 40 * HOUR_MS;
    expect(car.createdAt).toBe(start - 30 * DAY_MS);
    expect(charger.createdAt).toBe(start - 20 * DAY_MS);
    expect(findDevice(world, SAMPLE_HEAT_PUMP)?.createdAt).toBe(start - 40 * DAY_MS);
    expect(car.attributes).toEqual({ make: 'VOLVO', model: 'EX30' });
    expect(car.smartcarCar).toBe(SAMPLE_CAR_AUTH_CODE);
    expect(car.associatedChargerIds).toEqual([SAMPLE_CHARGER]);
    expect(charger.attributes).toEqual({ vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0123456' });
    expect(charger.settings).toEqual({ autoSetupOCPPConnection: true });
    expect((findDevice(world, SAMPLE_HEAT_PUMP) as HeatPump).heatingRuns).toEqual([
      { from: start - 3 * DAY_MS, to: null },
    ]);
    expect(world.users[0]?.wallboxUsername).toBe('anna@example.com');
  });

  it('has a car that charged two nights ago and was plugged in again two hours ago, at 42 %', () => {
    expect(car.sim).toMatchObject({
      pluggedIn: true,
      pluggedAt: NOW - 2 * HOUR_MS,
      locationId: SAMPLE_LOCATION,
      plugSoc: 42,
    });
    expect(car.sessions).toHaveLength(1);
    expect(car.sessions[0]).toMatchObject({ status: 'COMPLETE' });
    expect(car.sessions[0]?.createdAt).toBeGreaterThanOrEqual(NOW - 40 * HOUR_MS);
    expect(car.sessions[0]?.endAt).toBeLessThanOrEqual(NOW - 26 * HOUR_MS);
    expect(car.plan?.createdAt).toBe(NOW - 2 * HOUR_MS + PLANNING_DELAY_MS);
    expect(unifiedStatus(world, car, NOW)).toBe('WAITING_FOR_SCHEDULED_CHARGING');
  });

  it('gives each charging device sessions of its own, and a heat pump none', () => {
    expect(charger.sessions).toEqual([]);
    car.sessions.push({ ...(car.sessions[0] as ChargingSessionRecord), id: 'ses-new' });
    expect(charger.sessions).toEqual([]);
    expect(findDevice(world, SAMPLE_HEAT_PUMP)?.sessions).toBeUndefined();
  });

  it('has a charger online for 20 days, sending heartbeats, unplugged', () => {
    expect(charger.sim).toMatchObject({
      pluggedIn: false,
      online: true,
      onlineSince: NOW - 40 * HOUR_MS - 20 * DAY_MS,
    });
    expect(chargerOnline(charger, NOW)).toBe(true);
    expect(world.clock.fixedAt).toBe(NOW);
    expect(seedWorld(NOW).clock.fixedAt).toBeNull();
    expect(world.simulatedTo).toBe(NOW);
  });

  it('newSim: a device at 50 %, online, unplugged; plugged in since `at` when it says so', () => {
    expect(newSim(NOW)).toEqual({
      pluggedIn: false,
      pluggedAt: null,
      locationId: null,
      soc: 50,
      plugSoc: 50,
      online: true,
      onlineSince: NOW,
      lastHeartbeat: null,
      fault: null,
      immediate: false,
      planDueAt: null,
      changedAt: NOW,
      capacityKwh: 64,
      powerKw: 11,
    });
    expect(newSim(NOW, { pluggedIn: true }).pluggedAt).toBe(NOW);
    expect(newSim(NOW, { pluggedIn: true, pluggedAt: 5 }).pluggedAt).toBe(5);
  });
});

describe('the world', () => {
  it('gives ids per world, the same for the same requests, never one in use', () => {
    const a = emptyWorld(NOW);
    const b = emptyWorld(NOW);
    const first = nextId(a, 'dev');
    expect(first).toMatch(/^dev-[0-9a-f]{6}$/);
    expect(nextId(b, 'dev')).toBe(first);
    expect(a.seq).toBe(1);
    const second = nextId(a, 'dev');
    expect(second).not.toBe(first);
    expect(a.seq).toBe(2);
    // An id already held by a device or a location is skipped.
    const c = emptyWorld(NOW);
    c.devices.push({ ...car, id: first });
    expect(nextId(c, 'dev')).toBe(second);
    const d = emptyWorld(NOW);
    d.users.push({ id: 'user-1', locations: [{ ...world.users[0]!.locations[0]!, id: first }] });
    expect(nextId(d, 'dev')).toBe(second);
    expect(nextId(emptyWorld(NOW), 'loc')).toMatch(/^loc-[0-9a-f]{6}$/);
  });

  it("as /docs/sandbox says, gives a keyed world ids of its own: the same for the same key, never another key's", () => {
    const ids = (seed: string) => {
      const keyed = emptyWorld(NOW, null, seed);
      return [nextId(keyed, 'dev'), nextId(keyed, 'loc'), nextId(keyed, 'dev')];
    };
    const [first, location, second] = ids('key-a');
    expect(first).toMatch(/^dev-[0-9a-f]{10}$/);
    expect(location).toMatch(/^loc-[0-9a-f]{10}$/);
    // Four digits name the key: every id of one key's world starts with them.
    expect(second?.slice(0, 8)).toBe(first?.slice(0, 8));
    expect(ids('key-a')).toEqual([first, location, second]);
    const others = Array.from({ length: 200 }, (_, index) => ids(`key-${index}`)).flat();
    expect(new Set(others).size).toBe(others.length);
    expect(new Set(others.map((id) => id.slice(0, 8))).size).toBeGreaterThan(1);
    // The sample set keeps the ids the guides name; what the simulation made carries the key's.
    const seeded = seedWorld(NOW, NOW, 'key-a');
    expect(seeded.devices.map((device) => device.id)).toEqual([SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP]);
    expect(seeded.idSeed).toBe('key-a');
    expect(findDevice(seeded, SAMPLE_CAR)?.sessions?.[0]?.id).toMatch(/^ses-[0-9a-f]{10}$/);
    expect(findDevice(seeded, SAMPLE_CAR)?.sessions?.[0]?.id).not.toBe(car.sessions[0]?.id);
  });

  it('starts a user on the first write, up to the bound', () => {
    const fresh = emptyWorld(NOW);
    const user = userRecord(fresh, 'user-a');
    expect(user).toEqual({ id: 'user-a', locations: [] });
    expect(userRecord(fresh, 'user-a')).toBe(user);
    for (let index = 1; index < WORLD_LIMITS.users; index += 1) userRecord(fresh, `user-${index}`);
    expect(fresh.users).toHaveLength(WORLD_LIMITS.users);
    expect(userRecord(fresh, 'user-one-too-many')).toBeUndefined();
    expect(userRecord(fresh, 'user-a')).toBe(user);
  });

  it('finds a location only among its own user’s, and none for no id', () => {
    expect(findLocation(world, SAMPLE_USER, SAMPLE_LOCATION)?.id).toBe(SAMPLE_LOCATION);
    expect(findLocation(world, 'user-other', SAMPLE_LOCATION)).toBeUndefined();
    expect(findLocation(world, SAMPLE_USER, null)).toBeUndefined();
    expect(findLocation(world, SAMPLE_USER, '')).toBeUndefined();
  });
});
