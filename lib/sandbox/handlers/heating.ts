import { heatingSchedule, heatingSessions, type HeatingDay } from '../domain/heating';
import type { HeatPump, HeatPumpPreferences } from '../domain/model';
import { heatPumpPreferencesAnswer } from './preference-shapes';
import {
  asObject,
  commandAnswer,
  commandDevice,
  dateTime,
  deviceFor,
  fail,
  hourlyIn,
  isAnswer,
  pick,
  type Handler,
} from './context';

const HEATING_FIELDS = [
  'minComfortLimit',
  'maxComfortLimit',
  'heatingSchedule',
  'heatingBehavior',
  'location',
] as const;

function dayAnswer(day: HeatingDay, withStatus: boolean) {
  return {
    id: day.id,
    createdAt: dateTime(day.createdAt, day.timeZone),
    endDateTime: dateTime(day.endAt, day.timeZone),
    ...(withStatus ? { status: day.status } : {}),
    steeringPeriods: hourlyIn(day.steering, day.timeZone),
    spotPriceAreaId: day.spotPriceAreaId,
    readyTime: day.readyTime,
    timeZone: day.timeZone,
  };
}

export const heatingHandlers: Record<string, Handler> = {
  getHeatingPreferences: (c) => {
    const device = deviceFor(c, ['HEATER']);
    if (isAnswer(device)) return device;
    if (!device.preferences) return fail(404, `No smart heating preferences are set for device ${device.id}`);
    return { status: 200, body: heatPumpPreferencesAnswer(device.preferences) };
  },
  /** A PATCH, merged as JSON merge patch: see changedHeatingPreferences. The spot price area follows the location. */
  updateHeatingPreferences: (c) => {
    const device = deviceFor(c, ['HEATER'], 400);
    if (isAnswer(device)) return device;
    const changes = pick<HeatPumpPreferences>(asObject(c.body), HEATING_FIELDS);
    return commandAnswer(c, { type: 'change-heating-preferences', deviceId: device.id, changes }, (done) => ({
      status: 200,
      body: heatPumpPreferencesAnswer((commandDevice(done) as HeatPump).preferences),
    }));
  },
  getHeatingSessions: (c) => {
    const device = deviceFor(c, ['HEATER']);
    if (isAnswer(device)) return device;
    return {
      status: 200,
      body: heatingSessions(c.world, device, c.now)
        .reverse()
        .map((day) => dayAnswer(day, true)),
    };
  },
  getHeatingSchedule: (c) => {
    const device = deviceFor(c, ['HEATER']);
    if (isAnswer(device)) return device;
    const day = heatingSchedule(c.world, device, c.now);
    if (!day)
      return fail(
        404,
        `No heating schedule for device ${device.id}: smart heating is off or it has no spot price area`,
      );
    return { status: 200, body: dayAnswer(day, false) };
  },
};
