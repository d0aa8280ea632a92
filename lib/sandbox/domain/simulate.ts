import { planCharging, nextReadyTime } from './charging-planner';
import type {
  Charger,
  ChargingDevice,
  ChargingPlan,
  ChargingSessionRecord,
  Coordinates,
  LocationRecord,
  StateOfCharge,
  Vehicle,
  World,
} from './model';
import { isChargingDevice, WORLD_LIMITS } from './model';
import { areaById, nextPublication, priceAt } from './prices';
import { noteCharging, noteReport } from './reports';
import { findLocation, nextId } from './world';
import { MAX_ADVANCE_MS } from './clock';
import { HOUR_MS, floorHour } from './zones';
import type { SpotPriceAreaEntry } from '../spot-price-areas';
import { note, type ScheduleReason } from '../timeline';

/** How long Kilowise takes to make a schedule after a plug-in or a change of preferences. */
export const PLANNING_DELAY_MS = 10_000;
/** An online charger sends a heartbeat this often. */
export const HEARTBEAT_MS = 5 * 60_000;
/** A charger whose last heartbeat is this old counts as offline (the chargers guide). */
export const OFFLINE_AFTER_MS = 10 * 60_000;
/** Range per kWh, to turn a state of charge in km into percent. */
export const KM_PER_KWH = 7;

/** What smart charging aims at for a device that is plugged in now, or undefined when it does not apply. */
export interface ChargingGoal {
  area: SpotPriceAreaEntry;
  /** The location whose area it is, or undefined for a car's `defaultSpotPriceAreaId`. */
  locationId?: string;
  targetPercent: number;
  minimalPercent: number;
  readyTime?: string;
  weekDaySpecificReadyTimes?: Record<string, string>;
}

/**
 * The battery's usable capacity: what a car reports itself, else the preferences' `batteryCapacity` ("when the
 * vehicle does not report it", the smart-charging guide), else the sandbox's own figure for the car.
 */
export const capacityOf = (device: ChargingDevice): number =>
  device.sim.reportsCapacity ? device.sim.capacityKwh : (device.preferences?.batteryKwh ?? device.sim.capacityKwh);

/** A state of charge in percent of the battery: a range becomes a share of what the full battery drives. */
export const percentOfBattery = (soc: StateOfCharge, capacityKwh: number): number =>
  'percent' in soc ? soc.percent : (soc.rangeKm / (capacityKwh * KM_PER_KWH)) * 100;

/** A charger's state of charge or energy goal in percent of the battery, from the moment it was plugged in. */
function percentOf(charger: Charger, soc: StateOfCharge | undefined, energyKwh: number | undefined, plugSoc: number) {
  const capacity = capacityOf(charger);
  if (soc) return percentOfBattery(soc, capacity);
  if (energyKwh !== undefined) return Math.min(100, plugSoc + (energyKwh / capacity) * 100);
  return undefined;
}

/** The location a vehicle is plugged in at by the device control when none is named: its first charging location, else its user's first. */
export function defaultLocation(world: World, device: Vehicle): string | null {
  const user = world.users.find((candidate) => candidate.id === device.userId);
  const preferred = device.preferences?.chargingLocationIds?.find((id) =>
    user?.locations.some((location) => location.id === id),
  );
  return preferred ?? user?.locations[0]?.id ?? null;
}

/** How near a stored location a car must be to be at it: parked at the address, not down the street. */
export const AT_LOCATION_METRES = 150;

/** The distance between two points on the map, in metres (haversine, on a sphere of the Earth's mean radius). */
function metresBetween(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLatitude = radians(b.latitude - a.latitude);
  const dLongitude = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where a vehicle is: the location of its user it was plugged in at; a newly connected car, never plugged in with
 * the device control, is at its user's first location (also one stored after the car was connected). Its
 * preferences never move it: naming a location in `chargingLocationIds` says where to smart charge, not where the
 * car is.
 */
export function vehicleLocation(world: World, device: Vehicle): LocationRecord | undefined {
  if (device.sim.locationId !== null) return findLocation(world, device.userId, device.sim.locationId);
  return world.users.find((user) => user.id === device.userId)?.locations[0];
}

/**
 * The charging location a vehicle is at: the first of its `chargingLocationIds` within `AT_LOCATION_METRES` of
 * where it is, as Kilowise tells from the car's position (two locations stored for one address are both where the
 * car is).
 */
function chargingLocationAt(world: World, device: Vehicle, here: LocationRecord): LocationRecord | undefined {
  return (device.preferences?.chargingLocationIds ?? [])
    .map((id) => findLocation(world, device.userId, id))
    .find(
      (location) =>
        location !== undefined &&
        (location.id === here.id || metresBetween(location.coordinates, here.coordinates) <= AT_LOCATION_METRES),
    );
}

function vehicleGoal(world: World, device: Vehicle): ChargingGoal | undefined {
  const preferences = device.preferences;
  const behavior = preferences?.chargingBehavior;
  if (!preferences || !behavior || behavior === 'SMART_CHARGE_OFF') return undefined;
  const here = vehicleLocation(world, device);
  const chargingLocation = here ? chargingLocationAt(world, device, here) : undefined;
  if (behavior === 'SMART_CHARGE_AT_LOCATION' && !chargingLocation) return undefined;
  const location = chargingLocation ?? here;
  const area = areaById(location?.spotPriceAreaId ?? preferences.defaultSpotPriceAreaId ?? '');
  if (!area) return undefined;
  return {
    area,
    ...(location ? { locationId: location.id } : {}),
    targetPercent: preferences.targetPercent ?? 100,
    minimalPercent: preferences.minimalPercent ?? 0,
    readyTime: preferences.readyTime,
    weekDaySpecificReadyTimes: preferences.weekDaySpecificReadyTimes,
  };
}

/**
 * What a charger's preferences aim at, in percent of the battery: its `targetSoC`, else the state of charge its
 * `targetEnergyTransfer` reaches from the plug-in, else a full battery. It needs no location: one with no spot price
 * area to plan in still has it.
 */
export function chargerTarget(device: Charger): number {
  const preferences = device.preferences;
  return percentOf(device, preferences?.target, preferences?.targetEnergyKwh, device.sim.plugSoc) ?? 100;
}

function chargerGoal(world: World, device: Charger): ChargingGoal | undefined {
  const preferences = device.preferences;
  if (preferences?.chargingBehavior !== 'SMART_CHARGE_ON') return undefined;
  const location = findLocation(world, device.userId, preferences.locationId);
  const area = areaById(location?.spotPriceAreaId ?? '');
  if (!location || !area) return undefined;
  const plugSoc = device.sim.plugSoc;
  return {
    area,
    locationId: location.id,
    targetPercent: chargerTarget(device),
    minimalPercent: percentOf(device, preferences.minimal, preferences.minimumEnergyKwh, plugSoc) ?? 0,
    readyTime: preferences.readyTime,
    weekDaySpecificReadyTimes: preferences.weekDaySpecificReadyTimes,
  };
}

export const chargingGoal = (world: World, device: ChargingDevice): ChargingGoal | undefined =>
  device.type === 'VEHICLE' ? vehicleGoal(world, device) : chargerGoal(world, device);

export function planNow(world: World, device: ChargingDevice, at: number): ChargingPlan | undefined {
  const goal = chargingGoal(world, device);
  if (!goal || !device.sim.pluggedIn || device.sim.immediate) return undefined;
  const zone = goal.area.timeZone;
  const ready = nextReadyTime(at, zone, goal.readyTime, goal.weekDaySpecificReadyTimes);
  const hourly = planCharging({
    now: at,
    socPercent: device.sim.soc,
    targetPercent: goal.targetPercent,
    minimalPercent: goal.minimalPercent,
    capacityKwh: capacityOf(device),
    powerKw: device.sim.powerKw,
    readyAt: ready.at,
    priceOf: (hour) => priceAt(goal.area, hour, at, world.testPrices),
  });
  return {
    id: nextId(world, 'sch'),
    createdAt: at,
    readyAt: ready.at,
    readyTime: ready.readyTime,
    spotPriceAreaId: goal.area.id,
    timeZone: zone,
    hourly,
    targetSoc: goal.targetPercent,
    ...(goal.locationId === undefined ? {} : { locationId: goal.locationId }),
  };
}

/** Asks for a new schedule: none is served until it is made, `PLANNING_DELAY_MS` later. */
export function requestPlan(world: World, device: ChargingDevice, at: number): void {
  device.plan = undefined;
  const wanted = device.sim.pluggedIn && !device.sim.immediate && chargingGoal(world, device) !== undefined;
  device.sim.planDueAt = wanted ? at + PLANNING_DELAY_MS : null;
}

/** Makes the schedule again at once, from the prices known now (posted test prices, a publication). */
export function replan(world: World, device: ChargingDevice, at: number, reason: ScheduleReason): void {
  if (!device.plan) return;
  device.plan = planNow(world, device, at);
  noteSchedule(world, device, at, reason);
}

/** Notes on the world's timeline that a device's schedule was made, and why. */
export function noteSchedule(world: World, device: ChargingDevice, at: number, reason: ScheduleReason): void {
  if (device.plan) note(world, { at, type: 'schedule-made', deviceId: device.id, reason, scheduleId: device.plan.id });
}

/**
 * The schedule in force: the plan while it has an hour to charge in and the device is short of its target. A plan
 * that charged the car to its target is kept (the status tells SMART_CHARGING_COMPLETED by it, and the next
 * publication or ready time plans again), but it is no schedule: the smart-charging guide's 404, "nothing to charge".
 */
export function scheduleInForce(device: ChargingDevice): ChargingPlan | undefined {
  const plan = device.plan;
  if (!plan || Object.keys(plan.hourly).length === 0 || device.sim.soc >= plan.targetSoc - 1e-6) return undefined;
  return plan;
}

export const activeSession = (device: ChargingDevice): ChargingSessionRecord | undefined =>
  device.sessions.find((session) => session.status === 'ACTIVE');

/** Whether the last session is this plug-in's and reached its goal. */
export function completedSincePlugIn(device: ChargingDevice): boolean {
  const last = device.sessions.at(-1);
  return last?.status === 'COMPLETE' && device.sim.pluggedAt !== null && last.createdAt >= device.sim.pluggedAt;
}

/**
 * Whether smart charging reached its goal (the status SMART_CHARGING_COMPLETED, "at or above `targetSoC`", with no
 * schedule): the state of charge is at the plan's target, or this plug-in's session completed and nothing more is
 * planned. A plan made since towards a higher target (new preferences) is a schedule to wait for, not a goal reached.
 */
export function goalReached(device: ChargingDevice): boolean {
  const plan = device.plan;
  if (!plan) return false;
  return device.sim.soc >= plan.targetSoc - 1e-6 || (completedSincePlugIn(device) && !scheduleInForce(device));
}

/** The power (kW) a device charges with at `time`. */
export function powerAt(device: ChargingDevice, time: number): number {
  const { sim } = device;
  if (!sim.pluggedIn || !sim.online || sim.fault) return 0;
  if (sim.immediate) return sim.soc < 100 - 1e-6 ? sim.powerKw : 0;
  const plan = device.plan;
  if (!plan || time < plan.createdAt || time >= plan.readyAt || sim.soc >= plan.targetSoc - 1e-6) return 0;
  const hour = floorHour(time);
  const planned = plan.hourly[String(hour)] ?? 0;
  const window = Math.min(hour + HOUR_MS, plan.readyAt) - Math.max(hour, plan.createdAt);
  return window > 0 ? planned / (window / HOUR_MS) : 0;
}

/** The area a device charges in now: its plan's, else that of where it is plugged in, else its default one. */
function areaNow(world: World, device: ChargingDevice): SpotPriceAreaEntry | undefined {
  if (device.plan) return areaById(device.plan.spotPriceAreaId);
  if (device.type === 'EV_CHARGER')
    return areaById(findLocation(world, device.userId, device.preferences?.locationId)?.spotPriceAreaId ?? '');
  return areaById(vehicleLocation(world, device)?.spotPriceAreaId ?? device.preferences?.defaultSpotPriceAreaId ?? '');
}

function openSession(world: World, device: ChargingDevice, at: number): ChargingSessionRecord {
  const plan = device.plan;
  const area = areaNow(world, device);
  const preferences = device.preferences;
  const session: ChargingSessionRecord = {
    id: nextId(world, 'ses'),
    createdAt: at,
    endAt: null,
    status: 'ACTIVE',
    hourly: {},
    spotPriceAreaId: area?.id,
    readyTime: plan?.readyTime ?? preferences?.readyTime,
    timeZone: area?.timeZone,
    immediate: device.sim.immediate,
  };
  device.sessions.push(session);
  if (device.sessions.length > WORLD_LIMITS.sessionsPerDevice) device.sessions.shift();
  note(world, { at, type: 'session-started', deviceId: device.id, sessionId: session.id });
  return session;
}

/**
 * Opens the session at `at` when the device charges from that instant and has none open: a `start-charging`, or a
 * plug-in after one, opens it there and then (the smart-charging guide's "at `start-charging`"), not when the clock
 * next moves.
 */
export function openSessionIfCharging(world: World, device: ChargingDevice, at: number): void {
  if (!activeSession(device) && powerAt(device, at) > 0) openSession(world, device, at);
}

/** Charges a device over `[from, to)`, within which its power does not change. */
function charge(world: World, device: ChargingDevice, from: number, to: number): void {
  const power = powerAt(device, from);
  if (power <= 0) return noteCharging(device, from, false);
  const goal = device.sim.immediate ? 100 : (device.plan?.targetSoc ?? 100);
  const capacity = capacityOf(device);
  const energy = Math.min((power * (to - from)) / HOUR_MS, ((goal - device.sim.soc) / 100) * capacity);
  if (energy <= 0) return noteCharging(device, from, false);
  noteCharging(device, from, true);
  const session = activeSession(device) ?? openSession(world, device, from);
  const hour = String(floorHour(from));
  session.hourly[hour] = Math.round(((session.hourly[hour] ?? 0) + energy) * 1000) / 1000;
  device.sim.soc = Math.min(100, device.sim.soc + (energy / capacity) * 100);
  if (device.sim.soc >= goal - 1e-6) {
    const reached = from + (energy / power) * HOUR_MS;
    session.status = 'COMPLETE';
    session.endAt = Math.round(reached);
    device.sim.changedAt = session.endAt;
    noteReport(device, session.endAt, false);
    note(world, { at: session.endAt, type: 'session-completed', deviceId: device.id, sessionId: session.id });
  }
}

/** The next instant after `time` at which something changes for the device. */
function nextEvent(device: ChargingDevice, time: number): number {
  let next = Infinity;
  if (device.sim.planDueAt !== null && device.sim.planDueAt > time) next = device.sim.planDueAt;
  if (device.plan && device.plan.readyAt > time) next = Math.min(next, device.plan.readyAt);
  return next;
}

/**
 * Plays the world forward to `to`: schedules are made when due, devices charge hour by hour as their schedule or
 * `start-charging` says, sessions open and complete, the state of charge rises, and every 13:00 CET the
 * schedules are made again from the new prices. Every hour in between is played, up to the clock's longest move
 * (MAX_ADVANCE_MS, which the clock control refuses past): only a world that follows real time and was left alone
 * longer than that is played over its last MAX_ADVANCE_MS, so that no read replays years.
 */
export function advance(world: World, to: number, afterStep?: (time: number) => void): void {
  let time = Math.max(world.simulatedTo, to - MAX_ADVANCE_MS);
  const chargers = world.devices.filter(isChargingDevice);
  while (time < to) {
    const publication = nextPublication(time);
    let next = Math.min(to, floorHour(time) + HOUR_MS, publication);
    for (const device of chargers) next = Math.min(next, nextEvent(device, time));
    // Every step moves on, at least to the next hour: no calendar oddity can keep the loop in place.
    if (!(next > time)) next = floorHour(time) + HOUR_MS;
    for (const device of chargers) charge(world, device, time, next);
    time = next;
    if (time === publication) note(world, { at: time, type: 'prices-published' });
    for (const device of chargers) {
      if (device.sim.planDueAt !== null && device.sim.planDueAt <= time) {
        device.sim.planDueAt = null;
        device.plan = planNow(world, device, time);
        noteSchedule(world, device, time, 'plug-in');
      } else if (device.plan && (time === publication || time === device.plan.readyAt)) {
        if (device.sim.soc < device.plan.targetSoc - 1e-6)
          replan(world, device, time, time === publication ? 'prices-published' : 'ready-time');
      }
      // A session opens at the instant charging starts, before the step's end is watched: the timeline then lists
      // the session before the status change it causes.
      openSessionIfCharging(world, device, time);
      // A car reports charging started or paused at that instant too, as the status changes then: at its ready time
      // a read of that instant, which plays no step after it, gives the pause's timestamp (/docs/sandbox: Statuses).
      noteCharging(device, time, powerAt(device, time) > 0);
    }
    afterStep?.(time);
  }
  world.simulatedTo = Math.max(world.simulatedTo, to);
}
