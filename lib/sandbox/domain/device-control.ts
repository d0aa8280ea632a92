import { deviceOf, isCommandRefusal, type Outcome } from './command-outcome';
import { lastHeartbeat, plugIn, setFault, setOnline, setSoc, unplug } from './events';
import type { DeviceRecord, World } from './model';
import { HEARTBEAT_MS, OFFLINE_AFTER_MS } from './simulate';
import { findLocation } from './world';
import type { OCPP_FAULTS } from '../control-names';
import { forgetAfter, note } from '../timeline';

/** A fault code a charger may report (OCPP 1.6 ChargePointErrorCode, without NoError). */
export type OcppFault = (typeof OCPP_FAULTS)[number];

/**
 * What a device control (`PATCH /__sandbox/devices/{id}`) sets, each field of the type it must be (controls.ts checks
 * the request's shape); a field not given leaves that part of the device as it is.
 */
export interface DeviceControls {
  /** The state of charge, percent (a vehicle's, or that of the car on a charger's cable). */
  soc?: number;
  online?: boolean;
  /** A fault the device reports, or null: it reports none. */
  fault?: OcppFault | null;
  pluggedIn?: boolean;
  /** Where a vehicle is plugged in: a location of its user. */
  locationId?: string;
}

export type DeviceControlCommand = { type: 'control-device'; deviceId: string; controls: DeviceControls };

/** Why the device cannot take the controls: a vehicle plugs in at a location of its user; a heat pump has no cable. */
function controlProblem(world: World, device: DeviceRecord, controls: DeviceControls): string | undefined {
  const { locationId } = controls;
  if (locationId !== undefined && (device.type !== 'VEHICLE' || !findLocation(world, device.userId, locationId)))
    return `Field "locationId" is ${locationId}, not a location of user ${device.userId} where this vehicle can plug in`;
  if (device.type === 'HEATER' && (controls.pluggedIn !== undefined || controls.soc !== undefined))
    return `Device ${device.id} is a heat pump: only "online" and "fault" apply`;
  return undefined;
}

/**
 * Sets what the controls give, in this order: the charge, the connection, the fault, the cable (a location given
 * moves a plugged-in vehicle there, and an unplugged one only with `pluggedIn`); then the statuses changed are noted
 * (`watchStatuses`, which `execute` does once the draft is finished).
 */
export function controlDevice(world: World, deviceId: string, controls: DeviceControls, now: number): Outcome {
  const device = deviceOf(world, deviceId, ['VEHICLE', 'EV_CHARGER', 'HEATER']);
  if (isCommandRefusal(device)) return device;
  const problem = controlProblem(world, device, controls);
  if (problem) return { refused: problem };
  if (controls.soc !== undefined && device.type !== 'HEATER') setSoc(world, device, controls.soc, now);
  if (controls.online !== undefined) connection(world, device, controls.online, now);
  if (controls.fault !== undefined) reportFault(world, device, controls.fault, now);
  if (device.type !== 'HEATER') {
    if (controls.pluggedIn === false) unplug(world, device, now);
    if (controls.pluggedIn === true || (controls.locationId !== undefined && device.sim.pluggedIn))
      plugIn(world, device, now, controls.locationId);
  }
  return { device, watchStatuses: true };
}

/** Sets or clears the device's fault, noted on the timeline when it changes. */
function reportFault(world: World, device: DeviceRecord, code: OcppFault | null, now: number): void {
  if (code !== device.sim.fault)
    note(
      world,
      code
        ? { at: now, type: 'fault', deviceId: device.id, fault: code }
        : { at: now, type: 'fault-cleared', deviceId: device.id },
    );
  setFault(device, code, now);
}

/**
 * Connects or disconnects a device, and notes it on the timeline: a vehicle is offline at once; a charger only
 * misses its next heartbeat and counts as offline ten minutes after its last (the chargers guide), so those two are
 * noted for when they come, and forgotten if it is back first.
 */
function connection(world: World, device: DeviceRecord, online: boolean, now: number): void {
  if (online === device.sim.online) return;
  const heartbeat = lastHeartbeat(device, now);
  setOnline(device, online, now);
  if (online) {
    forgetAfter(world, device.id, now, ['heartbeat-missed', 'offline']);
    note(world, { at: now, type: 'online', deviceId: device.id });
  } else if (device.type === 'EV_CHARGER' && heartbeat !== undefined) {
    note(world, { at: heartbeat + HEARTBEAT_MS, type: 'heartbeat-missed', deviceId: device.id });
    note(world, { at: heartbeat + OFFLINE_AFTER_MS, type: 'offline', deviceId: device.id });
  } else {
    note(world, { at: now, type: 'offline', deviceId: device.id });
  }
}
