import type { DeviceOf, DeviceRecord, DeviceType, LocationRecord, World } from './model';
import { findDevice } from './world';

/** Why a command was refused: a rule it breaks, or (`notFound`) a device or location the world does not have. */
export interface CommandRefusal {
  refused: string;
  notFound?: true;
}

export const isCommandRefusal = <T extends object>(result: T | CommandRefusal): result is CommandRefusal =>
  'refused' in result;

/** What carrying out a command on the copy gave: the device or location it added or changed, or why not. */
export type Outcome = { device?: DeviceRecord; location?: LocationRecord } | CommandRefusal;

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
