import type { DeviceRecord, DeviceSim, World } from './model';
import { WORLD_LIMITS } from './model';
import { newSim } from './seed';
import { findUser, nextId, userRecord } from './world';

/** What a new device is: all of its record that the command does not give it (its id, its time, no sessions yet). */
export type NewDevice = Pick<DeviceRecord, 'userId' | 'type' | 'integration' | 'attributes' | 'settings'> &
  Pick<Partial<DeviceRecord>, 'smartcarCar'> & {
    /** The device's physical state as it starts, over the defaults of a new one. */
    sim?: Partial<DeviceSim>;
  };

/** Why a device could not be added: the sandbox's bound that is reached, as the 400's message says it. */
export type AddDeviceRefusal = { refused: string };

/**
 * The one command that adds a device (a charger registered, a car connected through Smartcar or linked through
 * Enode): it checks the world's bounds first (a user record to start, the devices per key), so that a refused add
 * leaves the world as it was; then it records the user if new, builds the device and adds it.
 */
export function addDevice(world: World, device: NewDevice, now: number): DeviceRecord | AddDeviceRefusal {
  if (!findUser(world, device.userId) && world.users.length >= WORLD_LIMITS.users)
    return { refused: `The sandbox keeps at most ${WORLD_LIMITS.users} users per API key` };
  if (world.devices.length >= WORLD_LIMITS.devices)
    return { refused: `The sandbox keeps at most ${WORLD_LIMITS.devices} devices per API key` };
  userRecord(world, device.userId);
  const { sim, ...rest } = device;
  const record: DeviceRecord = {
    ...rest,
    id: nextId(world, 'dev'),
    createdAt: now,
    sim: newSim(now, sim),
    sessions: [],
    heatingRuns: [],
  };
  world.devices.push(record);
  return record;
}

export const isRefusal = (value: DeviceRecord | AddDeviceRefusal): value is AddDeviceRefusal => 'refused' in value;
