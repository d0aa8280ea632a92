import { carryOutAccountCommand, type AccountCommand } from './account-commands';
import { addDevice, isRefusal, type NewDevice } from './add-device';
import { deviceOf, isCommandRefusal, refusalStatus, type CommandRefusal, type Outcome } from './command-outcome';
import { controlDevice, type DeviceControlCommand } from './device-control';
import { chargeNow, preferencesChanged, stopChargingNow } from './events';
import type {
  ChargerPreferences,
  ChargingDevice,
  DeviceRecord,
  HeatPumpPreferences,
  LocationRecord,
  VehiclePreferences,
  World,
} from './model';
import {
  changedHeatingPreferences,
  chargerPreferencesProblem,
  setHeatingPreferences,
  vehiclePreferencesProblem,
} from './preference-rules';
import { carryOutLocationCommand, type LocationCommand } from './location-commands';
import { setTestPrices } from './price-commands';
import { noteReport } from './reports';
import { watched } from '../status-watch';
import type { TimelineEvent } from '../timeline';
import { findDevice } from './world';
import { draftWorld, finishWorld } from './world-draft';

export { isCommandRefusal, refusalStatus, type CommandRefusal };

/** What a partner's request asks of the simulation, once the handler has read it from the contract's shapes. */
export type Command =
  | { type: 'add-device'; device: NewDevice }
  | { type: 'remove-device'; deviceId: string }
  | { type: 'set-vehicle-preferences'; deviceId: string; preferences: VehiclePreferences }
  | { type: 'set-charger-preferences'; deviceId: string; preferences: ChargerPreferences }
  | { type: 'change-heating-preferences'; deviceId: string; changes: HeatPumpPreferences }
  | { type: 'start-charging'; deviceId: string }
  | { type: 'stop-charging'; deviceId: string }
  /** Test prices for an area, EUR/MWh keyed by the hour's start (epoch ms as text). */
  | { type: 'set-test-prices'; areaId: string; prices: Record<string, number> }
  | LocationCommand
  | AccountCommand
  /** The sandbox's device control: the charge, the connection, a fault, the cable and where a vehicle is plugged in. */
  | DeviceControlCommand;

/** A command carried out: the new world, what the simulation did (the events it noted), and the device it was for. */
export interface CommandDone {
  world: World;
  events: TimelineEvent[];
  /** The device the command added or changed, in the new world. */
  device?: DeviceRecord;
  /** The location the command added or changed, in the new world. */
  location?: LocationRecord;
}

/**
 * Carries out a command at `now` on the world, which it leaves as it was: the command works on a draft (what it
 * changes is copied, the rest shared: lib/sandbox/domain/world-draft.ts) and answers the new world with the events it
 * noted, or answers why not. A refused command therefore changes nothing, not even whether the world has changed
 * (`touched`, which keeps the clock from going back), and nothing half done is left behind. One that only remembers
 * something for later (`remembersOnly`) leaves `touched` as it was too.
 */
export function execute(world: World, command: Command, now: number): CommandDone | CommandRefusal {
  const draft = draftWorld(world);
  const outcome = carryOut(draft, command, now);
  if (isCommandRefusal(outcome)) return outcome;
  if (!outcome.remembersOnly) draft.touched = true;
  // The draft's objects are gone once it is finished: what the command added or changed is found again by id.
  const deviceId = outcome.device?.id;
  const locationId = outcome.location?.id;
  const finished = finishWorld(draft);
  const next = outcome.watchStatuses ? watched(finished, now) : finished;
  // The events the command noted: those that were not there before (old ones may have gone past the timeline's
  // bound, and events noted for later forgotten, as a charger back online forgets its missed heartbeat). An event
  // the command did not touch is the same object in both worlds.
  const before = new Set(world.timeline?.events);
  const noted = (next.timeline?.events ?? []).filter((event) => !before.has(event));
  const device = deviceId === undefined ? undefined : findDevice(next, deviceId);
  const location = locationId === undefined ? undefined : locationById(next, locationId);
  return { world: next, events: noted, ...(device ? { device } : {}), ...(location ? { location } : {}) };
}

/** A location of any user, by its id (the sandbox gives location ids, unique within a world). */
const locationById = (world: World, locationId: string): LocationRecord | undefined =>
  world.users.flatMap((user) => user.locations).find((location) => location.id === locationId);

function carryOut(world: World, command: Command, now: number): Outcome {
  switch (command.type) {
    case 'add-device': {
      const added = addDevice(world, command.device, now);
      if (isRefusal(added)) return added;
      // A car reports its state as soon as it is connected; a charger has nothing to report until it is online.
      noteReport(added, now);
      return { device: added };
    }
    case 'remove-device': {
      const device = deviceOf(world, command.deviceId, ['VEHICLE', 'EV_CHARGER', 'HEATER']);
      if (isCommandRefusal(device)) return device;
      world.devices = world.devices.filter((candidate) => candidate !== device);
      return {};
    }
    case 'set-vehicle-preferences': {
      const vehicle = deviceOf(world, command.deviceId, ['VEHICLE']);
      if (isCommandRefusal(vehicle)) return vehicle;
      const problem = vehiclePreferencesProblem(world, vehicle, command.preferences);
      if (problem) return { refused: problem };
      return setChargingPreferences(world, vehicle, command.preferences, now);
    }
    case 'set-charger-preferences': {
      const charger = deviceOf(world, command.deviceId, ['EV_CHARGER']);
      if (isCommandRefusal(charger)) return charger;
      const problem = chargerPreferencesProblem(world, charger, command.preferences);
      if (problem) return { refused: problem };
      return setChargingPreferences(world, charger, command.preferences, now);
    }
    case 'change-heating-preferences': {
      const pump = deviceOf(world, command.deviceId, ['HEATER']);
      if (isCommandRefusal(pump)) return pump;
      const changed = changedHeatingPreferences(pump, command.changes);
      if ('refused' in changed) return changed;
      setHeatingPreferences(pump, changed.preferences, now);
      return { device: pump };
    }
    case 'start-charging':
    case 'stop-charging':
      return chargingAtOnce(world, command.deviceId, command.type === 'start-charging', now);
    case 'set-test-prices':
      return setTestPrices(world, command.areaId, command.prices, now);
    case 'remember-redirect-uri':
    case 'request-status-update':
    case 'link-wallbox-account':
      return carryOutAccountCommand(world, command, now);
    case 'control-device':
      return controlDevice(world, command.deviceId, command.controls, now);
    default:
      return carryOutLocationCommand(world, command, now);
  }
}

/**
 * The one rule of `previousChargingBehavior`: a change of behaviour keeps the behaviour it replaces, unless that was
 * none, or the behaviour does not change (a retried call, or switching off what is off already): then the one kept
 * before stays, so that the behaviour to go back to is not lost.
 */
function keepPreviousBehavior(device: ChargingDevice, next: string | undefined): void {
  // Narrowed for each kind: a vehicle keeps a vehicle's behaviour, a charger a charger's.
  if (device.type === 'VEHICLE') keepPrevious(device, next);
  else keepPrevious(device, next);
}

function keepPrevious<B extends string>(
  device: { preferences?: { chargingBehavior?: B }; previousChargingBehavior?: B },
  next: string | undefined,
): void {
  const current = device.preferences?.chargingBehavior;
  if (current && next && current !== next) device.previousChargingBehavior = current;
}

/** New preferences replace the old whole (a PUT), and the schedule is made again from them. */
function setChargingPreferences<D extends ChargingDevice>(
  world: World,
  device: D,
  preferences: NonNullable<D['preferences']>,
  now: number,
): Outcome {
  keepPreviousBehavior(device, preferences.chargingBehavior);
  device.preferences = preferences;
  preferencesChanged(world, device, now);
  return { device };
}

/** `start-charging` and `stop-charging` switch smart charging off first, keeping the behaviour to go back to. */
function chargingAtOnce(world: World, deviceId: string, start: boolean, now: number): Outcome {
  const device = deviceOf(world, deviceId, ['VEHICLE', 'EV_CHARGER']);
  if (isCommandRefusal(device)) return device;
  if (device.preferences) {
    keepPreviousBehavior(device, 'SMART_CHARGE_OFF');
    device.preferences.chargingBehavior = 'SMART_CHARGE_OFF';
  }
  if (start) chargeNow(world, device, now);
  else stopChargingNow(world, device, now);
  return { device };
}
