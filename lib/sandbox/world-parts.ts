// A world as a store entry's parts (lib/store/store.ts: StateParts), so that a command writes what it changed and not
// the rest: a world filled to its bounds is about 1 MB, most of it users with their locations (half), test prices
// (a third) and devices, and one command changes one or two of them. Nor does a command serialise the rest: a world
// is frozen once made, and what a command did not change is the same object in the next world
// (lib/sandbox/domain/world-draft.ts), so the text of its part, made once, is found by the object (`jsonOf`).
import { WHOLE_STATE, type PartsWrite, type StateParts } from '../store/store';
import type { World } from './domain/model';
import { unitHash } from './domain/prices';
import { upgradeWorld } from './domain/upgrade';
import { readWorld } from './state';
import type { Timeline } from './timeline';

/** What is left of the world once its users, devices, test prices and timeline are parts of their own. */
const CORE = 'world';
/** The timeline's statuses, and the names of the parts that hold its events, in order. */
const TIMELINE = 'timeline';
const userPart = (id: string) => `user:${id}`;
const devicePart = (id: string) => `device:${id}`;
const pricesPart = (areaId: string) => `prices:${areaId}`;

/** The timeline part: what the timeline holds besides its events, and where they are. */
interface TimelinePart {
  statuses: Timeline['statuses'];
  eventParts: string[];
}

/** An event ends its run of events when its text hashes below this: runs of 16 events on average. */
const RUN_END = 1 / 16;
/** The most events in one run, whatever their hashes. */
const RUN_MOST = 64;

/**
 * The JSON texts of frozen objects, by object. A frozen object of a world (each is frozen whole, as a world's draft is
 * finished) never changes, so its text is made once, whatever the number of worlds it is in: an entity a command did
 * not touch costs the next world's parts a look-up, not a serialisation. Objects not frozen (a world being built, a
 * test's) are serialised each time.
 */
const texts = new WeakMap<object, string>();

function jsonOf(value: object): string {
  const known = texts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  if (Object.isFrozen(value)) texts.set(value, text);
  return text;
}

type TimelineEvent = Timeline['events'][number];

/** An event's text, and whether it ends its run (it hashes below RUN_END), kept by event as `texts` keeps texts. */
const eventTexts = new WeakMap<TimelineEvent, { text: string; endsRun: boolean }>();

function eventText(event: TimelineEvent): { text: string; endsRun: boolean } {
  const known = eventTexts.get(event);
  if (known) return known;
  const text = JSON.stringify(event);
  const made = { text, endsRun: unitHash(text) < RUN_END };
  if (Object.isFrozen(event)) eventTexts.set(event, made);
  return made;
}

/** A run of events as its part holds it: the events, the part's text, and the name its text hashes to. */
interface EventRun {
  events: TimelineEvent[];
  text: string;
  name: string;
}

/** The runs made, by their first event: a run whose events are all the same objects again is not made again. */
const runsByFirst = new WeakMap<TimelineEvent, EventRun>();

/** The run of `events` from `start` to `end` (not included). */
function eventRun(events: TimelineEvent[], start: number, end: number): EventRun {
  const known = runsByFirst.get(events[start] as TimelineEvent);
  if (
    known &&
    known.events.length === end - start &&
    known.events.every((event, index) => event === events[start + index])
  )
    return known;
  const members = events.slice(start, end);
  const text = `[${members.map((event) => eventText(event).text).join(',')}]`;
  const run = { events: members, text, name: `events:${Math.floor(unitHash(text) * 2 ** 32).toString(36)}` };
  if (members.every((event) => Object.isFrozen(event))) runsByFirst.set(members[0] as TimelineEvent, run);
  return run;
}

/** The runs of a frozen list of events, by the list: a command that noted no event finds its timeline's runs here. */
const runsOfEvents = new WeakMap<TimelineEvent[], ReadonlyMap<string, string>>();

/**
 * The timeline's events in runs, each a part, cut where an event's own text says (it hashes below RUN_END), not at
 * fixed places: a new event changes the last run, and the oldest dropped (the timeline keeps 500) the first, so a
 * command writes a run or two of a timeline however long it is. A run is named for its content; the same run twice
 * (events that repeat) takes a number. The runs a command did not change are found by their events, not made again.
 */
function eventRuns(events: Timeline['events']): ReadonlyMap<string, string> {
  const known = runsOfEvents.get(events);
  if (known) return known;
  const runs = new Map<string, string>();
  let start = 0;
  const close = (end: number) => {
    const { name, text } = eventRun(events, start, end);
    let unique = name;
    for (let count = 2; runs.has(unique); count += 1) unique = `${name}~${count}`;
    runs.set(unique, text);
    start = end;
  };
  for (let index = 0; index < events.length; index += 1)
    if (eventText(events[index] as TimelineEvent).endsRun || index + 1 - start >= RUN_MOST) close(index + 1);
  if (start < events.length) close(events.length);
  if (Object.isFrozen(events)) runsOfEvents.set(events, runs);
  return runs;
}

/** The core part: the world's clock, counters and flags, and the order of the entities kept in parts of their own. */
interface CorePart extends Omit<World, 'users' | 'devices' | 'testPrices' | 'timeline'> {
  userIds: string[];
  deviceIds: string[];
  priceAreaIds: string[];
}

/**
 * The world's parts, each the JSON of: the core, one user (with the user's locations), one device (with its sessions
 * and schedule), one area's test prices, the timeline's statuses, a run of its events (eventRuns). Ids are unique
 * within a world (the sandbox gives device ids, and a user is found by id), so each entity has a part of its own;
 * two of one name would lose one, and throw.
 */
export function worldParts(world: World): Map<string, string> {
  const { users, devices, testPrices, timeline, ...rest } = world;
  const parts = new Map<string, string>();
  const put = (name: string, text: string) => {
    if (parts.has(name)) throw new Error(`[sandbox] two of the world's entities are one part, ${name}`);
    parts.set(name, text);
  };
  const core: CorePart = {
    ...rest,
    userIds: users.map((user) => user.id),
    deviceIds: devices.map((device) => device.id),
    priceAreaIds: Object.keys(testPrices),
  };
  put(CORE, JSON.stringify(core));
  for (const user of users) put(userPart(user.id), jsonOf(user));
  for (const device of devices) put(devicePart(device.id), jsonOf(device));
  for (const [areaId, prices] of Object.entries(testPrices)) put(pricesPart(areaId), jsonOf(prices));
  if (timeline) {
    const runs = eventRuns(timeline.events);
    put(TIMELINE, JSON.stringify({ statuses: timeline.statuses, eventParts: [...runs.keys()] } satisfies TimelinePart));
    for (const [name, text] of runs) put(name, text);
  }
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
      ...(timeline === undefined ? {} : { timeline: readTimeline(JSON.parse(timeline) as TimelinePart, read) }),
    });
  } catch (error) {
    console.warn("[kilowise] the stored sandbox's parts are not readable; starting a new one.", error);
    return undefined;
  }
}

/** The timeline of its part and its runs of events (`read` reads a part, throwing when it is missing). */
function readTimeline({ statuses, eventParts }: TimelinePart, read: (name: string) => unknown): Timeline {
  return { events: eventParts.flatMap((name) => read(name) as Timeline['events']), statuses };
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
