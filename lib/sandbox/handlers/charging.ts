import type { Charger, ChargingDevice, ChargingSessionRecord, Vehicle } from '../domain/model';
import { chargingGoal, scheduleInForce } from '../domain/simulate';
import {
  asObject,
  commandAnswer,
  commandDevice,
  dateTime,
  deviceFor,
  fail,
  hourlyIn,
  isAnswer,
  type Answer,
  type Handler,
} from './context';
import {
  chargerPreferencesAnswer,
  chargerPreferencesOf,
  vehiclePreferencesAnswer,
  vehiclePreferencesOf,
} from './preference-shapes';

export { EV_FIELDS } from './preference-shapes';

/** A vehicle's preferences as the contract answers them, with the behaviour they replaced (read only). */
function evPreferencesAnswer(device: Vehicle): Answer {
  if (!device.preferences) return fail(404, `No smart charging preferences are set for device ${device.id}`);
  return { status: 200, body: vehiclePreferencesAnswer(device, device.preferences) };
}

function ocppPreferencesAnswer(device: Charger): Answer {
  if (!device.preferences) return fail(404, `No smart charging preferences are set for charger ${device.id}`);
  return { status: 200, body: chargerPreferencesAnswer(device.preferences) };
}

/** Why a charging device has no schedule now, as the smart-charging guide lists the reasons. */
function noScheduleReason(world: Parameters<typeof chargingGoal>[0], device: ChargingDevice): string {
  const preferences = device.preferences;
  if (!device.sim.pluggedIn) return 'it is not plugged in';
  if (device.sim.immediate) return 'it charges now (start-charging), whatever the prices';
  if (!preferences) return 'it has no smart charging preferences';
  if (preferences.chargingBehavior === 'SMART_CHARGE_OFF' || !preferences.chargingBehavior)
    return 'smart charging is off';
  if (!chargingGoal(world, device))
    return device.type === 'VEHICLE' && preferences.chargingBehavior === 'SMART_CHARGE_AT_LOCATION'
      ? 'it is not plugged in at one of its charging locations (chargingLocationIds)'
      : device.type === 'VEHICLE'
        ? "it is at none of its user's locations, and its preferences name no defaultSpotPriceAreaId"
        : 'its preferences name no location of its user (locationId)';
  if (!device.plan) return 'the schedule is still being calculated';
  return 'there is nothing to charge: it is at its target';
}

function sessionAnswer(session: ChargingSessionRecord) {
  // A session keeps the zone it opened in, so its keys read the same on every read.
  const zone = session.timeZone;
  return {
    id: session.id,
    createdAt: dateTime(session.createdAt, zone),
    // When charging ended (COMPLETE or INTERRUPTED): an ACTIVE session has none (/docs/smart-charging#sessions).
    ...(session.endAt === null ? {} : { endDateTime: dateTime(session.endAt, zone) }),
    status: session.status,
    hourlyCharges: hourlyIn(session.hourly, zone ?? 'UTC'),
    ...(session.spotPriceAreaId ? { spotPriceAreaId: session.spotPriceAreaId } : {}),
    ...(session.readyTime ? { readyTime: session.readyTime } : {}),
    ...(zone ? { timeZone: zone } : {}),
  };
}

export const chargingHandlers: Record<string, Handler> = {
  getEvPreferences: (c) => {
    const device = deviceFor(c, ['VEHICLE']);
    return isAnswer(device) ? device : evPreferencesAnswer(device);
  },
  updateEvPreferences: (c) => {
    const device = deviceFor(c, ['VEHICLE'], 400);
    if (isAnswer(device)) return device;
    const preferences = vehiclePreferencesOf(asObject(c.body));
    return commandAnswer(c, { type: 'set-vehicle-preferences', deviceId: device.id, preferences }, (done) =>
      evPreferencesAnswer(commandDevice(done) as Vehicle),
    );
  },
  getOcppChargerPreferences: (c) => {
    const device = deviceFor(c, ['EV_CHARGER']);
    return isAnswer(device) ? device : ocppPreferencesAnswer(device);
  },
  updateOcppChargerPreferences: (c) => {
    const device = deviceFor(c, ['EV_CHARGER'], 400);
    if (isAnswer(device)) return device;
    const preferences = chargerPreferencesOf(asObject(c.body));
    return commandAnswer(c, { type: 'set-charger-preferences', deviceId: device.id, preferences }, (done) =>
      ocppPreferencesAnswer(commandDevice(done) as Charger),
    );
  },
  getChargingSessions: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    return { status: 200, body: [...device.sessions].reverse().map((session) => sessionAnswer(session)) };
  },
  getChargingSchedule: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    // A plan with no hour to charge in, or one the car has charged to its target, is no schedule: the guide's 404,
    // with the reason.
    const plan = scheduleInForce(device);
    if (!plan) return fail(404, `No charging schedule for device ${device.id}: ${noScheduleReason(c.world, device)}`);
    return {
      status: 200,
      body: {
        id: plan.id,
        createdAt: dateTime(plan.createdAt, plan.timeZone),
        endDateTime: dateTime(plan.readyAt, plan.timeZone),
        hourlyCharges: hourlyIn(plan.hourly, plan.timeZone),
        spotPriceAreaId: plan.spotPriceAreaId,
        readyTime: plan.readyTime,
        timeZone: plan.timeZone,
      },
    };
  },
  startCharging: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    return commandAnswer(c, { type: 'start-charging', deviceId: device.id }, () => ({ status: 204 }));
  },
  stopCharging: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    return commandAnswer(c, { type: 'stop-charging', deviceId: device.id }, () => ({ status: 204 }));
  },
};
