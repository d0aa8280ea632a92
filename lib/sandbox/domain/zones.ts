/**
 * Time zones without a library: the offset of an IANA zone at an instant comes from `Intl` (Node and every
 * browser ship the zone data), and is cached per zone and hour, since the zones the sandbox knows change their
 * offset only on whole hours.
 */

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * HOUR_MS;

export const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC in `zone` at `time` (Europe/Stockholm in winter: 60). */
export function offsetMinutes(zone: string, time: number): number {
  const hour = Math.floor(time / HOUR_MS);
  const key = `${zone}@${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const name = formatterOf(zone)
    .formatToParts(new Date(hour * HOUR_MS))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  const minutes = match ? (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1) : 0;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `+01:00` for 60 minutes, `Z` for none. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** An instant as the contract writes one, in a zone's local time: `2025-03-14T18:02:11+01:00`. */
export function formatInZone(time: number, zone: string): string {
  return formatInOffset(time, offsetMinutes(zone, time));
}

/** An instant written at a fixed offset (the offset a client used in its query). */
export function formatInOffset(time: number, minutes: number): string {
  const local = new Date(Math.floor(time / 1000) * 1000 + minutes * MINUTE_MS).toISOString().slice(0, 19);
  return `${local}${offsetText(minutes)}`;
}

/** The local calendar fields of an instant in a zone. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: Weekday;
}

export function localTime(time: number, zone: string): LocalTime {
  const shifted = new Date(time + offsetMinutes(zone, time) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: WEEKDAYS[shifted.getUTCDay()] ?? 'MONDAY',
  };
}

/**
 * The instant of a local wall-clock time in a zone. A time that a spring-forward skips is read with the offset
 * before the change (02:30 becomes 03:30); one that a fall-back repeats is its first occurrence.
 */
export function zonedTime(zone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = wall - offsetMinutes(zone, wall - DAY_MS / 2) * MINUTE_MS;
  const after = wall - offsetMinutes(zone, wall + DAY_MS / 2) * MINUTE_MS;
  // Both readings agree except on a day the zone changes its offset; take the one whose offset holds there.
  if (wall - offsetMinutes(zone, before) * MINUTE_MS === before) return before;
  if (wall - offsetMinutes(zone, after) * MINUTE_MS === after) return after;
  return before;
}

/** The start of the local day that holds `time`. */
export function startOfLocalDay(time: number, zone: string): number {
  const local = localTime(time, zone);
  return zonedTime(zone, local.year, local.month, local.day);
}

/** The start of the next local day after the one that holds `time` (23, 24 or 25 hours later). */
export function startOfNextLocalDay(time: number, zone: string): number {
  const local = localTime(time, zone);
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  return zonedTime(zone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

export const floorHour = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;
export const ceilHour = (time: number) => Math.ceil(time / HOUR_MS) * HOUR_MS;
