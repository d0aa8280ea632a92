import { planHeating, roomTemperature } from './heating-planner';
import type { HeatPump, World } from './model';
import { areaById, priceAt, unitHash } from './prices';
import { DAY_MS, HOUR_MS, startOfLocalDay, startOfNextLocalDay } from './zones';

/** A day of smart heating: the plan in force, or a session once it has run. */
export interface HeatingDay {
  id: string;
  createdAt: number;
  endAt: number;
  status: 'ACTIVE' | 'COMPLETE' | 'INTERRUPTED';
  steering: Record<string, number>;
  spotPriceAreaId: string;
  timeZone: string;
  readyTime: string;
}

const DEFAULT_LIMITS = { min: 19, max: 23 };
const SESSION_DAYS = 30;

export function isSmartHeated(device: HeatPump): boolean {
  return device.preferences?.heatingBehavior === 'SMART_HEATING_ON';
}

const idOf = (prefix: string, device: HeatPump, day: number) =>
  `${prefix}-${Math.floor(unitHash(`${device.id}:${day}`) * 0xffff)
    .toString(16)
    .padStart(4, '0')}`;

/** When the heat pump must be warm in the morning: the first entry of its weekly schedule, else 06:00. */
const readyTimeOf = (device: HeatPump) => device.preferences?.heatingSchedule?.entries?.[0]?.time ?? '06:00';

function heatingDay(world: World, device: HeatPump, dayStart: number, now: number, from: number, to: number | null) {
  const area = areaById(device.preferences?.spotPriceAreaId ?? '');
  if (!area) return undefined;
  const dayEnd = startOfNextLocalDay(dayStart, area.timeZone);
  const ended = to !== null && to < dayEnd;
  const day: HeatingDay = {
    id: idOf(dayEnd <= now || ended ? 'hses' : 'hsch', device, dayStart),
    createdAt: Math.max(dayStart, from),
    endAt: ended ? to : dayEnd,
    status: ended ? 'INTERRUPTED' : dayEnd <= now ? 'COMPLETE' : 'ACTIVE',
    steering: planHeating(dayStart, dayEnd, (hour) => priceAt(area, hour, Math.max(now, dayStart), world.testPrices)),
    spotPriceAreaId: area.id,
    timeZone: area.timeZone,
    readyTime: readyTimeOf(device),
  };
  return day;
}

/** Today's heating plan, while smart heating is on and the heat pump has a spot price area. */
export function heatingSchedule(world: World, device: HeatPump, now: number): HeatingDay | undefined {
  const run = device.heatingRuns.at(-1);
  if (!isSmartHeated(device) || !run || run.to !== null) return undefined;
  const area = areaById(device.preferences?.spotPriceAreaId ?? '');
  if (!area) return undefined;
  return heatingDay(world, device, startOfLocalDay(now, area.timeZone), now, run.from, null);
}

/** One session per day of smart heating, the last 30 days, oldest first. */
export function heatingSessions(world: World, device: HeatPump, now: number): HeatingDay[] {
  const area = areaById(device.preferences?.spotPriceAreaId ?? '');
  if (!area) return [];
  const days: HeatingDay[] = [];
  for (const run of device.heatingRuns) {
    const until = Math.min(run.to ?? now, now);
    let day = startOfLocalDay(Math.max(run.from, now - SESSION_DAYS * DAY_MS), area.timeZone);
    while (day < until) {
      const found = heatingDay(world, device, day, now, run.from, run.to);
      if (found) days.push(found);
      day = startOfNextLocalDay(day, area.timeZone);
    }
  }
  return days.slice(-SESSION_DAYS);
}

/** A heat pump's status at `now`: the room temperature follows the steering, the compressor works when heating up. */
export function heatPumpStatus(world: World, device: HeatPump, now: number) {
  const preferences = device.preferences;
  const limits = {
    min: preferences?.minComfortLimit ?? DEFAULT_LIMITS.min,
    max: preferences?.maxComfortLimit ?? DEFAULT_LIMITS.max,
  };
  const area = areaById(preferences?.spotPriceAreaId ?? '');
  const smart = isSmartHeated(device) && area;
  // The day's plan once per local day (a status reads 25 hours of steering, over one day or two).
  const days = new Map<number, Record<string, number>>();
  const steeringAt = (hour: number): number => {
    if (!smart) return hour % (3 * HOUR_MS) === 0 ? 1 : 0;
    const dayStart = startOfLocalDay(hour, area.timeZone);
    let steering = days.get(dayStart);
    if (!steering) {
      steering = heatingDay(world, device, dayStart, Math.max(now, dayStart), -Infinity, null)?.steering ?? {};
      days.set(dayStart, steering);
    }
    return steering[String(hour)] ?? 0;
  };
  const room = roomTemperature(now, limits, steeringAt);
  const heatingUp = steeringAt(Math.floor(now / HOUR_MS) * HOUR_MS) === 1;
  const jitter = unitHash(`${device.id}:${Math.floor(now / HOUR_MS)}`);
  return {
    time: now,
    lastActivity: now - Math.floor(jitter * 120) * 1000,
    online: device.sim.online,
    alarmed: device.sim.fault !== null,
    roomTemperature: room,
    exhaustAir: Math.round((room - 1.2 - jitter * 0.4) * 10) / 10,
    compressorTimeFactor: Math.round(((heatingUp ? 0.7 : 0.2) + jitter * 0.15) * 100) / 100,
  };
}
