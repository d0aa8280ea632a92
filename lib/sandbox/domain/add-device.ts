import type { Charger, DeviceRecord, DeviceSim, Vehicle, World } from './model';
import { WORLD_LIMITS } from './model';
import { newSim } from './seed';
import { findUser, nextId, userRecord } from './world';

/** What every new device is given by its caller; its physical state starts over the defaults of a new one. */
type Given<D extends DeviceRecord, Optional extends keyof D = never> = Pick<
  D,
  'userId' | 'type' | 'integration' | 'attributes' | 'settings'
> &
  Partial<Pick<D, Optional>> & { sim?: Partial<DeviceSim> };

/**
 * What a new device is: all of its record that the command does not give it (its id, its time, no sessions yet).
 * The sandbox adds cars (connected or linked) and chargers (registered); a heat pump is only ever the seed's.
 */
export type NewDevice = Given<Vehicle, 'smartcarCar'> | Given<Charger>;

/** Why a device could not be added: the sandbox's bound that is reached, as the 400's message says it. */
export type AddDeviceRefusal = { refused: string };

/**
 * The one command that adds a device (a charger registered, a car connected through Smartcar or linked through
 * Enode): it checks the world's bounds first (a user record to start, the devices per key), so that a refused add
 * leaves the world as it was; then it records the user if new, builds the device and adds it.
 */
export function addDevice<N extends NewDevice>(
  world: World,
  device: N,
  now: number,
): Extract<DeviceRecord, { type: N['type'] }> | AddDeviceRefusal {
  if (!findUser(world, device.userId) && world.users.length >= WORLD_LIMITS.users)
    return { refused: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` };
  if (world.devices.length >= WORLD_LIMITS.devices)
    return { refused: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key` };
  userRecord(world, device.userId);
  const { sim, ...rest } = device;
  const record = { ...rest, id: nextId(world, 'dev'), createdAt: now, sim: newSim(now, sim), sessions: [] };
  world.devices.push(record as DeviceRecord);
  return record as Extract<DeviceRecord, { type: N['type'] }>;
}

export const isRefusal = (value: object): value is AddDeviceRefusal => 'refused' in value;
