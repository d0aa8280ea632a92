import { lastHeartbeat } from './events';
import type { Charger, ChargingDevice, DeviceRecord, World } from './model';
import {
  activeSession,
  capacityOf,
  chargerTarget,
  chargingGoal,
  completedSincePlugIn,
  goalReached,
  KM_PER_KWH,
  OFFLINE_AFTER_MS,
  powerAt,
  scheduleInForce,
  vehicleLocation,
} from './simulate';

/** The statuses a device's state gives, as the contract names them. */
export type UnifiedStatus =
  | 'OFFLINE'
  | 'ERROR'
  | 'CABLE_UNPLUGGED'
  | 'CABLE_PLUGGED'
  | 'CALCULATING_SCHEDULE'
  | 'WAITING_FOR_SCHEDULED_CHARGING'
  | 'SMART_CHARGING'
  | 'SMART_CHARGING_COMPLETED'
  | 'SMART_CHARGING_DISABLED'
  | 'IMMEDIATE_CHARGING'
  | 'CHARGING_COMPLETED';

/** Whether a charger counts as online: its last heartbeat is under ten minutes old (the chargers guide). */
export function chargerOnline(device: Charger, time: number): boolean {
  const heartbeat = lastHeartbeat(device, time);
  return heartbeat !== undefined && time - heartbeat < OFFLINE_AFTER_MS;
}

/** The unified smart charging status of a vehicle or charger at `time`. */
export function unifiedStatus(world: World, device: ChargingDevice, time: number): UnifiedStatus {
  const { sim } = device;
  if (device.type === 'EV_CHARGER' ? !chargerOnline(device, time) : !sim.online) return 'OFFLINE';
  if (sim.fault) return 'ERROR';
  if (!sim.pluggedIn) return 'CABLE_UNPLUGGED';
  const charging = powerAt(device, time) > 0;
  if (sim.immediate) return charging || sim.soc < 100 - 1e-6 ? 'IMMEDIATE_CHARGING' : 'CHARGING_COMPLETED';
  const preferences = device.preferences;
  if (!preferences?.chargingBehavior || preferences.chargingBehavior === 'SMART_CHARGE_OFF')
    return 'SMART_CHARGING_DISABLED';
  if (!chargingGoal(world, device)) return 'CABLE_PLUGGED';
  if (!device.plan) return 'CALCULATING_SCHEDULE';
  if (charging) return 'SMART_CHARGING';
  if (goalReached(device)) return 'SMART_CHARGING_COMPLETED';
  return 'WAITING_FOR_SCHEDULED_CHARGING';
}

/** The connector status an OCPP charger reports at `time`. */
export function ocppStatus(world: World, device: Charger, time: number): string {
  const { sim } = device;
  if (sim.fault) return 'FAULTED';
  if (lastHeartbeat(device, time) === undefined) return 'UNAVAILABLE';
  if (!sim.pluggedIn) return 'AVAILABLE';
  if (powerAt(device, time) > 0) return 'CHARGING';
  if ((completedSincePlugIn(device) && !scheduleInForce(device)) || sim.soc >= 100 - 1e-6) return 'SUSPENDED_EV';
  const status = unifiedStatus(world, device, time);
  return status === 'CALCULATING_SCHEDULE' || status === 'CABLE_PLUGGED' ? 'PREPARING' : 'SUSPENDED_EVSE';
}

/** How a vehicle's integration reports its charging at `time`. */
export function vehicleChargingStatus(device: ChargingDevice, time: number): string {
  if (!device.sim.pluggedIn) return 'DISCONNECTED';
  if (powerAt(device, time) > 0) return 'CHARGING';
  if (completedSincePlugIn(device)) return 'CHARGING_COMPLETED';
  return 'PLUGGED';
}

/**
 * The state of charge smart charging or `start-charging` aims at now, in percent, or null where neither applies. A
 * charger's preferences with neither `targetSoC` nor `targetEnergyTransfer` aim at a full battery: the controls show
 * it, since the API has no field that would. A charger smart charging on has its goal also where it has no location
 * to plan in (/docs/sandbox: Chargers, "never `null` for an energy goal").
 */
function targetOf(world: World, device: ChargingDevice): number | null {
  if (device.sim.immediate) return 100;
  const smartCharger = device.type === 'EV_CHARGER' && device.preferences?.chargingBehavior === 'SMART_CHARGE_ON';
  const target = smartCharger ? chargerTarget(device) : chargingGoal(world, device)?.targetPercent;
  return target === undefined ? null : Math.round(target * 10) / 10;
}

/**
 * The simulated state the controls show, beside the status the API gives. `online` is the connection as the device
 * control set it; a charger's last heartbeat beside it shows when the API will count it offline (10 minutes later).
 */
/** What the device control answers: the simulated state beside the status the API gives. */
export interface SimulatedState {
  deviceId: string;
  type: DeviceRecord['type'];
  pluggedIn: boolean;
  /** A vehicle's: the location it is plugged in at, or null. */
  locationId?: string | null;
  soc: number;
  online: boolean;
  /** A charger's: its last heartbeat (ISO), or null when it never sent one. */
  lastHeartbeat?: string | null;
  fault: string | null;
  chargingPowerKw: number;
  batteryCapacityKwh: number;
  rangeKm: number;
  /** A charging device's unified status and the state of charge it aims at. */
  status?: UnifiedStatus;
  targetSoc?: number | null;
  activeSessionId?: string;
}

const rangeOf = (soc: number, capacityKwh: number) => Math.round((soc / 100) * capacityKwh * KM_PER_KWH);

/**
 * The simulated state the controls show, beside the status the API gives. `online` is the connection as the device
 * control set it; a charger's last heartbeat beside it shows when the API will count it offline (10 minutes later).
 * A heat pump charges nothing: its figures are those of its idle state.
 */
export function simulatedState(world: World, device: DeviceRecord, time: number): SimulatedState {
  const { sim } = device;
  const capacity = device.type === 'HEATER' ? sim.capacityKwh : capacityOf(device);
  const charging = device.type === 'HEATER' ? undefined : device;
  const session = charging && activeSession(charging);
  const heartbeat = device.type === 'EV_CHARGER' ? lastHeartbeat(device, time) : undefined;
  return {
    deviceId: device.id,
    type: device.type,
    pluggedIn: sim.pluggedIn,
    ...(device.type === 'VEHICLE'
      ? { locationId: sim.pluggedIn ? (vehicleLocation(world, device)?.id ?? null) : null }
      : {}),
    soc: Math.round(sim.soc * 10) / 10,
    online: sim.online,
    ...(device.type === 'EV_CHARGER'
      ? { lastHeartbeat: heartbeat === undefined ? null : new Date(heartbeat).toISOString() }
      : {}),
    fault: sim.fault,
    chargingPowerKw: charging ? Math.round(powerAt(charging, time) * 100) / 100 : 0,
    batteryCapacityKwh: capacity,
    rangeKm: rangeOf(sim.soc, capacity),
    ...(charging ? { status: unifiedStatus(world, charging, time), targetSoc: targetOf(world, charging) } : {}),
    ...(session ? { activeSessionId: session.id } : {}),
  };
}
