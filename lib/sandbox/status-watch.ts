import type { World } from './domain/model';
import { unifiedStatus } from './domain/status';
import { note, timelineOf } from './timeline';

/**
 * Notes each charging device's status change on the world's timeline, looking at `time`: the simulation calls it
 * after each step it plays (at most an hour), and a sandbox after each request. The status is derived from the
 * device's state at an instant, not stored, so a change is seen at the end of the step it happened in; it is dated
 * by the device's last event in that step (a session completed at 03:41 changed the status at 03:41), else the
 * step's end (an hour the schedule charges in begins). The first look at a device only remembers its status.
 */
export function watchStatuses(world: World, time: number): void {
  const timeline = timelineOf(world);
  for (const device of world.devices) {
    if (device.type === 'HEATER') continue;
    const status = unifiedStatus(world, device, time);
    const seen = timeline.statuses.find((entry) => entry.deviceId === device.id);
    if (!seen) {
      timeline.statuses.push({ deviceId: device.id, status });
      continue;
    }
    if (seen.status === status) continue;
    const cause = timeline.events.findLast(
      (event) => event.deviceId === device.id && event.type !== 'status-changed' && event.at <= time,
    );
    const lastChange = timeline.events.findLast(
      (event) => event.deviceId === device.id && event.type === 'status-changed',
    );
    // The cause counts only when it came after the status last changed: an older one caused that change.
    const at = cause && (!lastChange || cause.at > lastChange.at) ? cause.at : time;
    note(world, { at, type: 'status-changed', deviceId: device.id, from: seen.status, to: status });
    seen.status = status;
    // A charger reports a change of its status while online; gone offline it reports nothing (/docs/sandbox: Statuses).
    if (device.type === 'EV_CHARGER' && device.sim.online && status !== 'OFFLINE')
      device.sim.statusChangedAt = Math.max(device.sim.statusChangedAt ?? at, at);
  }
  // A device removed leaves no status behind: the list never holds more devices than the world.
  timeline.statuses = timeline.statuses.filter((entry) => world.devices.some((device) => device.id === entry.deviceId));
}

/**
 * The watcher `advance` calls after each step of `world`. Made before the world is played or changed, it first looks
 * at the world where it stands, so that every change after is noted whether or not anyone read a status before it.
 */
export function statusWatcher(world: World): (time: number) => void {
  watchStatuses(world, world.simulatedTo);
  return (time) => watchStatuses(world, time);
}
