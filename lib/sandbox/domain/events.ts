import type { ChargingDevice, DeviceRecord, Vehicle, World } from './model';
import { isChargingDevice } from './model';
import {
  activeSession,
  capacityOf,
  defaultLocation,
  goalReached,
  HEARTBEAT_MS,
  noteSchedule,
  openSessionIfCharging,
  percentOfBattery,
  planNow,
  replan,
  requestPlan,
} from './simulate';
import { noteCharging, noteReport } from './reports';
import { note } from '../timeline';

/**
 * What happens to a device, from a control or a request: each changes the device's simulated state at `at` (the
 * world already played to it) and asks for a new schedule where Kilowise would make one.
 */

function endSession(world: World, device: ChargingDevice, at: number): void {
  const session = activeSession(device);
  if (!session) return;
  session.status = 'INTERRUPTED';
  session.endAt = at;
  note(world, { at, type: 'session-interrupted', deviceId: device.id, sessionId: session.id });
}

/**
 * The cable goes in: for a vehicle at `locationId`, else, plugging in anew, at its first charging location (else its
 * user's first); a vehicle plugged in already stays where it is unless a location is named.
 */
export function plugIn(world: World, device: ChargingDevice, at: number, locationId?: string): void {
  const { sim } = device;
  if (device.type === 'VEHICLE')
    sim.locationId = locationId ?? (sim.pluggedIn ? sim.locationId : defaultLocation(world, device));
  if (!sim.pluggedIn) {
    sim.pluggedIn = true;
    sim.pluggedAt = at;
    sim.changedAt = at;
    // A charger learns the car's state of charge from its preferences' `currentSoC`, a range in km turned into
    // percent of the battery as a `targetSoC` in km is (/docs/chargers: Charger preferences).
    const current = device.type === 'EV_CHARGER' ? device.preferences?.current : undefined;
    if (current) sim.soc = Math.min(100, percentOfBattery(current, capacityOf(device)));
    sim.plugSoc = sim.soc;
    noteReport(device, at);
    note(world, { at, type: 'plugged-in', deviceId: device.id });
  }
  requestPlan(world, device, at);
  openSessionIfCharging(world, device, at);
}

export function unplug(world: World, device: ChargingDevice, at: number): void {
  const { sim } = device;
  if (!sim.pluggedIn) return;
  // Cause before effect on the timeline: the cable comes out, then the session ends.
  note(world, { at, type: 'unplugged', deviceId: device.id });
  endSession(world, device, at);
  sim.pluggedIn = false;
  sim.pluggedAt = null;
  sim.locationId = null;
  sim.immediate = false;
  sim.changedAt = at;
  noteReport(device, at, false);
  requestPlan(world, device, at);
}

export function setSoc(world: World, device: ChargingDevice, percent: number, at: number): void {
  device.sim.soc = percent;
  if (!device.sim.pluggedIn) device.sim.plugSoc = percent;
  noteReport(device, at);
  if (device.plan) replan(world, device, at, 'state-of-charge');
  // Below minimalSoC the first hours charge at once: the session opens now, as the status says.
  openSessionIfCharging(world, device, at);
}

export function setOnline(device: DeviceRecord, online: boolean, at: number): void {
  const { sim } = device;
  if (online === sim.online) return;
  if (online) {
    sim.onlineSince = at;
  } else {
    sim.lastHeartbeat = lastHeartbeat(device, at) ?? null;
    sim.onlineSince = null;
  }
  sim.online = online;
  // A device back online reports at once; one that went offline can report nothing, so its status keeps the
  // timestamp of its last report or heartbeat (/docs/sandbox: Statuses).
  if (online) {
    sim.changedAt = at;
    noteReport(device, at);
  }
}

export function setFault(device: DeviceRecord, fault: string | null, at: number): void {
  if (fault !== device.sim.fault) device.sim.changedAt = at;
  device.sim.fault = fault;
}

/** The last heartbeat of a charger at `time`, or undefined for one that never sent one. */
export function lastHeartbeat(device: DeviceRecord, time: number): number | undefined {
  const { sim } = device;
  if (sim.online && sim.onlineSince !== null && sim.onlineSince <= time)
    return sim.onlineSince + Math.floor((time - sim.onlineSince) / HEARTBEAT_MS) * HEARTBEAT_MS;
  return sim.lastHeartbeat ?? undefined;
}

/**
 * Charging at once (what `start-charging` asks, after it switched smart charging off): now, or as soon as the cable
 * is plugged in, whatever the prices.
 */
export function chargeNow(world: World, device: ChargingDevice, at: number): void {
  device.sim.immediate = true;
  device.sim.changedAt = at;
  noteReport(device, at);
  requestPlan(world, device, at);
  openSessionIfCharging(world, device, at);
}

/** Charging stops (what `stop-charging` asks, after it switched smart charging off): the session under way ends. */
export function stopChargingNow(world: World, device: ChargingDevice, at: number): void {
  device.sim.immediate = false;
  endSession(world, device, at);
  device.sim.changedAt = at;
  noteReport(device, at, false);
  requestPlan(world, device, at);
}

/**
 * New preferences: smart charging takes over again from charging at once, and the schedule is made again at once
 * (only a plug-in makes Kilowise calculate for a while first).
 */
export function preferencesChanged(world: World, device: ChargingDevice, at: number): void {
  const preferences = device.preferences;
  if (preferences?.chargingBehavior && preferences.chargingBehavior !== 'SMART_CHARGE_OFF')
    device.sim.immediate = false;
  if (device.sim.planDueAt !== null) return;
  const reached = goalReached(device);
  requestPlan(world, device, at);
  if (device.sim.planDueAt !== null) {
    device.sim.planDueAt = null;
    device.plan = planNow(world, device, at);
    noteSchedule(world, device, at, 'preferences');
    // A higher target after the goal was reached: the device waits for its schedule from now, and says so then.
    if (reached && !goalReached(device)) {
      device.sim.changedAt = at;
      noteReport(device, at);
    }
    openSessionIfCharging(world, device, at);
  }
}

/** Prices changed for an area (posted test prices): every schedule there is made again from them. */
export function pricesChanged(world: World, areaId: string, at: number): void {
  note(world, { at, type: 'test-prices-posted', spotPriceAreaId: areaId });
  for (const device of world.devices.filter(isChargingDevice))
    if (device.plan?.spotPriceAreaId === areaId) {
      replan(world, device, at, 'test-prices');
      openSessionIfCharging(world, device, at);
    }
}

/**
 * A user's location is deleted: a device that charges there stops following its price area (/docs/locations:
 * Delete a location). Its schedule goes, an open session ends INTERRUPTED, and Kilowise plans again from what is left.
 * A device charges there when its plan was made for it, a car when it is plugged in there (also a car never moved with
 * the device control, at its user's first location), a charger when its preferences' `locationId` names it. No car of
 * the user keeps the id among its `chargingLocationIds`: its preferences, read back, are ones it may be sent again.
 */
export function locationRemoved(world: World, userId: string, locationId: string, at: number): void {
  for (const device of world.devices.filter(isChargingDevice)) {
    if (device.userId !== userId) continue;
    if (device.type === 'VEHICLE') dropChargingLocation(device, locationId);
    const pluggedThere =
      device.type === 'VEHICLE' ? device.sim.locationId === locationId : device.preferences?.locationId === locationId;
    if (!pluggedThere && device.plan?.locationId !== locationId) continue;
    if (device.type === 'VEHICLE' && device.sim.locationId === locationId) device.sim.locationId = null;
    endSession(world, device, at);
    noteCharging(device, at, false);
    device.sim.changedAt = at;
    requestPlan(world, device, at);
  }
}

function dropChargingLocation(device: Vehicle, locationId: string): void {
  const ids = device.preferences?.chargingLocationIds;
  if (device.preferences && ids?.includes(locationId))
    device.preferences = { ...device.preferences, chargingLocationIds: ids.filter((id) => id !== locationId) };
}
