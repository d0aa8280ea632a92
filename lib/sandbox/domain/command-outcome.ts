import type { DeviceOf, DeviceRecord, DeviceType, LocationRecord, World } from './model';
import { findDevice } from './world';

/**
 * Why a command was refused: a rule it breaks, or (`notFound`) a device or location the world does not have, or
 * (`tooSoon`) what the world allows again only later (a car's status update within its window).
 */
export interface CommandRefusal {
  refused: string;
  notFound?: true;
  tooSoon?: true;
}

/** The HTTP status of a refusal: 404 for what the world does not have, 429 for too soon, else 400 (a rule). */
export function refusalStatus(refusal: CommandRefusal): number {
  if (refusal.tooSoon) return 429;
  return refusal.notFound ? 404 : 400;
}

export const isCommandRefusal = <T extends object>(result: T | CommandRefusal): result is CommandRefusal =>
  'refused' in result;

/**
 * What carrying out a command on the draft gave: the device or location it added or changed, or why not.
 * `remembersOnly`: the command only kept something for later (the redirect URI of a Smartcar authorization URL,
 * which a read answers), so the world counts as changed no more than it did, and the clock may still go back.
 * `watchStatuses`: the statuses the command changed are noted as part of it (lib/sandbox/status-watch.ts), looked
 * at once the draft is finished, on plain objects: the look reads every charging device.
 */
export type Outcome =
  { device?: DeviceRecord; location?: LocationRecord; remembersOnly?: true; watchStatuses?: true } | CommandRefusal;

/** The device a command names, of one of the kinds it is for, or the refusal. */
export function deviceOf<K extends DeviceType>(
  world: World,
  deviceId: string,
  kinds: K[],
): DeviceOf<K> | CommandRefusal {
  const device = findDevice(world, deviceId);
  if (!device) return { refused: `Device ${deviceId} not found`, notFound: true };
  if (!(kinds as DeviceType[]).includes(device.type))
    return { refused: `Device ${deviceId} is not of the kind this command is for (${kinds.join(' or ')})` };
  return device as DeviceOf<K>;
}
