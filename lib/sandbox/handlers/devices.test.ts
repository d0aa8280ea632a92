// The device handlers on their own (vehicles/index.mdx, chargers.mdx, sandbox.mdx): what a vehicle's and an OCPP
// charger's status say, and what they leave out when the device has not reported it.
import { beforeEach, describe, expect, it } from 'vitest';
import { handlerCaller } from '../../../scripts/testing/handler-call';
import type { DeviceRecord, World, Vehicle } from '../domain/model';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_USER, seedWorld } from '../domain/seed';
import { advance } from '../domain/simulate';
import { changeWorld } from '../domain/world-draft';
import type { Answer, HandlerContext } from './context';
import { deviceHandlers } from './devices';
import { authCodeOf, integrationHandlers, SMARTCAR_MODELS } from './integrations';

const NOW = Date.parse('2025-01-15T09:20:00Z');
let world: World;
beforeEach(() => {
  world = seedWorld(NOW, NOW);
});

const defaults = () => ({ world, now: NOW, userId: SAMPLE_USER });
/** The world a command made kept, as the sandbox keeps it. */
function keep(answer: Answer): Answer {
  const { world: made, ...rest } = answer;
  if (made) world = made;
  return rest;
}
const callDevices = handlerCaller(deviceHandlers, defaults);
const callIntegrations = handlerCaller(integrationHandlers, defaults);
const call = (operationId: string, context: Partial<HandlerContext> = {}) => keep(callDevices(operationId, context));
const integration = (operationId: string, context: Partial<HandlerContext> = {}) =>
  keep(callIntegrations(operationId, context));
const body = (answer: Answer) => answer.body as Record<string, unknown>;
/** Sets a device of the kept world up as a test needs it: on a draft, as the sandbox changes a world. */
function changeDevice<T extends DeviceRecord>(device: T, change: (draft: T) => void): void {
  world = changeWorld(world, (draft) => change(draft.devices.find((each) => each.id === device.id) as T));
}

/** A car of the model named, connected for a user of its own through the sandbox's Smartcar. */
function connectModel(make: string): Vehicle {
  const model = SMARTCAR_MODELS.find((candidate) => candidate.make === make);
  if (!model) throw new Error(`no model of ${make}`);
  const answer = integration('connectSmartcarVehicle', {
    body: { authCode: authCodeOf(model), redirectUrl: 'https://app.example.com/smartcar/callback' },
    userId: `user-${make}`,
  });
  const deviceId = body(answer).deviceId;
  return world.devices.find((device) => device.id === deviceId) as Vehicle;
}

describe('a vehicle status', () => {
  it('as /docs/smart-charging says ("when the vehicle does not report it"), has no batteryCapacity from a car without READ_BATTERY_CAPACITY', () => {
    const kia = connectModel('KIA');
    expect(SMARTCAR_MODELS.find((model) => model.make === 'KIA')?.capabilities).not.toContain('READ_BATTERY_CAPACITY');
    const status = body(call('getVehicleStatus', { params: { deviceId: kia.id } }));
    expect(status).toMatchObject({ id: kia.id, chargingStatus: 'PLUGGED' });
    expect(status).not.toHaveProperty('batteryCapacity');
    // Preferences with a capacity do not make the car report one: the sandbox uses it, the car does not say it.
    changeDevice(kia, (car) => void (car.preferences = { chargingBehavior: 'SMART_CHARGE_ANYWHERE', batteryKwh: 60 }));
    expect(body(call('getVehicleStatus', { params: { deviceId: kia.id } }))).not.toHaveProperty('batteryCapacity');
  });

  it('as /docs/sandbox says, has no batteryCapacity from a car linked through Enode', () => {
    integration('registerTelematicsAccount', { userId: 'user-enode' });
    const car = world.devices.find((device) => device.userId === 'user-enode') as DeviceRecord;
    expect(car.integration).toBe('TELEMATICA');
    expect(body(call('getVehicleStatus', { params: { deviceId: car.id } }))).not.toHaveProperty('batteryCapacity');
  });

  it('gives the capacity a car with READ_BATTERY_CAPACITY reports, whatever the preferences say', () => {
    const tesla = connectModel('TESLA');
    changeDevice(
      tesla,
      (car) => void (car.preferences = { chargingBehavior: 'SMART_CHARGE_ANYWHERE', batteryKwh: 99 }),
    );
    expect(body(call('getVehicleStatus', { params: { deviceId: tesla.id } })).batteryCapacity).toBe(57.5);
    expect(body(call('getVehicleStatus', { params: { deviceId: SAMPLE_CAR } })).batteryCapacity).toBe(64);
  });
});

describe('when a device reported', () => {
  const vehicleStatus = (deviceId: string, now: number) =>
    body(call('getVehicleStatus', { params: { deviceId }, now }));
  const unified = (deviceId: string, now: number) => body(call('getDeviceStatus', { params: { deviceId }, now }));

  it('as /docs/vehicles says ("when the car reported it"), gives the time and charge of the car\'s last report, which a status update refreshes', () => {
    const kia = connectModel('KIA');
    const later = NOW + 3_600_000;
    world = changeWorld(world, (draft) => advance(draft, later));
    // Nothing changed for the car in the hour: its status is still the one it reported when it connected.
    expect(vehicleStatus(kia.id, later)).toMatchObject({
      timestamp: '2025-01-15T09:20:00Z',
      chargingStatus: 'PLUGGED',
    });
    expect(unified(kia.id, later).timestamp).toBe('2025-01-15T09:20:00Z');
    // Changed without the car saying so: the status does not show it yet.
    changeDevice(kia, (car) => void (car.sim.soc = 55));
    expect(vehicleStatus(kia.id, later).soc).not.toBe(55);
    expect(integration('requestSmartcarStatusUpdate', { params: { deviceId: kia.id }, now: later }).status).toBe(202);
    expect(vehicleStatus(kia.id, later)).toMatchObject({ timestamp: '2025-01-15T10:20:00Z', soc: 55 });
    expect(unified(kia.id, later).timestamp).toBe('2025-01-15T10:20:00Z');
  });

  it('gives the report a car made when its charging completed', () => {
    advance(world, Date.parse('2025-01-16T06:00:00Z'));
    const completed = world.devices.find((device) => device.id === SAMPLE_CAR)?.sessions?.at(-1);
    expect(completed?.status).toBe('COMPLETE');
    const status = vehicleStatus(SAMPLE_CAR, Date.parse('2025-01-16T06:00:00Z'));
    expect(status).toMatchObject({ soc: 80, chargingStatus: 'CHARGING_COMPLETED' });
    expect(status.timestamp).toBe(new Date(completed?.endAt ?? 0).toISOString().replace(/\.\d+Z$/, 'Z'));
  });

  it("as /docs/chargers says, gives a charger's last heartbeat or status notification, whichever came later", () => {
    // The sample charger has sent a heartbeat every five minutes since it came online, on the minute of NOW.
    expect(unified(SAMPLE_CHARGER, NOW + 7 * 60_000).timestamp).toBe('2025-01-15T09:25:00Z');
    const deviceId = body(
      call('registerCharger', { body: { name: 'Shed', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0999997' } }),
    ).id as string;
    expect(unified(deviceId, NOW + 60 * 60_000)).toEqual({ status: 'OFFLINE', timestamp: '2025-01-15T09:20:00Z' });
  });
});

describe('an OCPP charger status', () => {
  const register = (vendorDeviceId: string) =>
    body(
      call('registerCharger', {
        body: { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId, autoSetupOCPPConnection: false },
      }),
    ).id as string;

  it('as /docs/chargers says, of a charger that never connected: UNAVAILABLE, with no meter value, vendor or firmware', () => {
    const deviceId = register('PLP1-0999999');
    expect(call('getOcppChargerStatus', { params: { deviceId }, now: NOW + 3_600_000 })).toEqual({
      status: 200,
      body: { statusTimestamp: '2025-01-15T09:20:00Z', status: 'UNAVAILABLE', errorCode: 'NoError' },
    });
  });

  it('of a charger online: its last heartbeat, and the meter value read then', () => {
    const deviceId = register('PLP1-0999998');
    const charger = world.devices.find((device) => device.id === deviceId) as DeviceRecord;
    changeDevice(charger, (draft) => void (draft.sim = { ...draft.sim, online: true, onlineSince: NOW }));
    expect(body(call('getOcppChargerStatus', { params: { deviceId }, now: NOW + 7 * 60_000 }))).toEqual({
      statusTimestamp: '2025-01-15T09:20:00Z',
      status: 'AVAILABLE',
      errorCode: 'NoError',
      vendorId: 'Wallbox',
      vendorErrorCode: '',
      heartbeatTimestamp: '2025-01-15T09:25:00Z',
      measurement: { timestamp: '2025-01-15T09:25:00Z', value: 0, unit: 'kW' },
      firmwareVersion: '6.4.12',
    });
  });
});
