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
  version: 2;
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

export interface EvPreferences {
  chargingBehavior?: 'SMART_CHARGE_OFF' | 'SMART_CHARGE_AT_LOCATION' | 'SMART_CHARGE_ANYWHERE';
  chargingLocationIds?: string[];
  defaultSpotPriceAreaId?: string;
  readyTime?: string;
  weekDaySpecificReadyTimes?: Record<string, string>;
  targetSoC?: number;
  minimalSoC?: number;
  batteryCapacity?: number;
}

export interface Quantity {
  value: number;
  unit: string;
}

export interface OcppPreferences {
  chargingBehavior?: 'SMART_CHARGE_OFF' | 'SMART_CHARGE_ON';
  readyTime?: string;
  weekDaySpecificReadyTimes?: Record<string, string>;
  targetSoC?: Quantity;
  minimalSoC?: Quantity;
  currentSoC?: Quantity;
  locationId?: string;
  batteryCapacity?: number;
  efficiency?: number;
  associatedDeviceId?: string;
  minimumEnergyTransfer?: Quantity;
  targetEnergyTransfer?: Quantity;
}

export interface HeatingScheduleEntry {
  id?: string;
  dayOfWeek?: string;
  time?: string;
  minComfortTemp?: number;
  maxComfortTemp?: number;
}

export interface HeatingPreferences {
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

export interface DeviceRecord {
  id: string;
  userId: string;
  type: DeviceType;
  integration: Integration;
  createdAt: number;
  attributes: Record<string, string | number>;
  settings: Record<string, boolean>;
  associatedChargerIds?: string[];
  /** The car a Smartcar authorization code names, in the sandbox. */
  smartcarCar?: string;
  sim: DeviceSim;
  evPreferences?: EvPreferences;
  ocppPreferences?: OcppPreferences;
  heatingPreferences?: HeatingPreferences;
  /** The behaviour before the last change of `chargingBehavior`, read only. */
  previousChargingBehavior?: string;
  plan?: ChargingPlan;
  sessions: ChargingSessionRecord[];
  heatingRuns: HeatingRun[];
  /** When a Smartcar status update was last requested, for the 429 window. */
  statusUpdateAt?: number;
}

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
