// The charging side of the simulation, function by function (sandbox.mdx, "Smart charging" and "Sessions"): what
// smart charging aims at, the power a device charges with, how the world is played forward, and what each event does.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chargeNow,
  lastHeartbeat,
  plugIn,
  preferencesChanged,
  pricesChanged,
  setFault,
  setOnline,
  setSoc,
  stopChargingNow,
  unplug,
} from './events';
import type { Charger, ChargingPlan, DeviceRecord, HeatPump, LocationRecord, Vehicle, World } from './model';
import { WORLD_LIMITS } from './model';
import { generatedPrice, areaById } from './prices';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_LOCATION, SAMPLE_USER, seedWorld } from './seed';
import {
  activeSession,
  advance,
  capacityOf,
  chargingGoal,
  defaultLocation,
  HEARTBEAT_MS,
  KM_PER_KWH,
  PLANNING_DELAY_MS,
  planNow,
  powerAt,
  requestPlan,
  vehicleLocation,
} from './simulate';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './zones';

// Wednesday 2025-01-15, 10:20 in Stockholm (CET).
const NOW = Date.parse('2025-01-15T10:20:00+01:00');

let world: World;
let car: Vehicle;
let charger: Charger;

const device = <D extends DeviceRecord = Vehicle | Charger>(id: string) =>
  world.devices.find((candidate) => candidate.id === id) as D;
const user = () => world.users.find((candidate) => candidate.id === SAMPLE_USER);
const home = () => user()?.locations[0] as LocationRecord;

/** Another location of the sample user, `metres` north of home (one degree of latitude is about 111,195 m). */
function locationNorth(id: string, metres: number, spotPriceAreaId = 'SE3'): LocationRecord {
  const location: LocationRecord = {
    ...home(),
    id,
    coordinates: { latitude: home().coordinates.latitude + metres / 111_195, longitude: home().coordinates.longitude },
    spotPriceAreaId,
  };
  user()?.locations.push(location);
  return location;
}

function plan(overrides: Partial<ChargingPlan> = {}): ChargingPlan {
  return {
    id: 'sch-test',
    createdAt: NOW,
    readyAt: NOW + 10 * HOUR_MS,
    readyTime: '07:00',
    spotPriceAreaId: 'SE3',
    timeZone: 'Europe/Stockholm',
    hourly: {},
    targetSoc: 80,
    ...overrides,
  };
}

beforeEach(() => {
  world = seedWorld(NOW, NOW);
  car = device(SAMPLE_CAR);
  charger = device(SAMPLE_CHARGER);
});

describe('capacityOf', () => {
  it("is what the car reports, else the preferences' batteryCapacity, else the sandbox's own", () => {
    car.sim.reportsCapacity = true;
    car.sim.capacityKwh = 69;
    car.preferences = { ...car.preferences, batteryKwh: 40 };
    expect(capacityOf(car)).toBe(69);
    car.sim.reportsCapacity = false;
    expect(capacityOf(car)).toBe(40);
    car.preferences = { ...car.preferences, batteryKwh: undefined };
    expect(capacityOf(car)).toBe(69);
    charger.preferences = { ...charger.preferences, batteryKwh: 52 };
    charger.sim.capacityKwh = 10;
    expect(capacityOf(charger)).toBe(52);
    charger.preferences = { ...charger.preferences, batteryKwh: undefined };
    expect(capacityOf(charger)).toBe(10);
  });
});

describe('where a car is', () => {
  it("defaults to its first charging location of its user's, else its user's first location", () => {
    const work = locationNorth('loc-work', 5000);
    car.preferences = { ...car.preferences, chargingLocationIds: ['loc-gone', work.id, SAMPLE_LOCATION] };
    expect(defaultLocation(world, car)).toBe(work.id);
    car.preferences = { ...car.preferences, chargingLocationIds: ['loc-gone'] };
    expect(defaultLocation(world, car)).toBe(SAMPLE_LOCATION);
    car.preferences = undefined;
    expect(defaultLocation(world, car)).toBe(SAMPLE_LOCATION);
    const stranger = { ...car, userId: 'user-nobody' };
    expect(defaultLocation(world, stranger)).toBeNull();
  });

  it("is where it was plugged in, else its user's first location", () => {
    const work = locationNorth('loc-work', 5000);
    car.sim.locationId = work.id;
    expect(vehicleLocation(world, car)?.id).toBe(work.id);
    car.sim.locationId = null;
    expect(vehicleLocation(world, car)?.id).toBe(SAMPLE_LOCATION);
    expect(vehicleLocation(world, { ...car, userId: 'user-nobody' })).toBeUndefined();
  });
});

describe('chargingGoal', () => {
  it("for a car at a charging location: that location's area and the preferences' targets", () => {
    const goal = chargingGoal(world, car);
    expect(goal?.area.id).toBe('SE3');
    expect(goal).toMatchObject({
      targetPercent: 80,
      minimalPercent: 20,
      readyTime: '07:00',
      weekDaySpecificReadyTimes: { SATURDAY: '10:30', SUNDAY: '10:30' },
    });
    car.preferences = { ...car.preferences, targetPercent: undefined, minimalPercent: undefined };
    expect(chargingGoal(world, car)).toMatchObject({ targetPercent: 100, minimalPercent: 0 });
  });

  it('counts a charging location within 150 m of where the car is, not one further', () => {
    const near = locationNorth('loc-near', 120, 'SE4');
    const far = locationNorth('loc-far', 180, 'SE2');
    car.sim.locationId = SAMPLE_LOCATION;
    car.preferences = {
      ...car.preferences,
      chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      chargingLocationIds: [far.id],
    };
    expect(chargingGoal(world, car)).toBeUndefined();
    car.preferences = { ...car.preferences, chargingLocationIds: [far.id, near.id] };
    expect(chargingGoal(world, car)?.area.id).toBe('SE4');
    // East–west counts too: 0.003 degrees of longitude at 59.3° N is about 170 m.
    const east = { ...home(), id: 'loc-east', spotPriceAreaId: 'SE1' };
    east.coordinates = { latitude: home().coordinates.latitude, longitude: home().coordinates.longitude + 0.003 };
    user()?.locations.push(east);
    car.preferences = { ...car.preferences, chargingLocationIds: [east.id] };
    expect(chargingGoal(world, car)).toBeUndefined();
    east.coordinates = { latitude: home().coordinates.latitude, longitude: home().coordinates.longitude + 0.002 };
    expect(chargingGoal(world, car)?.area.id).toBe('SE1');
  });

  it('smart charges anywhere in the area of where the car is, or its default area', () => {
    const away = locationNorth('loc-away', 50_000, 'SE2');
    car.sim.locationId = away.id;
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_ANYWHERE' };
    expect(chargingGoal(world, car)?.area.id).toBe('SE2');
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_AT_LOCATION' };
    expect(chargingGoal(world, car)).toBeUndefined();
    const lonely = {
      ...car,
      userId: 'user-nobody',
      preferences: { ...car.preferences, chargingBehavior: 'SMART_CHARGE_ANYWHERE' as const },
    };
    expect(chargingGoal(world, lonely)?.area.id).toBe('SE3');
    lonely.preferences = { ...lonely.preferences, defaultSpotPriceAreaId: undefined };
    expect(chargingGoal(world, lonely)).toBeUndefined();
  });

  it('is none with smart charging off or no preferences', () => {
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(chargingGoal(world, car)).toBeUndefined();
    car.preferences = { ...car.preferences, chargingBehavior: undefined };
    expect(chargingGoal(world, car)).toBeUndefined();
    car.preferences = undefined;
    expect(chargingGoal(world, car)).toBeUndefined();
  });

  it("for a charger: its location's area, and goals in percent, in km or as energy from the plug-in", () => {
    const preferences = charger.preferences ?? {};
    expect(chargingGoal(world, charger)).toMatchObject({ targetPercent: 80, minimalPercent: 20, readyTime: '07:00' });
    expect(chargingGoal(world, charger)?.area.id).toBe('SE3');
    charger.sim.plugSoc = 30;
    charger.preferences = {
      ...preferences,
      batteryKwh: 50,
      target: { rangeKm: 280 },
      minimal: undefined,
      minimumEnergyKwh: 5,
    };
    // 280 km of 50 kWh × 7 km per kWh is 80 %; 5 kWh of 50 on top of 30 % is 40 %.
    expect(chargingGoal(world, charger)).toMatchObject({ targetPercent: 80, minimalPercent: 40 });
    charger.preferences = {
      ...preferences,
      batteryKwh: 50,
      target: undefined,
      targetEnergyKwh: 40,
      minimal: undefined,
      minimumEnergyKwh: undefined,
    };
    expect(chargingGoal(world, charger)).toMatchObject({ targetPercent: 100, minimalPercent: 0 });
    charger.preferences = { ...charger.preferences, targetEnergyKwh: 10 };
    expect(chargingGoal(world, charger)?.targetPercent).toBe(50);
    charger.preferences = { ...charger.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(chargingGoal(world, charger)).toBeUndefined();
    charger.preferences = {
      ...charger.preferences,
      chargingBehavior: 'SMART_CHARGE_ON',
      locationId: 'loc-gone',
    };
    expect(chargingGoal(world, charger)).toBeUndefined();
  });
});

describe('planNow and requestPlan', () => {
  it('plans to the next ready time in the area of the goal, with a new id', () => {
    const made = planNow(world, car, NOW);
    expect(made).toMatchObject({
      createdAt: NOW,
      readyAt: Date.parse('2025-01-16T07:00:00+01:00'),
      readyTime: '07:00',
      spotPriceAreaId: 'SE3',
      timeZone: 'Europe/Stockholm',
      targetSoc: 80,
    });
    expect(made?.id).toMatch(/^sch-[0-9a-f]{6}$/);
    expect(planNow(world, car, NOW)?.id).not.toBe(made?.id);
    const energy = Object.values(made?.hourly ?? {}).reduce((sum, kwh) => sum + kwh, 0);
    expect(energy).toBeCloseTo(((80 - car.sim.soc) / 100) * capacityOf(car), 1);
  });

  it('is none unplugged, charging at once, or without a goal', () => {
    car.sim.immediate = true;
    expect(planNow(world, car, NOW)).toBeUndefined();
    car.sim.immediate = false;
    car.sim.pluggedIn = false;
    expect(planNow(world, car, NOW)).toBeUndefined();
    car.sim.pluggedIn = true;
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(planNow(world, car, NOW)).toBeUndefined();
  });

  it('asks for a schedule PLANNING_DELAY_MS later only where one would be made', () => {
    car.plan = plan();
    requestPlan(world, car, NOW);
    expect(car.plan).toBeUndefined();
    expect(car.sim.planDueAt).toBe(NOW + PLANNING_DELAY_MS);
    car.sim.immediate = true;
    requestPlan(world, car, NOW);
    expect(car.sim.planDueAt).toBeNull();
    car.sim.immediate = false;
    car.sim.pluggedIn = false;
    requestPlan(world, car, NOW);
    expect(car.sim.planDueAt).toBeNull();
    car.sim.pluggedIn = true;
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    requestPlan(world, car, NOW);
    expect(car.sim.planDueAt).toBeNull();
  });
});

describe('powerAt', () => {
  beforeEach(() => {
    car.sim = { ...car.sim, pluggedIn: true, online: true, fault: null, immediate: false, soc: 40, powerKw: 11 };
  });

  it('is nothing unplugged, offline or faulted', () => {
    car.sim.immediate = true;
    expect(powerAt(car, NOW)).toBe(11);
    expect(powerAt({ ...car, sim: { ...car.sim, pluggedIn: false } }, NOW)).toBe(0);
    expect(powerAt({ ...car, sim: { ...car.sim, online: false } }, NOW)).toBe(0);
    expect(powerAt({ ...car, sim: { ...car.sim, fault: 'GroundFailure' } }, NOW)).toBe(0);
  });

  it('is full power charging at once until the battery is full', () => {
    car.sim.immediate = true;
    car.sim.soc = 99.99;
    expect(powerAt(car, NOW)).toBe(11);
    car.sim.soc = 100;
    expect(powerAt(car, NOW)).toBe(0);
  });

  it("is the plan's energy of the hour over the part of the hour it covers", () => {
    const hour = Date.parse('2025-01-15T11:00:00+01:00');
    car.plan = plan({
      createdAt: NOW,
      readyAt: hour + 2 * HOUR_MS + 30 * MINUTE_MS,
      hourly: {
        [String(hour - HOUR_MS)]: 2,
        [String(hour)]: 6,
        [String(hour + 2 * HOUR_MS)]: 3,
      },
    });
    // 10:20 to 11:00 is 40 minutes: 2 kWh in it is 3 kW.
    expect(powerAt(car, NOW)).toBeCloseTo(3, 9);
    expect(powerAt(car, hour)).toBe(6);
    expect(powerAt(car, hour + 59 * MINUTE_MS)).toBe(6);
    expect(powerAt(car, hour + HOUR_MS)).toBe(0);
    // 13:00 to the ready time at 13:30: 3 kWh in half an hour is 6 kW.
    expect(powerAt(car, hour + 2 * HOUR_MS)).toBe(6);
    expect(powerAt(car, hour + 2 * HOUR_MS + 30 * MINUTE_MS)).toBe(0);
    expect(powerAt(car, NOW - MINUTE_MS)).toBe(0);
    car.sim.soc = 80;
    expect(powerAt(car, hour)).toBe(0);
    car.sim.soc = 79.9;
    expect(powerAt(car, hour)).toBe(6);
    car.plan = undefined;
    expect(powerAt(car, hour)).toBe(0);
  });
});

describe('advance: charging and sessions', () => {
  /** Unplugs the sample car and plugs it in again at `at` with a state of charge, at home. */
  function plugAt(at: number, soc: number) {
    advance(world, at);
    unplug(world, car, at);
    setSoc(world, car, soc, at);
    plugIn(world, car, at, SAMPLE_LOCATION);
  }

  it('makes the schedule PLANNING_DELAY_MS after the plug-in, then charges by it to the target', () => {
    plugAt(NOW, 40);
    expect(car.plan).toBeUndefined();
    advance(world, NOW + PLANNING_DELAY_MS - 1);
    expect(car.plan).toBeUndefined();
    advance(world, NOW + PLANNING_DELAY_MS);
    expect(car.plan?.createdAt).toBe(NOW + PLANNING_DELAY_MS);
    expect(car.sim.planDueAt).toBeNull();
    const readyAt = car.plan?.readyAt ?? 0;
    advance(world, readyAt);
    expect(car.sim.soc).toBeCloseTo(80, 4);
    const session = car.sessions.at(-1);
    expect(session).toMatchObject({
      status: 'COMPLETE',
      spotPriceAreaId: 'SE3',
      readyTime: '07:00',
      timeZone: 'Europe/Stockholm',
      immediate: false,
    });
    expect(session?.id).toMatch(/^ses-[0-9a-f]{6}$/);
    const charged = Object.values(session?.hourly ?? {}).reduce((sum, kwh) => sum + kwh, 0);
    expect(charged).toBeCloseTo(0.4 * capacityOf(car), 2);
    expect(session?.endAt).toBeGreaterThan(session?.createdAt ?? Infinity);
    expect(session?.endAt).toBeLessThanOrEqual(readyAt);
    expect(car.sim.changedAt).toBe(session?.endAt);
    // Each hour of the session is what the plan gave it.
    for (const [hour, kwh] of Object.entries(session?.hourly ?? {}))
      expect(kwh).toBeCloseTo(car.plan?.hourly[hour] ?? 0, 2);
  });

  it('completes a session at the moment the target is reached, within the hour', () => {
    plugAt(NOW, 79);
    chargeNow(world, car, NOW);
    advance(world, NOW + 2 * HOUR_MS);
    const session = car.sessions.at(-1);
    expect(session?.status).toBe('COMPLETE');
    expect(session?.immediate).toBe(true);
    // 21 % of 64 kWh at 11 kW: 1.2218 hours.
    const hours = (0.21 * capacityOf(car)) / car.sim.powerKw;
    expect(session?.endAt).toBe(Math.round(NOW + hours * HOUR_MS));
    expect(car.sim.soc).toBeCloseTo(100, 6);
    const first = String(Math.floor(NOW / HOUR_MS) * HOUR_MS);
    expect(session?.hourly[first]).toBeCloseTo((11 * 40) / 60, 3);
  });

  it('keeps the last 20 sessions of a device', () => {
    let at = NOW;
    for (let index = 0; index < WORLD_LIMITS.sessionsPerDevice + 3; index += 1) {
      plugAt(at, 50);
      chargeNow(world, car, at);
      advance(world, at + 10 * MINUTE_MS);
      at += HOUR_MS;
    }
    expect(car.sessions).toHaveLength(WORLD_LIMITS.sessionsPerDevice);
    expect(car.sessions.at(-1)?.createdAt).toBe(at - HOUR_MS);
    expect(car.sessions.filter((session) => session.status === 'ACTIVE')).toHaveLength(1);
  });

  it('plays every hour of a move of weeks: the charge due on day 1 happens on day 1, and never back', () => {
    plugAt(NOW, 40);
    const later = NOW + 20 * DAY_MS;
    advance(world, later);
    expect(world.simulatedTo).toBe(later);
    // The first session since the plug-in is charged on the first night, not in a replay of the last 14 days.
    const first = car.sessions.find((session) => session.createdAt >= NOW);
    expect(first?.createdAt).toBeLessThan(NOW + DAY_MS);
    expect(first?.status).toBe('COMPLETE');
    advance(world, NOW);
    expect(world.simulatedTo).toBe(later);
  });

  it('plays a world that follows real time, left alone past the longest move of the clock, over that move only', () => {
    plugAt(NOW, 40);
    const later = NOW + 400 * DAY_MS;
    advance(world, later);
    expect(world.simulatedTo).toBe(later);
    const since = car.sessions.filter((session) => session.createdAt >= NOW);
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((session) => session.createdAt >= later - 366 * DAY_MS)).toBe(true);
  });

  it('makes the schedule again at 13:00 CET, from the new prices, while the target is not reached', () => {
    const evening = Date.parse('2025-01-15T11:00:00+01:00');
    plugAt(evening, 20);
    car.preferences = { ...car.preferences, readyTime: '23:00', weekDaySpecificReadyTimes: { THURSDAY: '23:00' } };
    car.sim.powerKw = 2;
    advance(world, evening + PLANNING_DELAY_MS);
    const before = car.plan;
    expect(before?.createdAt).toBe(evening + PLANNING_DELAY_MS);
    const publication = Date.parse('2025-01-15T13:00:00+01:00');
    advance(world, publication - 1);
    expect(car.plan?.id).toBe(before?.id);
    advance(world, publication);
    expect(car.plan?.id).not.toBe(before?.id);
    expect(car.plan?.createdAt).toBe(publication);
  });

  it('makes a schedule for the next day at the ready time when the target was not reached', () => {
    plugAt(NOW, 10);
    car.sim.powerKw = 1;
    car.preferences = { ...car.preferences, weekDaySpecificReadyTimes: {} };
    advance(world, NOW + PLANNING_DELAY_MS);
    const readyAt = car.plan?.readyAt ?? 0;
    advance(world, readyAt);
    expect(car.plan?.createdAt).toBe(readyAt);
    expect(car.plan?.readyAt).toBe(readyAt + DAY_MS);
  });

  it('leaves a plan alone at 13:00 once its target is reached, and makes it again while it is not', () => {
    plugAt(NOW, 50);
    advance(world, NOW + PLANNING_DELAY_MS);
    const made = car.plan;
    car.sim.soc = 80;
    const publication = Date.parse('2025-01-15T13:00:00+01:00');
    advance(world, publication);
    expect(car.plan?.id).toBe(made?.id);
    // Offline, it charges nothing: at the ready time, short of its target, it gets a new schedule.
    car.sim.soc = 79.9;
    car.sim.online = false;
    advance(world, made?.readyAt ?? 0);
    expect(car.plan?.id).not.toBe(made?.id);
    expect(car.plan?.createdAt).toBe(made?.readyAt);
  });

  it('does not play heat pumps as chargers', () => {
    const pump = world.devices.find((candidate) => candidate.type === 'HEATER') as HeatPump;
    expect(pump.sessions).toBeUndefined();
    pump.sim.pluggedIn = true;
    pump.sim.immediate = true;
    advance(world, NOW + 2 * HOUR_MS);
    expect(pump.sessions).toBeUndefined();
    expect(world.timeline?.events.filter((event) => event.deviceId === pump.id)).toEqual([]);
  });
});

describe('events', () => {
  it('plugIn: a car goes to the named location, else stays where it is, else to its default location', () => {
    const work = locationNorth('loc-work', 5000);
    car.sim.locationId = SAMPLE_LOCATION;
    plugIn(world, car, NOW, work.id);
    expect(car.sim.locationId).toBe(work.id);
    plugIn(world, car, NOW);
    expect(car.sim.locationId).toBe(work.id);
    unplug(world, car, NOW);
    expect(car.sim.locationId).toBeNull();
    car.preferences = { ...car.preferences, chargingLocationIds: [work.id] };
    plugIn(world, car, NOW + MINUTE_MS);
    expect(car.sim).toMatchObject({
      locationId: work.id,
      pluggedIn: true,
      pluggedAt: NOW + MINUTE_MS,
      changedAt: NOW + MINUTE_MS,
    });
  });

  it('plugIn again keeps the plug-in time and state of charge it had', () => {
    unplug(world, car, NOW);
    setSoc(world, car, 33, NOW);
    plugIn(world, car, NOW, SAMPLE_LOCATION);
    car.sim.soc = 45;
    plugIn(world, car, NOW + HOUR_MS, SAMPLE_LOCATION);
    expect(car.sim).toMatchObject({ pluggedAt: NOW, plugSoc: 33, changedAt: NOW, soc: 45 });
  });

  it("plugIn: a charger reads the car's state of charge from currentSoC, a range in km at 7 km per kWh", () => {
    charger.sim.pluggedIn = false;
    charger.sim.soc = 10;
    charger.preferences = { ...charger.preferences, current: { percent: 64 } };
    plugIn(world, charger, NOW);
    expect(charger.sim).toMatchObject({ soc: 64, plugSoc: 64, locationId: null });
    unplug(world, charger, NOW);
    charger.preferences = { ...charger.preferences, current: { rangeKm: 120 } };
    plugIn(world, charger, NOW);
    const fromRange = (120 / (capacityOf(charger) * KM_PER_KWH)) * 100;
    expect(charger.sim).toMatchObject({ soc: fromRange, plugSoc: fromRange });
    unplug(world, charger, NOW);
    charger.preferences = { ...charger.preferences, current: undefined };
    charger.sim.soc = 12;
    plugIn(world, charger, NOW);
    expect(charger.sim.plugSoc).toBe(12);
    // A car's preferences say nothing of its charge (a car has no `current`: only the model can say so now).
    unplug(world, car, NOW);
    car.sim.soc = 55;
    plugIn(world, car, NOW);
    expect(car.sim.soc).toBe(55);
  });

  it('plugIn asks for a schedule', () => {
    unplug(world, car, NOW);
    plugIn(world, car, NOW, SAMPLE_LOCATION);
    expect(car.sim.planDueAt).toBe(NOW + PLANNING_DELAY_MS);
  });

  it('unplug interrupts the session under way, ends charging at once, and does nothing unplugged', () => {
    chargeNow(world, car, NOW);
    advance(world, NOW + HOUR_MS);
    const session = activeSession(car);
    expect(session).toBeDefined();
    unplug(world, car, NOW + HOUR_MS);
    expect(session).toMatchObject({ status: 'INTERRUPTED', endAt: NOW + HOUR_MS });
    expect(car.sim).toMatchObject({ pluggedIn: false, pluggedAt: null, immediate: false, changedAt: NOW + HOUR_MS });
    unplug(world, car, NOW + 2 * HOUR_MS);
    expect(car.sim.changedAt).toBe(NOW + HOUR_MS);
  });

  it('setSoc sets the plug-in charge only while unplugged, and makes the schedule again', () => {
    setSoc(world, car, 60, NOW);
    expect(car.sim.soc).toBe(60);
    expect(car.sim.plugSoc).not.toBe(60);
    car.plan = planNow(world, car, NOW);
    const before = car.plan?.id;
    setSoc(world, car, 70, NOW);
    expect(car.plan?.id).not.toBe(before);
    unplug(world, car, NOW);
    setSoc(world, car, 25, NOW);
    expect(car.sim.plugSoc).toBe(25);
  });

  it('setOnline keeps the last heartbeat when a charger goes offline, and beats again from when it is back', () => {
    charger.sim.online = true;
    charger.sim.onlineSince = NOW;
    expect(lastHeartbeat(charger, NOW + 12 * MINUTE_MS)).toBe(NOW + 2 * HEARTBEAT_MS);
    expect(lastHeartbeat(charger, NOW)).toBe(NOW);
    expect(lastHeartbeat(charger, NOW - 1)).toBeUndefined();
    // Going offline is no report: the status keeps the time of the last one (/docs/sandbox: Statuses).
    const reported = charger.sim.changedAt;
    setOnline(charger, false, NOW + 12 * MINUTE_MS);
    expect(charger.sim).toMatchObject({
      online: false,
      onlineSince: null,
      lastHeartbeat: NOW + 10 * MINUTE_MS,
      changedAt: reported,
    });
    expect(lastHeartbeat(charger, NOW + DAY_MS)).toBe(NOW + 10 * MINUTE_MS);
    setOnline(charger, false, NOW + DAY_MS);
    expect(charger.sim.changedAt).toBe(reported);
    setOnline(charger, true, NOW + DAY_MS);
    expect(charger.sim).toMatchObject({ online: true, onlineSince: NOW + DAY_MS, changedAt: NOW + DAY_MS });
    expect(lastHeartbeat(charger, NOW + DAY_MS + 7 * MINUTE_MS)).toBe(NOW + DAY_MS + HEARTBEAT_MS);
    charger.sim = { ...charger.sim, online: false, onlineSince: null, lastHeartbeat: null };
    expect(lastHeartbeat(charger, NOW)).toBeUndefined();
  });

  it('setFault moves the connector state only when the fault changes', () => {
    setFault(charger, 'GroundFailure', NOW);
    expect(charger.sim).toMatchObject({ fault: 'GroundFailure', changedAt: NOW });
    setFault(charger, 'GroundFailure', NOW + HOUR_MS);
    expect(charger.sim.changedAt).toBe(NOW);
    setFault(charger, null, NOW + HOUR_MS);
    expect(charger.sim).toMatchObject({ fault: null, changedAt: NOW + HOUR_MS });
  });

  it('chargeNow charges at once, and stopChargingNow interrupts the session (the commands switch smart charging off)', () => {
    chargeNow(world, car, NOW);
    expect(car.sim).toMatchObject({ immediate: true, changedAt: NOW, planDueAt: null });
    expect(car.plan).toBeUndefined();
    expect(car.preferences?.chargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    advance(world, NOW + HOUR_MS);
    stopChargingNow(world, car, NOW + HOUR_MS);
    expect(car.sim).toMatchObject({ immediate: false, changedAt: NOW + HOUR_MS });
    expect(car.sessions.at(-1)).toMatchObject({ status: 'INTERRUPTED', endAt: NOW + HOUR_MS });
  });

  it('preferencesChanged: smart charging takes over from charging at once, and plans at once', () => {
    chargeNow(world, car, NOW);
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_ANYWHERE' };
    preferencesChanged(world, car, NOW);
    expect(car.sim.immediate).toBe(false);
    expect(car.sim.planDueAt).toBeNull();
    expect(car.plan?.createdAt).toBe(NOW);
    // With smart charging off, charging at once goes on.
    car.preferences = { ...car.preferences, chargingBehavior: 'SMART_CHARGE_OFF' };
    chargeNow(world, car, NOW);
    preferencesChanged(world, car, NOW);
    expect(car.sim.immediate).toBe(true);
    expect(car.plan).toBeUndefined();
  });

  it('preferencesChanged waits for a schedule already due after a plug-in', () => {
    unplug(world, car, NOW);
    plugIn(world, car, NOW, SAMPLE_LOCATION);
    preferencesChanged(world, car, NOW + 1000);
    expect(car.sim.planDueAt).toBe(NOW + PLANNING_DELAY_MS);
    expect(car.plan).toBeUndefined();
  });

  it('pricesChanged makes the schedules in that area again, only there', () => {
    car.plan = planNow(world, car, NOW);
    charger.plan = { ...plan(), spotPriceAreaId: 'SE4', id: 'sch-se4' };
    const before = car.plan?.id;
    pricesChanged(world, 'SE4', NOW);
    expect(car.plan?.id).toBe(before);
    pricesChanged(world, 'SE3', NOW);
    expect(car.plan?.id).not.toBe(before);
    expect(car.plan?.createdAt).toBe(NOW);
  });
});

describe('the prices a plan is made from', () => {
  it('are the generated ones where no test price is posted', () => {
    const se3 = areaById('SE3');
    if (!se3) throw new Error('SE3 is missing');
    const made = planNow(world, car, NOW);
    const hours = Object.keys(made?.hourly ?? {}).map(Number);
    const prices = hours.map((hour) => generatedPrice(se3, hour));
    // The hours planned in full are among the cheapest of the window.
    expect(Math.max(...prices)).toBeLessThan(0.1);
  });
});
