import { lastHeartbeat } from '../domain/events';
import { heatPumpStatus } from '../domain/heating';
import type { Charger, ChargingDevice, DeviceRecord, Vehicle, World } from '../domain/model';
import { lastReport } from '../domain/reports';
import { capacityOf, KM_PER_KWH, powerAt } from '../domain/simulate';
import { ocppStatus, unifiedStatus, vehicleChargingStatus } from '../domain/status';
import {
  asObject,
  commandAnswer,
  commandDevice,
  dateTime,
  deviceFor,
  fail,
  isAnswer,
  text,
  type Handler,
} from './context';
import { WALLBOX_CHARGERS } from './integrations';

/** A device as the contract answers it. */
export function deviceAnswer(device: DeviceRecord) {
  return {
    id: device.id,
    type: device.type,
    integration: device.integration,
    createdAt: dateTime(device.createdAt),
    attributes: { ...device.attributes },
    settings: { ...device.settings },
    ...(device.type === 'VEHICLE' && device.associatedChargerIds
      ? { associatedChargerIds: [...device.associatedChargerIds] }
      : {}),
  };
}

/**
 * A vehicle's status as its integration reports it, for the device asked about. Only a car that reports its capacity
 * (Smartcar's READ_BATTERY_CAPACITY) has `batteryCapacity`: the preferences' value is the partner's, not the car's,
 * and the smart-charging guide's "when the vehicle does not report it" would mean nothing if the status echoed it.
 */
function vehicleStatus(device: Vehicle, now: number) {
  const capacity = capacityOf(device);
  const report = lastReport(device, now);
  return {
    id: device.id,
    timestamp: dateTime(report.at),
    soc: Math.round(report.soc),
    range: Math.round((report.soc / 100) * capacity * KM_PER_KWH),
    chargingStatus: vehicleChargingStatus(device, now),
    ...(device.sim.reportsCapacity ? { batteryCapacity: device.sim.capacityKwh } : {}),
  };
}

/**
 * When a device last reported, for its unified status's `timestamp`: a vehicle's last report; a charger's last
 * status notification, heartbeat or change of its unified status while online, whichever came later (its
 * registration, if it never connected).
 */
function reportedAt(device: ChargingDevice, now: number): number {
  if (device.type === 'VEHICLE') return lastReport(device, now).at;
  const changed = Math.max(device.sim.changedAt, device.sim.statusChangedAt ?? -Infinity);
  return Math.max(Math.min(changed, now), lastHeartbeat(device, now) ?? -Infinity);
}

/**
 * What an OCPP charger last reported to the backend. One that never connected has reported nothing of its own: no
 * heartbeat, meter value, vendor or firmware (the contract's fields are optional, none nullable, so they are left
 * out); its status is the backend's UNAVAILABLE since it was registered.
 */
function ocppChargerStatus(world: World, device: Charger, now: number) {
  const heartbeat = lastHeartbeat(device, now);
  const common = {
    statusTimestamp: dateTime(Math.min(device.sim.changedAt, now)),
    status: ocppStatus(world, device, now),
    errorCode: device.sim.fault ?? 'NoError',
  };
  if (heartbeat === undefined) return common;
  return {
    ...common,
    vendorId: 'Wallbox',
    vendorErrorCode: '',
    heartbeatTimestamp: dateTime(heartbeat),
    // Read at the last heartbeat: a charger offline since reports no fresher value.
    measurement: { timestamp: dateTime(heartbeat), value: Math.round(powerAt(device, now) * 10) / 10, unit: 'kW' },
    firmwareVersion: '6.4.12',
  };
}

export const deviceHandlers: Record<string, Handler> = {
  getDevices: (c) => ({
    status: 200,
    body: c.world.devices.filter((device) => device.userId === c.userId).map(deviceAnswer),
  }),
  getDevice: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER', 'HEATER']);
    return isAnswer(device) ? device : { status: 200, body: deviceAnswer(device) };
  },
  deleteDevice: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER', 'HEATER']);
    if (isAnswer(device)) return device;
    return commandAnswer(c, { type: 'remove-device', deviceId: device.id }, () => ({ status: 204 }));
  },
  registerCharger: (c) => {
    const body = asObject(c.body);
    const vendorDeviceId = text(body.vendorDeviceId);
    // Wallbox's cloud names a charger by a numeric id and a uid; Kilowise registers it by the uid.
    const byNumericId = WALLBOX_CHARGERS.find((charger) => String(charger.id) === vendorDeviceId);
    if (body.vendor === 'WALLBOX' && byNumericId)
      return fail(
        400,
        `Request body: field "vendorDeviceId" is ${vendorDeviceId}, the Wallbox charger's numeric id; register it with its uid, ${byNumericId.uid}`,
      );
    const autoSetup = body.autoSetupOCPPConnection === true;
    // Set up through the maker's cloud, the charger connects at once: when the user's linked Wallbox account has it.
    const user = c.world.users.find((candidate) => candidate.id === c.userId);
    const inAccount = WALLBOX_CHARGERS.some((charger) => charger.uid === vendorDeviceId);
    const connects = autoSetup && body.vendor === 'WALLBOX' && user?.wallboxUsername !== undefined && inAccount;
    const device = {
      userId: c.userId,
      type: 'EV_CHARGER',
      integration: 'OCPP',
      attributes: { name: text(body.name), vendor: text(body.vendor), vendorDeviceId },
      settings: { autoSetupOCPPConnection: autoSetup },
      // Otherwise it connects when its owner has entered the OCPP backend URL (in the sandbox: the control's `online`).
      sim: { online: connects, onlineSince: connects ? c.now : null, soc: 35, plugSoc: 35 },
    } as const;
    return commandAnswer(c, { type: 'add-device', device }, (done) => ({
      status: 200,
      body: deviceAnswer(commandDevice(done)),
    }));
  },
  getSteveUrl: (c) => c.example(),
  getOcppChargerStatus: (c) => {
    const device = deviceFor(c, ['EV_CHARGER']);
    return isAnswer(device) ? device : { status: 200, body: ocppChargerStatus(c.world, device, c.now) };
  },
  getHeatPumpStatus: (c) => {
    const device = deviceFor(c, ['HEATER']);
    if (isAnswer(device)) return device;
    const status = heatPumpStatus(c.world, device, c.now);
    return {
      status: 200,
      body: {
        timestamp: dateTime(status.time),
        lastActivityDate: dateTime(status.lastActivity),
        connectionStatus: status.online ? 'ONLINE' : 'OFFLINE',
        hasAlarmed: status.alarmed,
        roomTemperature: status.roomTemperature,
        exhaustAir: status.exhaustAir,
        compressorTimeFactor: status.compressorTimeFactor,
      },
    };
  },
  getDeviceStatus: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    return {
      status: 200,
      body: { status: unifiedStatus(c.world, device, c.now), timestamp: dateTime(reportedAt(device, c.now)) },
    };
  },
  getVehicleStatus: (c) => {
    const device = deviceFor(c, ['VEHICLE']);
    return isAnswer(device) ? device : { status: 200, body: vehicleStatus(device, c.now) };
  },
  getSmartcarStatus: (c) => {
    const device = deviceFor(c, ['VEHICLE']);
    if (isAnswer(device)) return device;
    if (device.integration !== 'SMARTCAR') return fail(404, `Device ${device.id} is not connected through Smartcar`);
    return { status: 200, body: vehicleStatus(device, c.now) };
  },
  getDemandResponse: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER', 'HEATER']);
    return isAnswer(device) ? device : { status: 200, body: { active: false } };
  },
};
