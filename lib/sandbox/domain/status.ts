import { lastHeartbeat } from './events';
import type { DeviceRecord, World } from './model';
import {
  activeSession,
  capacityOf,
  chargingGoal,
  KM_PER_KWH,
  OFFLINE_AFTER_MS,
  powerAt,
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
export function chargerOnline(device: DeviceRecord, time: number): boolean {
  const heartbeat = lastHeartbeat(device, time);
  return heartbeat !== undefined && time - heartbeat < OFFLINE_AFTER_MS;
}

/** Whether the last session is this plug-in's and reached its goal. */
function completedSincePlugIn(device: DeviceRecord): boolean {
  const last = device.sessions.at(-1);
  return last?.status === 'COMPLETE' && device.sim.pluggedAt !== null && last.createdAt >= device.sim.pluggedAt;
}

/** The unified smart charging status of a vehicle or charger at `time`. */
export function unifiedStatus(world: World, device: DeviceRecord, time: number): UnifiedStatus {
  const { sim } = device;
  if (device.type === 'EV_CHARGER' ? !chargerOnline(device, time) : !sim.online) return 'OFFLINE';
  if (sim.fault) return 'ERROR';
  if (!sim.pluggedIn) return 'CABLE_UNPLUGGED';
  const charging = powerAt(device, time) > 0;
  if (sim.immediate) return charging || sim.soc < 100 - 1e-6 ? 'IMMEDIATE_CHARGING' : 'CHARGING_COMPLETED';
  const preferences = device.type === 'VEHICLE' ? device.evPreferences : device.ocppPreferences;
  if (!preferences?.chargingBehavior || preferences.chargingBehavior === 'SMART_CHARGE_OFF')
    return 'SMART_CHARGING_DISABLED';
  if (!chargingGoal(world, device)) return 'CABLE_PLUGGED';
  if (!device.plan) return 'CALCULATING_SCHEDULE';
  if (charging) return 'SMART_CHARGING';
  if (sim.soc >= device.plan.targetSoc - 1e-6 || completedSincePlugIn(device)) return 'SMART_CHARGING_COMPLETED';
  return 'WAITING_FOR_SCHEDULED_CHARGING';
}

/** The connector status an OCPP charger reports at `time`. */
export function ocppStatus(world: World, device: DeviceRecord, time: number): string {
  const { sim } = device;
  if (sim.fault) return 'FAULTED';
  if (lastHeartbeat(device, time) === undefined) return 'UNAVAILABLE';
  if (!sim.pluggedIn) return 'AVAILABLE';
  if (powerAt(device, time) > 0) return 'CHARGING';
  if (completedSincePlugIn(device) || sim.soc >= 100 - 1e-6) return 'SUSPENDED_EV';
  const status = unifiedStatus(world, device, time);
  return status === 'CALCULATING_SCHEDULE' || status === 'CABLE_PLUGGED' ? 'PREPARING' : 'SUSPENDED_EVSE';
}

/** How a vehicle's integration reports its charging at `time`. */
export function vehicleChargingStatus(device: DeviceRecord, time: number): string {
  if (!device.sim.pluggedIn) return 'DISCONNECTED';
  if (powerAt(device, time) > 0) return 'CHARGING';
  if (completedSincePlugIn(device)) return 'CHARGING_COMPLETED';
  return 'PLUGGED';
}

/**
 * The state of charge smart charging or `start-charging` aims at now, in percent, or null where neither applies. A
 * charger's preferences with neither `targetSoC` nor `targetEnergyTransfer` aim at a full battery: the controls show
 * it, since the API has no field that would.
 */
function targetOf(world: World, device: DeviceRecord): number | null {
  if (device.type === 'HEATER') return null;
  if (device.sim.immediate) return 100;
  const target = chargingGoal(world, device)?.targetPercent;
  return target === undefined ? null : Math.round(target * 10) / 10;
}

/**
 * The simulated state the controls show, beside the status the API gives. `online` is the connection as the device
 * control set it; a charger's last heartbeat beside it shows when the API will count it offline (10 minutes later).
 */
export function simulatedState(world: World, device: DeviceRecord, time: number) {
  const { sim } = device;
  const session = activeSession(device);
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
    chargingPowerKw: Math.round(powerAt(device, time) * 100) / 100,
    batteryCapacityKwh: capacityOf(device),
    rangeKm: Math.round((sim.soc / 100) * capacityOf(device) * KM_PER_KWH),
    ...(device.type === 'HEATER'
      ? {}
      : { status: unifiedStatus(world, device, time), targetSoc: targetOf(world, device) }),
    ...(session ? { activeSessionId: session.id } : {}),
  };
}
