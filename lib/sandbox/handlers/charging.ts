import { keepPreviousBehavior, preferencesChanged, startCharging, stopCharging } from '../domain/events';
import type { Charger, ChargerPreferences, ChargingDevice, ChargingSessionRecord, Vehicle } from '../domain/model';
import { areaById } from '../domain/prices';
import { chargingGoal, scheduleInForce } from '../domain/simulate';
import { findLocation } from '../domain/world';
import { WEEKDAYS } from '../domain/zones';
import { asObject, dateTime, deviceFor, fail, hourlyIn, isAnswer, type Answer, type Handler } from './context';
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

function checkReadyTimes(times: Record<string, string> | undefined): Answer | undefined {
  for (const day of Object.keys(times ?? {}))
    if (!(WEEKDAYS as readonly string[]).includes(day))
      return fail(
        400,
        `Request body: field "weekDaySpecificReadyTimes.${day}" is not a day of the week (MONDAY to SUNDAY)`,
      );
  return undefined;
}

/** A state of charge in PERCENT is 0 to 100 (the contract's StateOfCharge), though its schema has no bound. */
function checkPercents(preferences: ChargerPreferences): Answer | undefined {
  const fields = [
    ['targetSoC', preferences.target],
    ['minimalSoC', preferences.minimal],
    ['currentSoC', preferences.current],
  ] as const;
  for (const [field, soc] of fields)
    if (soc && 'percent' in soc && (soc.percent < 0 || soc.percent > 100))
      return fail(400, `Request body: field "${field}.value" ${soc.percent} is not a percentage from 0 to 100`);
  return undefined;
}

function checkLocation(
  device: ChargingDevice,
  locationId: string,
  field: string,
  world: Parameters<typeof findLocation>[0],
) {
  if (findLocation(world, device.userId, locationId)) return undefined;
  return fail(400, `Request body: field "${field}" is ${locationId}, not a location of user ${device.userId}`);
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
    const next = vehiclePreferencesOf(asObject(c.body));
    const problem =
      checkReadyTimes(next.weekDaySpecificReadyTimes) ??
      (next.chargingLocationIds ?? [])
        .map((id, index) => checkLocation(device, id, `chargingLocationIds[${index}]`, c.world))
        .find(Boolean) ??
      (next.defaultSpotPriceAreaId && !areaById(next.defaultSpotPriceAreaId)
        ? fail(
            400,
            `Request body: field "defaultSpotPriceAreaId" is ${next.defaultSpotPriceAreaId}, not a spot price area`,
          )
        : undefined) ??
      (next.minimalPercent !== undefined && next.targetPercent !== undefined && next.minimalPercent > next.targetPercent
        ? fail(400, `Request body: field "minimalSoC" ${next.minimalPercent} is above targetSoC ${next.targetPercent}`)
        : undefined);
    if (problem) return problem;
    keepPreviousBehavior(device, next.chargingBehavior);
    device.preferences = next;
    preferencesChanged(c.world, device, c.now);
    return evPreferencesAnswer(device);
  },
  getOcppChargerPreferences: (c) => {
    const device = deviceFor(c, ['EV_CHARGER']);
    return isAnswer(device) ? device : ocppPreferencesAnswer(device);
  },
  updateOcppChargerPreferences: (c) => {
    const device = deviceFor(c, ['EV_CHARGER'], 400);
    if (isAnswer(device)) return device;
    const next = chargerPreferencesOf(asObject(c.body));
    const problem =
      checkReadyTimes(next.weekDaySpecificReadyTimes) ??
      checkPercents(next) ??
      (next.locationId ? checkLocation(device, next.locationId, 'locationId', c.world) : undefined);
    if (problem) return problem;
    keepPreviousBehavior(device, next.chargingBehavior);
    device.preferences = next;
    preferencesChanged(c.world, device, c.now);
    return ocppPreferencesAnswer(device);
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
    startCharging(c.world, device, c.now);
    return { status: 204 };
  },
  stopCharging: (c) => {
    const device = deviceFor(c, ['VEHICLE', 'EV_CHARGER']);
    if (isAnswer(device)) return device;
    stopCharging(c.world, device, c.now);
    return { status: 204 };
  },
};
