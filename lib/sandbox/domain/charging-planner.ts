import { HOUR_MS, floorHour, localTime, zonedTime } from './zones';

export interface ChargingNeed {
  /** When the plan is made (epoch ms). */
  now: number;
  socPercent: number;
  targetPercent: number;
  /** Below this, charging starts at once whatever the price. */
  minimalPercent: number;
  capacityKwh: number;
  powerKw: number;
  /** When the car must be ready (epoch ms). */
  readyAt: number;
  /** The price of an hour (EUR/kWh), or undefined where none is published yet. */
  priceOf: (hourStart: number) => number | undefined;
}

interface Slot {
  start: number;
  /** How much this hour can take, in kWh. */
  room: number;
  /** What it could take before anything was planned in it: the charger's power over the part of the hour left. */
  capacity: number;
  price: number | undefined;
}

/**
 * The plan in hundredths of a kWh, as the schedule gives it, still holding all the energy planned: each hour is
 * rounded to the nearest hundredth, then the hours rounded down most take one hundredth more each, within what the
 * hour can take, until the sum covers the energy. Rounding each hour alone could plan 5.02 + 11 + 11 for 27.025 kWh:
 * a car charged by such a plan would stop just short of its target and never complete its session.
 */
function inHundredths(planned: Map<number, number>, slots: readonly Slot[]): Map<number, number> {
  const capacityOf = new Map(slots.map((slot) => [slot.start, slot.capacity]));
  const hours = [...planned].map(([start, kwh]) => {
    // A hair of tolerance, so that 11 kWh computed as 11.000000000000002 is 11, not 11.01.
    const most = Math.floor((capacityOf.get(start) ?? kwh) * 100 + 1e-6);
    return { start, exact: kwh * 100, cents: Math.min(Math.round(kwh * 100), most), most };
  });
  const total = Math.ceil(hours.reduce((sum, hour) => sum + hour.exact, 0) - 1e-6);
  let short = total - hours.reduce((sum, hour) => sum + hour.cents, 0);
  while (short > 0) {
    const open = hours.filter((hour) => hour.cents < hour.most);
    if (open.length === 0) break;
    const hour = open.reduce((best, candidate) =>
      candidate.exact - candidate.cents > best.exact - best.cents ? candidate : best,
    );
    hour.cents += 1;
    short -= 1;
  }
  return new Map(hours.map((hour) => [hour.start, hour.cents / 100]));
}

/**
 * The energy to charge in each hour (kWh, keyed by the hour's start): what is below the minimal state of charge at
 * once, the rest in the cheapest hours before the ready time, no hour above the charger's power. Hours whose price
 * is not published yet are used only when the known ones cannot hold the energy, earliest first. What cannot fit
 * before the ready time is not planned. In hundredths of a kWh, the plan holds at least the energy needed (never less
 * by rounding), so a car charged by it reaches its target.
 */
export function planCharging(need: ChargingNeed): Record<string, number> {
  const slots: Slot[] = [];
  for (let start = floorHour(need.now); start < need.readyAt; start += HOUR_MS) {
    const from = Math.max(start, need.now);
    const until = Math.min(start + HOUR_MS, need.readyAt);
    const room = (need.powerKw * (until - from)) / HOUR_MS;
    slots.push({ start, room, capacity: room, price: need.priceOf(start) });
  }
  const planned = new Map<number, number>();
  const take = (slot: Slot, wanted: number): number => {
    const energy = Math.min(slot.room, wanted);
    slot.room -= energy;
    planned.set(slot.start, (planned.get(slot.start) ?? 0) + energy);
    return energy;
  };
  const percentToKwh = (percent: number) => (Math.max(0, percent) / 100) * need.capacityKwh;
  let urgent = percentToKwh(Math.min(need.minimalPercent, need.targetPercent) - need.socPercent);
  let rest = percentToKwh(need.targetPercent - need.socPercent) - urgent;
  for (const slot of slots) {
    if (urgent <= 1e-9) break;
    urgent -= take(slot, urgent);
  }
  const byPrice = [...slots].sort((a, b) => {
    if (a.price === undefined || b.price === undefined)
      return a.price === b.price ? a.start - b.start : a.price === undefined ? 1 : -1;
    return a.price - b.price || a.start - b.start;
  });
  for (const slot of byPrice) {
    if (rest <= 1e-9) break;
    rest -= take(slot, rest);
  }
  const hourly: Record<string, number> = {};
  for (const [start, kwh] of [...inHundredths(planned, slots)].sort((a, b) => a[0] - b[0]))
    if (kwh > 0) hourly[String(start)] = kwh;
  return hourly;
}

/** `07:00` → [7, 0]; anything else → undefined. */
function hoursAndMinutes(text: string | undefined): [number, number] | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** The ready time the sandbox uses when the preferences give none. */
export const DEFAULT_READY_TIME = '07:00';

/**
 * The next time the car must be ready after `now`, in the location's zone: the day's weekday-specific ready time
 * where there is one, else `readyTime`. Returns the instant and the `HH:MM` that applied.
 */
export function nextReadyTime(
  now: number,
  zone: string,
  readyTime: string | undefined,
  weekDaySpecific: Record<string, string> | undefined,
): { at: number; readyTime: string } {
  const today = localTime(now, zone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = localTime(
      zonedTime(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 12),
      zone,
    ).weekday;
    const text = Object.hasOwn(weekDaySpecific ?? {}, weekday) ? weekDaySpecific?.[weekday] : readyTime;
    const [hour, minute] = hoursAndMinutes(text) ?? hoursAndMinutes(DEFAULT_READY_TIME) ?? [7, 0];
    const at = zonedTime(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
    if (at > now) return { at, readyTime: text && hoursAndMinutes(text) ? text : DEFAULT_READY_TIME };
  }
  return { at: now + 24 * HOUR_MS, readyTime: readyTime ?? DEFAULT_READY_TIME };
}
