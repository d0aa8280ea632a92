import { heatingSchedule, heatingSessions, isSmartHeated, type HeatingDay } from '../domain/heating';
import type { HeatPumpPreferences } from '../domain/model';
import { spotPriceAreaOf } from '../spot-price-areas';
import { heatPumpPreferencesAnswer } from './preference-shapes';
import { asObject, dateTime, deviceFor, fail, hourlyIn, isAnswer, pick, text, type Handler } from './context';

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
  /** A PATCH: the fields sent replace those stored, the others stay. The spot price area follows the location. */
  updateHeatingPreferences: (c) => {
    const device = deviceFor(c, ['HEATER'], 400);
    if (isAnswer(device)) return device;
    const merged: HeatPumpPreferences = {
      ...device.preferences,
      ...pick<HeatPumpPreferences>(asObject(c.body), HEATING_FIELDS),
    };
    const { minComfortLimit: min, maxComfortLimit: max } = merged;
    if (min !== undefined && max !== undefined && min > max)
      return fail(400, `minComfortLimit must not be above maxComfortLimit (${min} > ${max})`);
    if (merged.location) {
      const countryCode = text(merged.location.countryCode);
      const postalCode = text(merged.location.postalCode);
      const area = spotPriceAreaOf(countryCode, postalCode);
      if (!area)
        return fail(400, `No spot price area found for countryCode ${countryCode} and postalCode ${postalCode}`);
      merged.spotPriceAreaId = area.id;
    }
    const wasOn = isSmartHeated(device);
    device.preferences = merged;
    const isOn = isSmartHeated(device);
    const run = device.heatingRuns.at(-1);
    if (isOn && !wasOn) device.heatingRuns.push({ from: c.now, to: null });
    if (!isOn && wasOn && run && run.to === null) run.to = c.now;
    if (device.heatingRuns.length > 20) device.heatingRuns.shift();
    return { status: 200, body: heatPumpPreferencesAnswer(device.preferences) };
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
