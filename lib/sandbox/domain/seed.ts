import { statusWatcher, watchStatuses } from '../status-watch';
import { plugIn, setSoc, unplug } from './events';
import type { DeviceRecord, DeviceSim, Vehicle, World } from './model';
import { advance } from './simulate';
import { emptyWorld } from './world';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './zones';

/** The user of the contract's examples, whose demonstration set makes the playground and /api work at once. */
export const SAMPLE_USER = 'user-4711';
export const SAMPLE_LOCATION = 'loc-8c1e52';
export const SAMPLE_CAR = 'dev-5b1f0c';
export const SAMPLE_CHARGER = 'dev-77a0d2';
export const SAMPLE_HEAT_PUMP = 'dev-3c9e41';
/** The Smartcar authorization code that names the sample user's car in the sandbox. */
export const SAMPLE_CAR_AUTH_CODE = 'sandbox-volvo-ex30';

export function newSim(at: number, overrides: Partial<DeviceSim> = {}): DeviceSim {
  return {
    pluggedIn: false,
    locationId: null,
    soc: 50,
    plugSoc: 50,
    online: true,
    onlineSince: at,
    lastHeartbeat: null,
    fault: null,
    immediate: false,
    planDueAt: null,
    changedAt: at,
    capacityKwh: 64,
    powerKw: 11,
    ...overrides,
    pluggedAt: overrides.pluggedAt ?? (overrides.pluggedIn ? at : null),
  };
}

function sampleDevices(start: number): DeviceRecord[] {
  return [
    {
      userId: SAMPLE_USER,
      id: SAMPLE_CAR,
      sessions: [],
      type: 'VEHICLE',
      integration: 'SMARTCAR',
      createdAt: start - 30 * DAY_MS,
      attributes: { make: 'VOLVO', model: 'EX30' },
      settings: {},
      associatedChargerIds: [SAMPLE_CHARGER],
      smartcarCar: SAMPLE_CAR_AUTH_CODE,
      sim: newSim(start, { soc: 30, plugSoc: 30, reportsCapacity: true }),
      preferences: {
        chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
        chargingLocationIds: [SAMPLE_LOCATION],
        defaultSpotPriceAreaId: 'SE3',
        readyTime: '07:00',
        weekDaySpecificReadyTimes: { SATURDAY: '10:30', SUNDAY: '10:30' },
        targetPercent: 80,
        minimalPercent: 20,
        batteryKwh: 64,
      },
      previousChargingBehavior: 'SMART_CHARGE_OFF',
    },
    {
      userId: SAMPLE_USER,
      id: SAMPLE_CHARGER,
      sessions: [],
      type: 'EV_CHARGER',
      integration: 'OCPP',
      createdAt: start - 20 * DAY_MS,
      attributes: { vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0123456' },
      settings: { autoSetupOCPPConnection: true },
      sim: newSim(start - 20 * DAY_MS, { soc: 35, plugSoc: 35 }),
      preferences: {
        chargingBehavior: 'SMART_CHARGE_ON',
        readyTime: '07:00',
        weekDaySpecificReadyTimes: { SATURDAY: '10:00' },
        target: { percent: 80 },
        minimal: { percent: 20 },
        current: { percent: 35 },
        locationId: SAMPLE_LOCATION,
        batteryKwh: 64,
        efficiency: 0.9,
        associatedDeviceId: SAMPLE_CAR,
      },
    },
    {
      userId: SAMPLE_USER,
      id: SAMPLE_HEAT_PUMP,
      type: 'HEATER',
      integration: 'NIBE_UPLINK',
      createdAt: start - 40 * DAY_MS,
      attributes: { make: 'NIBE', model: 'S1255' },
      settings: {},
      sim: newSim(start - 40 * DAY_MS),
      preferences: {
        minComfortLimit: 19,
        maxComfortLimit: 23,
        heatingSchedule: {
          timeZoneId: 'Europe/Stockholm',
          entries: [{ id: 'hse-1', dayOfWeek: 'MONDAY', time: '06:00', minComfortTemp: 20, maxComfortTemp: 22.5 }],
        },
        heatingBehavior: 'SMART_HEATING_ON',
        location: { countryCode: 'SE', postalCode: '11455' },
        spotPriceAreaId: 'SE3',
      },
      heatingRuns: [{ from: start - 3 * DAY_MS, to: null }],
    },
  ];
}

/**
 * A new world at `now`, with the sample user's demonstration set: a home in Stockholm with tariff data, a car
 * that charged there two nights ago and was plugged in again two hours ago, a Wallbox charger online, and a heat
 * pump smart heated for three days. The history is played through the simulation, so it is consistent with the
 * prices and the rules. Every other user starts empty. The sample ids are the same in every world (the guides name
 * them); what the simulation makes (sessions, schedules) has ids of the world's `idSeed`.
 */
export function seedWorld(now: number, fixedAt: number | null = null, idSeed?: string): World {
  const start = now - 40 * HOUR_MS;
  const world = emptyWorld(start, fixedAt, idSeed);
  world.users.push({
    id: SAMPLE_USER,
    locations: [
      {
        id: SAMPLE_LOCATION,
        name: 'Home',
        coordinates: { latitude: 59.3326, longitude: 18.0649 },
        countryCode: 'SE',
        postalCode: '11455',
        streetAddress: 'Storgatan 12',
        city: 'Stockholm',
        spotPriceAreaId: 'SE3',
      },
    ],
    data: { electricalUtilityProvider: 'Stockholm Energi', meterId: '735999100012345678', tariff: 'Timpris' },
    wallboxUsername: 'anna@example.com',
  });
  world.devices.push(...sampleDevices(start));
  const car = world.devices.find((device): device is Vehicle => device.id === SAMPLE_CAR && device.type === 'VEHICLE');
  if (!car) throw new Error('[sandbox] the seed has no sample car');
  // The history is watched as a sandbox watches its requests and its clock, so that its status changes are on the
  // timeline with its cable and session events: after each step, and after each change made here.
  const watch = statusWatcher(world);
  const history: [number, () => void][] = [
    [start, () => plugIn(world, car, start, SAMPLE_LOCATION)],
    [now - 26 * HOUR_MS, () => unplug(world, car, now - 26 * HOUR_MS)],
    [now - 2 * HOUR_MS - 10 * MINUTE_MS, () => setSoc(world, car, 42, now - 2 * HOUR_MS - 10 * MINUTE_MS)],
    [now - 2 * HOUR_MS, () => plugIn(world, car, now - 2 * HOUR_MS, SAMPLE_LOCATION)],
  ];
  for (const [at, change] of history) {
    advance(world, at, watch);
    change();
    watchStatuses(world, at);
  }
  advance(world, now, watch);
  return world;
}
