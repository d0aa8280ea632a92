import type { SandboxClock } from './clock';
import type { TestPrices } from './prices';
import type { VehicleReport } from './reports';
import type { Timeline } from '../timeline';

/**
 * Everything one world of the simulation holds: one API key's on the sandbox server, one session's in the browser
 * and in MCP. Plain JSON, so a host can store it as text; entities live in arrays and hourly values in records
 * keyed by epoch milliseconds, so that no id a client sends (`__proto__`, `constructor`) is ever a property name.
 */
export interface World {
  /** 3 since devices are a union of kinds with normalised preferences; a stored 2 is read by `upgradeWorld`. */
  version: 3;
  clock: SandboxClock;
  /** The instant the simulation has been played to (epoch ms). */
  simulatedTo: number;
  /** Whether a client has changed anything yet: until then the clock may be set back (the seed is made again). */
  touched: boolean;
  /** The counter behind every id the sandbox gives, so the same requests give the same ids. */
  seq: number;
  /**
   * What makes this world's ids its own (a hash of the API key or session it belongs to): the same requests under
   * one key give the same ids, and no id of one key's sandbox is one of another's. Absent, ids are `dev-1f3a9c`.
   */
  idSeed?: string;
  users: UserRecord[];
  devices: DeviceRecord[];
  testPrices: TestPrices;
  /** What the simulation did, for `GET /__sandbox/events` (lib/sandbox/timeline.ts); bounded to 500 events. */
  timeline?: Timeline;
  /**
   * The redirect URIs the sandbox's Smartcar authorization URLs were made for, the last `WORLD_LIMITS.redirectUris`:
   * connect refuses a code sent with another `redirectUrl`, as Smartcar does.
   */
  smartcarRedirectUris?: string[];
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface TariffInfo {
  electricalUtilityProvider?: string;
  meterId?: string;
  tariff?: string;
}

export interface LocationRecord {
  id: string;
  name: string;
  coordinates: Coordinates;
  countryCode: string;
  postalCode: string;
  streetAddress: string;
  city: string;
  spotPriceAreaId: string;
  tariffInfo?: TariffInfo;
}

export interface UserRecord {
  id: string;
  locations: LocationRecord[];
  data?: TariffInfo;
  /** The Wallbox account linked for the user (its user name; the password is never kept). */
  wallboxUsername?: string;
}

export type DeviceType = 'VEHICLE' | 'EV_CHARGER' | 'HEATER';
export type Integration = 'SMARTCAR' | 'OCPP' | 'NIBE_UPLINK' | 'TELEMATICA';

export type VehicleChargingBehavior = 'SMART_CHARGE_OFF' | 'SMART_CHARGE_AT_LOCATION' | 'SMART_CHARGE_ANYWHERE';
export type ChargerChargingBehavior = 'SMART_CHARGE_OFF' | 'SMART_CHARGE_ON';

/** How Kilowise smart charges a vehicle: states of charge in percent, the battery in kWh. */
export interface VehiclePreferences {
  chargingBehavior?: VehicleChargingBehavior;
  chargingLocationIds?: string[];
  defaultSpotPriceAreaId?: string;
  /** When the car must be ready, HH:MM in the zone of where it charges. */
  readyTime?: string;
  weekDaySpecificReadyTimes?: Record<string, string>;
  targetPercent?: number;
  minimalPercent?: number;
  /** The usable capacity the partner gave, for a car that does not report its own. */
  batteryKwh?: number;
}

/**
 * A state of charge as a charger's preferences give it: a share of the battery, or a range of driving. A range is
 * kept as given: it becomes a share only with the battery's capacity, which the simulation knows when it plans.
 */
export type StateOfCharge = { percent: number } | { rangeKm: number };

/** How Kilowise smart charges through an OCPP charger: states of charge in percent or km, energy in kWh. */
export interface ChargerPreferences {
  chargingBehavior?: ChargerChargingBehavior;
  readyTime?: string;
  weekDaySpecificReadyTimes?: Record<string, string>;
  target?: StateOfCharge;
  minimal?: StateOfCharge;
  /** The car's state of charge as the partner last told it: a share of it is where a plug-in starts. */
  current?: StateOfCharge;
  /** An energy goal, counted from the state of charge at the plug-in (kWh). */
  targetEnergyKwh?: number;
  minimumEnergyKwh?: number;
  locationId?: string;
  batteryKwh?: number;
  efficiency?: number;
  associatedDeviceId?: string;
}

export interface HeatingScheduleEntry {
  id?: string;
  dayOfWeek?: string;
  time?: string;
  minComfortTemp?: number;
  maxComfortTemp?: number;
}

/** How Kilowise smart heats: temperatures in degrees Celsius, the spot price area found from the location. */
export interface HeatPumpPreferences {
  minComfortLimit?: number;
  maxComfortLimit?: number;
  heatingSchedule?: { timeZoneId?: string; entries?: HeatingScheduleEntry[] };
  heatingBehavior?: 'SMART_HEATING_ON' | 'SMART_HEATING_OFF';
  location?: { countryCode?: string; postalCode?: string };
  spotPriceAreaId?: string;
}

/** A device's physical state, which the simulation moves and the controls set. */
export interface DeviceSim {
  pluggedIn: boolean;
  /** When the cable went in, while it is in: a session completed since then is this plug-in's. */
  pluggedAt: number | null;
  /** Where a vehicle is plugged in (a location id of its user), when it is. */
  locationId: string | null;
  /** State of charge in percent (a charger: of the car on its cable). */
  soc: number;
  /** The state of charge when the cable was plugged in: an energy goal counts from it. */
  plugSoc: number;
  online: boolean;
  /** Since when an online charger sends heartbeats (epoch ms). */
  onlineSince: number | null;
  /** The last heartbeat of a charger that went offline. */
  lastHeartbeat: number | null;
  /** An OCPP error code the charger reports, or null. */
  fault: string | null;
  /** Charging at once (start-charging), whatever the prices. */
  immediate: boolean;
  /** When a schedule is due to be made (after a plug-in or a change of preferences), or null. */
  planDueAt: number | null;
  /** When the connector's state last changed (plug, fault, connection, charging), for the OCPP status. */
  changedAt: number;
  /**
   * A charger's: when its unified status last changed while it was online, whatever changed it (a schedule made, a
   * planned hour begun), as the status watcher saw it; its status's `timestamp` is the later of this, `changedAt` and
   * its last heartbeat (/docs/sandbox: Statuses). The OCPP `statusTimestamp` does not follow it.
   */
  statusChangedAt?: number;
  /** Usable battery capacity (kWh) and charging power (kW). */
  capacityKwh: number;
  /** Whether the car reports its capacity itself (Smartcar's READ_BATTERY_CAPACITY): then the preferences' is unused. */
  reportsCapacity?: boolean;
  /** What a vehicle last reported (lib/sandbox/domain/reports.ts): its status gives this, not the state of now. */
  report?: VehicleReport;
  powerKw: number;
}

/** A plan: the energy (kWh) to charge in each hour (epoch ms of its start), made from the prices it knew. */
export interface ChargingPlan {
  id: string;
  createdAt: number;
  readyAt: number;
  readyTime: string;
  spotPriceAreaId: string;
  timeZone: string;
  hourly: Record<string, number>;
  /** The state of charge to reach, in percent. */
  targetSoc: number;
  /**
   * The location of its user the plan was made for (whose spot price area it follows), or absent when it follows a
   * `defaultSpotPriceAreaId` (and in a world stored before plans named it): deleting that location ends the plan.
   */
  locationId?: string;
}

export interface ChargingSessionRecord {
  id: string;
  createdAt: number;
  endAt: number | null;
  status: 'ACTIVE' | 'COMPLETE' | 'INTERRUPTED';
  hourly: Record<string, number>;
  spotPriceAreaId?: string;
  readyTime?: string;
  timeZone?: string;
  immediate: boolean;
}

/** A stretch of time a heat pump was smart heated, from which its daily sessions follow. */
export interface HeatingRun {
  from: number;
  to: number | null;
}

/** What every device has, whatever its kind. */
interface DeviceBase {
  id: string;
  userId: string;
  createdAt: number;
  attributes: Record<string, string | number>;
  settings: Record<string, boolean>;
  sim: DeviceSim;
}

/** What a device that charges a car has: a schedule, sessions, and the behaviour before smart charging went off. */
interface ChargingBase extends DeviceBase {
  plan?: ChargingPlan;
  sessions: ChargingSessionRecord[];
}

/** A car, connected through Smartcar or linked through Enode (TELEMATICA). */
export interface Vehicle extends ChargingBase {
  type: 'VEHICLE';
  integration: 'SMARTCAR' | 'TELEMATICA';
  preferences?: VehiclePreferences;
  /** The behaviour before the last change of `chargingBehavior`, read only. */
  previousChargingBehavior?: VehicleChargingBehavior;
  associatedChargerIds?: string[];
  /** The car a Smartcar authorization code names, in the sandbox. */
  smartcarCar?: string;
  /** When a Smartcar status update was last requested, for the 429 window. */
  statusUpdateAt?: number;
}

/** An OCPP charger: the car on its cable is the one it charges. */
export interface Charger extends ChargingBase {
  type: 'EV_CHARGER';
  integration: 'OCPP';
  preferences?: ChargerPreferences;
  previousChargingBehavior?: ChargerChargingBehavior;
}

/** A heat pump, smart heated over the stretches of time in `heatingRuns`. */
export interface HeatPump extends DeviceBase {
  type: 'HEATER';
  integration: 'NIBE_UPLINK';
  preferences?: HeatPumpPreferences;
  heatingRuns: HeatingRun[];
  /** A heat pump charges nothing, so it has no charging sessions: named so that reading any device's gives none. */
  sessions?: never;
}

/** A device of the simulation: its `type` tells which, and what it holds. */
export type DeviceRecord = Vehicle | Charger | HeatPump;
/** A device that charges a car: a vehicle, or a charger (the car on its cable). */
export type ChargingDevice = Vehicle | Charger;
export type DeviceOf<T extends DeviceType> = Extract<DeviceRecord, { type: T }>;

export const isChargingDevice = (device: DeviceRecord): device is ChargingDevice => device.type !== 'HEATER';

/**
 * The sandbox's own bounds on one world, so that no client can make it grow without end: with every one of them
 * reached, a world holds about 1 MB (a test fills one to check), whatever a client sends.
 */
export const WORLD_LIMITS = {
  users: 100,
  locationsPerUser: 20,
  locations: 100,
  devices: 50,
  sessionsPerDevice: 20,
  testPriceHoursPerArea: 24 * 62,
  textLength: 500,
  /** A user id (a path parameter or the x-user-id header): a UUID, an email or a hash fits. */
  userIdLength: 128,
  redirectUris: 20,
  arrayLength: 50,
  /** A member name in a body, and the members of an object inside it (the top level may hold a day's test prices). */
  keyLength: 100,
  members: 50,
  /** A whole body, as JSON text: two months of one area's test prices fit. */
  bodyLength: 64_000,
} as const;
