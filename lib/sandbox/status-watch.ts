import { isChargingDevice, type World } from './domain/model';
import { unifiedStatus } from './domain/status';
import { findDevice } from './domain/world';
import { changeWorld } from './domain/world-draft';
import { note, timelineOf } from './timeline';

/** A charging device whose status is not the one its world's timeline last saw (`seen`: none, the first look). */
interface StatusChange {
  deviceId: string;
  status: string;
  seen: string | undefined;
}

/** What a look at the statuses saw: the changes, in the world's order of devices, and the devices there are. */
interface StatusLook {
  changes: StatusChange[];
  deviceIds: Set<string>;
  /** Whether the timeline keeps the status of a device the world no longer has. */
  removed: boolean;
}

/**
 * The status changes a look at `time` sees. A status depends on its device and the world's locations and prices,
 * never on the timeline, so noting one change cannot change what the next device's status is: the look is all made
 * first, and can be made on another object than the one it is noted on (`watched`: on the world as it is, noted on a
 * draft).
 */
function lookAtStatuses(world: World, time: number): StatusLook {
  const seen = new Map<string, string>();
  for (const entry of world.timeline?.statuses ?? [])
    if (!seen.has(entry.deviceId)) seen.set(entry.deviceId, entry.status);
  const changes: StatusChange[] = [];
  const deviceIds = new Set<string>();
  for (const device of world.devices) {
    deviceIds.add(device.id);
    if (!isChargingDevice(device)) continue;
    const status = unifiedStatus(world, device, time);
    if (seen.get(device.id) !== status) changes.push({ deviceId: device.id, status, seen: seen.get(device.id) });
  }
  return { changes, deviceIds, removed: [...seen.keys()].some((deviceId) => !deviceIds.has(deviceId)) };
}

/** Notes on the world's timeline what a look at `time` saw (`lookAtStatuses`); see `watchStatuses`. */
function noteStatuses(world: World, { changes, deviceIds, removed }: StatusLook, time: number): void {
  const timeline = timelineOf(world);
  for (const { deviceId, status, seen } of changes) {
    if (seen === undefined) {
      timeline.statuses.push({ deviceId, status });
      continue;
    }
    const cause = timeline.events.findLast(
      (event) => event.deviceId === deviceId && event.type !== 'status-changed' && event.at <= time,
    );
    const lastChange = timeline.events.findLast(
      (event) => event.deviceId === deviceId && event.type === 'status-changed',
    );
    // The cause counts only when it came after the status last changed: an older one caused that change.
    const at = cause && (!lastChange || cause.at > lastChange.at) ? cause.at : time;
    note(world, { at, type: 'status-changed', deviceId, from: seen, to: status });
    const entry = timeline.statuses.find((candidate) => candidate.deviceId === deviceId);
    if (entry) entry.status = status;
    // A charger reports a change of its status while online; gone offline it reports nothing (/docs/sandbox: Statuses).
    const device = findDevice(world, deviceId);
    if (device?.type === 'EV_CHARGER' && device.sim.online && status !== 'OFFLINE')
      device.sim.statusChangedAt = Math.max(device.sim.statusChangedAt ?? at, at);
  }
  // A device removed leaves no status behind: the list never holds more devices than the world. Made anew only then,
  // so that a world whose statuses did not change keeps its list (a stored sandbox writes the parts that changed).
  if (removed) timeline.statuses = timeline.statuses.filter((entry) => deviceIds.has(entry.deviceId));
}

/**
 * Notes each charging device's status change on the world's timeline, looking at `time`: the simulation calls it
 * after each step it plays (at most an hour), and a sandbox after each request (`watched`). The status is derived
 * from the device's state at an instant, not stored, so a change is seen at the end of the step it happened in; it
 * is dated by the device's last event in that step (a session completed at 03:41 changed the status at 03:41), else
 * the step's end (an hour the schedule charges in begins). The first look at a device only remembers its status.
 */
export function watchStatuses(world: World, time: number): void {
  noteStatuses(world, lookAtStatuses(world, time), time);
}

/**
 * The world with its statuses watched at `time` (`watchStatuses`), `world` itself when nothing changed: every request
 * looks at each charging device's status, and most change none, so the look is on the world as it is, and a draft
 * (lib/sandbox/domain/world-draft.ts) is made only to note a change.
 */
export function watched(world: World, time: number): World {
  const look = lookAtStatuses(world, time);
  if (world.timeline && look.changes.length === 0 && !look.removed) return world;
  return changeWorld(world, (draft) => noteStatuses(draft, look, time));
}

/**
 * The watcher `advance` calls after each step of `world`. Made before the world is played or changed, it first looks
 * at the world where it stands, so that every change after is noted whether or not anyone read a status before it.
 */
export function statusWatcher(world: World): (time: number) => void {
  watchStatuses(world, world.simulatedTo);
  return (time) => watchStatuses(world, time);
}
