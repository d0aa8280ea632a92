// A world as a store entry's parts (lib/store/store.ts: StateParts), so that a command writes what it changed and not
// the rest: a world filled to its bounds is about 1 MB, most of it users with their locations (half), test prices
// (a third) and devices, and one command changes one or two of them.
import { WHOLE_STATE, type PartsWrite, type StateParts } from '../store/store';
import type { World } from './domain/model';
import { upgradeWorld } from './domain/upgrade';
import { readWorld } from './state';

/** What is left of the world once its users, devices, test prices and timeline are parts of their own. */
const CORE = 'world';
const TIMELINE = 'timeline';
const userPart = (id: string) => `user:${id}`;
const devicePart = (id: string) => `device:${id}`;
const pricesPart = (areaId: string) => `prices:${areaId}`;

/** The core part: the world's clock, counters and flags, and the order of the entities kept in parts of their own. */
interface CorePart extends Omit<World, 'users' | 'devices' | 'testPrices' | 'timeline'> {
  userIds: string[];
  deviceIds: string[];
  priceAreaIds: string[];
}

/**
 * The world's parts, each the JSON of: the core, one user (with the user's locations), one device (with its sessions
 * and schedule), one area's test prices, the timeline. Ids are unique within a world (the sandbox gives device ids,
 * and a user is found by id), so each entity has a part of its own; two of one name would lose one, and throw.
 */
export function worldParts(world: World): Map<string, string> {
  const { users, devices, testPrices, timeline, ...rest } = world;
  const parts = new Map<string, string>();
  const add = (name: string, value: unknown) => {
    if (parts.has(name)) throw new Error(`[sandbox] two of the world's entities are one part, ${name}`);
    parts.set(name, JSON.stringify(value));
  };
  const core: CorePart = {
    ...rest,
    userIds: users.map((user) => user.id),
    deviceIds: devices.map((device) => device.id),
    priceAreaIds: Object.keys(testPrices),
  };
  add(CORE, core);
  for (const user of users) add(userPart(user.id), user);
  for (const device of devices) add(devicePart(device.id), device);
  for (const [areaId, prices] of Object.entries(testPrices)) add(pricesPart(areaId), prices);
  if (timeline) add(TIMELINE, timeline);
  return parts;
}

/**
 * The world of an entry's parts, or undefined when there is none or it is not readable (a new one is made). An entry
 * written whole (WHOLE_STATE: before worlds had parts, or by an instance of that code) is read as it was written; a
 * write of parts removes it, so one still there is the newer.
 */
export function worldFromParts(parts: StateParts | undefined): World | undefined {
  const whole = parts?.get(WHOLE_STATE);
  if (whole !== undefined) return readWorld(readEntryState(whole));
  const core = parts?.get(CORE);
  if (!parts || core === undefined) return undefined;
  try {
    const { userIds, deviceIds, priceAreaIds, ...rest } = JSON.parse(core) as CorePart;
    const read = (name: string): unknown => {
      const text = parts.get(name);
      if (text === undefined) throw new Error(`the part ${name} is missing`);
      return JSON.parse(text);
    };
    const timeline = parts.get(TIMELINE);
    // Checked as readWorld checks a world's text, and read into the current model if of an earlier version.
    return upgradeWorld({
      ...rest,
      users: userIds.map((id) => read(userPart(id))),
      devices: deviceIds.map((id) => read(devicePart(id))),
      testPrices: Object.fromEntries(priceAreaIds.map((areaId) => [areaId, read(pricesPart(areaId))])),
      ...(timeline === undefined ? {} : { timeline: JSON.parse(timeline) as unknown }),
    });
  } catch (error) {
    console.warn("[kilowise] the stored sandbox's parts are not readable; starting a new one.", error);
    return undefined;
  }
}

/**
 * What to write so that the store holds `next`, when it holds `stored`: the parts whose text differs, and null for
 * each part `next` has not (a device removed, or a world written whole); undefined when nothing differs.
 */
export function changedParts(next: StateParts, stored: StateParts | undefined): PartsWrite | undefined {
  const write = new Map<string, string | null>();
  for (const [name, text] of next) if (stored?.get(name) !== text) write.set(name, text);
  for (const name of stored?.keys() ?? []) if (!next.has(name)) write.set(name, null);
  return write.size > 0 ? write : undefined;
}

/**
 * The world's text of an entry written whole. A state written before the request log had an entry list of its own
 * held the log after the world, a line each: the first line is the world then too.
 */
export function readEntryState(state: string | undefined): string | null {
  const world = (state ?? '').split('\n', 1)[0] ?? '';
  return world === '' ? null : world;
}
