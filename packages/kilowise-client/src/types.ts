import type {
  ChargeBoxRegistrationStatus,
  ChargerChargingBehavior,
  ChargerChargingStatus,
  ChargerIntegration,
  ChargerManufacturer,
  ChargerMeasurementUnit,
  ChargingSessionStatus,
  DeviceStatus,
  DeviceType,
  EnergyUnit,
  HeatingBehavior,
  RegisterSmartcarVehicleStatus,
  SmartcarCapability,
  SmartcarMode,
  Unit,
  VehicleChargingBehavior,
  VehicleChargingStatus,
  VehicleIntegration,
  VehicleManufacturer,
  VehicleType,
} from './enums';

/**
 * How a client talks to the API.
 *
 * @example
 * ```ts
 * const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: 'https://api.kilowise.io' });
 * ```
 */
export interface ClientConfiguration {
  /** Your partner API key, sent as `x-api-key` on every request. Keep it on your server. */
  apiKey: string;
  /**
   * The API origin, without a trailing slash.
   *
   * @example 'https://api.kilowise.io'
   */
  baseUrl: string;
  /** Binds the client to one user: calls then need no `{ userId }`. */
  userId?: string;
  /** The `fetch` to use instead of the global one, for proxies, retries or tests. */
  fetch?: typeof fetch;
}

/**
 * Per-call options, the last argument of every method.
 *
 * @example
 * ```ts
 * const locations = await kilowise.locations.list({ userId: 'user-4711', signal: AbortSignal.timeout(5000) });
 * ```
 */
export interface Options {
  /** The user the call acts for; overrides the client's `userId`. */
  userId?: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/**
 * A point on the map, in WGS 84 degrees.
 *
 * @apiSchema Coordinates
 * @example
 * ```ts
 * const stockholm: Coordinates = { latitude: 59.3293, longitude: 18.0686 };
 * ```
 */
export interface Coordinates {
  /** @example 59.3293 */
  latitude: number;
  /** @example 18.0686 */
  longitude: number;
}

/**
 * The electricity contract of a user or a location.
 *
 * @apiSchema TariffInfo
 * @example
 * ```ts
 * await kilowise.userData.update({ electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' });
 * ```
 */
export interface TariffInfo {
  /** The user's electricity network company. @example 'Ellevio' */
  electricalUtilityProvider?: string;
  /** The metering point id. @example '735999100000123456' */
  meterId?: string;
  /** The name of the user's tariff. @example 'Time-of-use' */
  tariff?: string;
}

/**
 * A place where a user charges or heats. Send it without `id` and `spotPriceAreaId`; responses carry both.
 *
 * @apiSchema UserLocation
 * @example
 * ```ts
 * const home: UserLocation = {
 *   name: 'Home',
 *   coordinates: { latitude: 59.3293, longitude: 18.0686 },
 *   countryCode: 'SE',
 *   postalCode: '11455',
 *   streetAddress: 'Storgatan 1',
 *   city: 'Stockholm',
 * };
 * ```
 */
export interface UserLocation {
  /** Set by Kilowise. @example 'loc-8c1e52' */
  readonly id?: string;
  /** @example 'Home' */
  name: string;
  coordinates: Coordinates;
  /** ISO 3166-1 alpha-2. @example 'SE' */
  countryCode: string;
  /** @example '11455' */
  postalCode: string;
  /** @example 'Storgatan 1' */
  streetAddress: string;
  /** @example 'Stockholm' */
  city: string;
  tariffInfo?: TariffInfo;
  /** The spot price area Kilowise found for the address. Set by Kilowise. @example 'SE3' */
  readonly spotPriceAreaId?: string;
}

/**
 * A location as it appeared inside vehicle preferences.
 *
 * @deprecated Use {@link VehiclePreferences.chargingLocationIds}.
 * @apiSchema ChargingLocation
 * @example
 * ```ts
 * const names = (preferences.chargingLocations ?? []).map((location) => location.name);
 * ```
 */
export interface ChargingLocation {
  /** @example 'loc-8c1e52' */
  id: string;
  /** @example 'Home' */
  name: string;
}

/**
 * The fields every device has, whatever its kind: vehicles, chargers and heating devices.
 *
 * @apiSchema ApiDevice
 * @example
 * ```ts
 * const devices = await kilowise.devices.list({ userId: 'user-4711' });
 * const newest = devices.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
 * ```
 */
export interface DeviceBase {
  /** @example 'dev-5b1f0c' */
  id: string;
  type: DeviceType;
  /** When the device was registered, ISO 8601. @example '2025-02-03T09:12:44Z' */
  createdAt: string;
}

/**
 * What a vehicle integration reports about the car.
 *
 * @example
 * ```ts
 * const { make, model } = vehicle.attributes;
 * ```
 */
export interface VehicleAttributes {
  /** @example 'VOLVO' */
  make?: VehicleManufacturer;
  /** @example 'EX30' */
  model?: string;
  /** Model year. @example 2024 */
  year?: number;
  /** Vehicle identification number, where the maker shares it. */
  vin?: string;
}

/**
 * Integration settings of a vehicle. Smartcar and Enode vehicles report none today; the map is kept open so
 * new settings arrive without a client update.
 * @example
 * ```ts
 * const vehicle = (await kilowise.devices.get('dev-5b1f0c')) as Vehicle;
 * console.log(Object.keys(vehicle.settings ?? {}));
 * ```
 */
export interface VehicleSettings {
  [setting: string]: unknown;
}

/**
 * A linked car.
 *
 * @apiSchema ApiDevice
 * @example
 * ```ts
 * const devices = await kilowise.devices.list({ userId: 'user-4711' });
 * const vehicles = devices.filter((device): device is Vehicle => device.type === DeviceType.VEHICLE);
 * ```
 */
export interface Vehicle extends DeviceBase {
  integration: VehicleIntegration;
  attributes: VehicleAttributes;
  settings?: VehicleSettings;
  /** @deprecated Use `associatedChargerIds`. */
  associatedToCharger?: boolean;
  /** The chargers this vehicle charges with. @example ['dev-77a0d2'] */
  associatedChargerIds?: string[];
}

/**
 * The charge box of an OCPP charger: the unit that talks to Kilowise.
 *
 * @example
 * ```ts
 * const box = charger.attributes.chargeBox;
 * console.log(box?.chargeBoxId, box?.registrationStatus);
 * ```
 */
export interface ChargerChargeBox {
  /** The OCPP charge box identity. @example 'PLP1-0123456' */
  chargeBoxId: string;
  registrationStatus: ChargeBoxRegistrationStatus;
  /** @example '6.2.18' */
  firmwareVersion?: string;
  /** @example 'PLP1-0123456' */
  serialNumber?: string;
}

/**
 * One connector of a charger.
 *
 * @example
 * ```ts
 * const free = charger.attributes.chargePoints?.filter((point) => point.status === ChargerChargingStatus.AVAILABLE);
 * ```
 */
export interface ChargerChargePoint {
  /** OCPP connector id, from 1. @example 1 */
  connectorId: number;
  status: ChargerChargingStatus;
  /** Rated power of the connector in kW. @example 11 */
  maxPowerKw?: number;
}

/**
 * What Kilowise knows about a charger's hardware.
 *
 * @example
 * ```ts
 * if (charger.attributes.vendor === ChargerManufacturer.WALLBOX) showWallboxHelp();
 * ```
 */
export interface ChargerAttributes {
  /** @example 'WALLBOX' */
  vendor: ChargerManufacturer;
  /** The maker's serial or device id. @example 'PLP1-0123456' */
  vendorDeviceId: string;
  /** @example 'Pulsar Plus' */
  model?: string;
  chargeBox?: ChargerChargeBox;
  chargePoints?: ChargerChargePoint[];
}

/**
 * Integration settings of a charger.
 *
 * @example
 * ```ts
 * if (!charger.settings?.autoSetupOCPPConnection) showOcppSetupSteps();
 * ```
 */
export interface ChargerSettings {
  /** Whether Kilowise set up the OCPP connection through the maker's cloud. @example true */
  autoSetupOCPPConnection?: boolean;
}

/**
 * A charger registered with Kilowise.
 *
 * @apiSchema ApiDevice
 * @example
 * ```ts
 * const charger = (await kilowise.devices.get('dev-77a0d2')) as Charger;
 * ```
 */
export interface Charger extends DeviceBase {
  integration: ChargerIntegration;
  attributes: ChargerAttributes;
  settings?: ChargerSettings;
}

/** Any device: a vehicle, a charger, or a heating device with open attributes. */
export type Device = Vehicle | Charger | (DeviceBase & { integration: string; attributes?: Record<string, unknown>; settings?: Record<string, unknown> });

/**
 * Ready times per day of the week, as HH:MM; they override `readyTime` on those days.
 *
 * @apiSchema WeekDaySpecificReadyTimes
 */
export type WeekDaySpecificReadyTimes = Partial<Record<'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY', string>>;

/**
 * How Kilowise smart charges a vehicle.
 *
 * @apiSchema EvPreferences
 * @example
 * ```ts
 * await kilowise.smartCharging.updateEvPreferences('dev-5b1f0c', {
 *   chargingBehavior: VehicleChargingBehavior.SMART_CHARGE_ANYWHERE,
 *   readyTime: '07:00',
 *   targetSoC: 80,
 * });
 * ```
 */
export interface VehiclePreferences {
  chargingBehavior?: VehicleChargingBehavior;
  /** The behavior before the last change. Set by Kilowise. */
  readonly previousChargingBehavior?: VehicleChargingBehavior;
  /** Where `SMART_CHARGE_AT_LOCATION` applies. @example ['loc-8c1e52'] */
  chargingLocationIds?: string[];
  /** @deprecated Use `chargingLocationIds`. */
  chargingLocations?: ChargingLocation[];
  /** The area whose prices apply away from the charging locations. @example 'SE3' */
  defaultSpotPriceAreaId?: string;
  /** When the car must be ready, HH:MM. @example '07:00' */
  readyTime?: string;
  /** @example { SATURDAY: '10:30', SUNDAY: '10:30' } */
  weekDaySpecificReadyTimes?: WeekDaySpecificReadyTimes;
  /** Target state of charge in percent. @example 80 */
  targetSoC?: number;
  /** Charged at once up to this level, in percent. @example 20 */
  minimalSoC?: number;
  /** Usable battery capacity in kWh. @example 64 */
  batteryCapacity?: number;
}

/**
 * A state of charge: a share of the battery or a range.
 *
 * @apiSchema StateOfCharge
 * @example
 * ```ts
 * const targetSoC: StateOfCharge = { value: 80, unit: Unit.PERCENT };
 * ```
 */
export interface StateOfCharge {
  /** @example 80 */
  value: number;
  unit: Unit;
}

/**
 * An amount of energy to deliver.
 *
 * @apiSchema EnergyTransfer
 * @example
 * ```ts
 * const minimumEnergyTransfer: EnergyTransfer = { value: 10, unit: EnergyUnit.kWh };
 * ```
 */
export interface EnergyTransfer {
  /** @example 10 */
  value: number;
  unit: EnergyUnit;
}

/**
 * How Kilowise smart charges through an OCPP charger, for cars it cannot read.
 *
 * @apiSchema OcppChargerPreferences
 * @example
 * ```ts
 * await kilowise.smartCharging.updateOcppChargerPreferences('dev-77a0d2', {
 *   chargingBehavior: ChargerChargingBehavior.SMART_CHARGE_ON,
 *   readyTime: '07:00',
 *   targetEnergyTransfer: { value: 30, unit: EnergyUnit.kWh },
 * });
 * ```
 */
export interface OcppChargerPreferences {
  chargingBehavior?: ChargerChargingBehavior;
  /** HH:MM. @example '07:00' */
  readyTime?: string;
  weekDaySpecificReadyTimes?: WeekDaySpecificReadyTimes;
  targetSoC?: StateOfCharge;
  minimalSoC?: StateOfCharge;
  currentSoC?: StateOfCharge;
  /** @example 'loc-8c1e52' */
  locationId?: string;
  /** kWh. @example 64 */
  batteryCapacity?: number;
  /** Charging efficiency, 0 to 1. @example 0.9 */
  efficiency?: number;
  /** The vehicle that charges here, if linked. @example 'dev-5b1f0c' */
  associatedDeviceId?: string;
  minimumEnergyTransfer?: EnergyTransfer;
  targetEnergyTransfer?: EnergyTransfer;
}

/** Hourly values keyed by ISO 8601 timestamp. */
export type HourlyValues = Record<string, number>;

/**
 * The charging plan of a device for its current session.
 *
 * @apiSchema CurrentSchedule
 * @example
 * ```ts
 * const schedule = await kilowise.smartCharging.getSchedule('dev-5b1f0c');
 * const hours = Object.entries(schedule.hourlyCharges).filter(([, kWh]) => kWh > 0);
 * ```
 */
export interface ChargingSchedule {
  /** @example 'ses-1f8a33' */
  id: string;
  /** @example '2025-03-14T18:02:11Z' */
  createdAt: string;
  /** @example '2025-03-15T07:00:00+01:00' */
  endDateTime: string;
  /** kWh planned per hour. @example { '2025-03-15T02:00:00+01:00': 7.4 } */
  hourlyCharges: HourlyValues;
  /** @example 'SE3' */
  spotPriceAreaId: string;
  /** @example '07:00' */
  readyTime: string;
  /** @example 'Europe/Stockholm' */
  timeZone: string;
}

/**
 * A smart charging session, current or past.
 *
 * @apiSchema ChargingSession
 * @example
 * ```ts
 * const sessions = await kilowise.smartCharging.listSessions('dev-5b1f0c');
 * const interrupted = sessions.filter((session) => session.status === ChargingSessionStatus.INTERRUPTED);
 * ```
 */
export interface ChargingSession extends ChargingSchedule {
  status: ChargingSessionStatus;
}

/**
 * The heating plan of a device: per hour, 1.0 means the max comfort limit applies, any other value the min.
 *
 * @apiSchema CurrentHeatingSchedule
 * @example
 * ```ts
 * const { steeringPeriods } = await kilowise.smartHeating.getSchedule('dev-3c9e41');
 * const boosted = Object.entries(steeringPeriods).filter(([, value]) => value === 1.0).map(([hour]) => hour);
 * ```
 */
export interface HeatingSchedule {
  id: string;
  createdAt: string;
  endDateTime: string;
  /** @example { '2025-03-15T03:00:00+01:00': 1.0, '2025-03-15T08:00:00+01:00': 0 } */
  steeringPeriods: HourlyValues;
  spotPriceAreaId: string;
  readyTime: string;
  timeZone: string;
}

/**
 * A smart heating session, current or past.
 *
 * @apiSchema HeatingSession
 * @example
 * ```ts
 * const sessions = await kilowise.smartHeating.listSessions('dev-3c9e41');
 * const active = sessions.find((session) => session.status === ChargingSessionStatus.ACTIVE);
 * ```
 */
export interface HeatingSession extends HeatingSchedule {
  status: ChargingSessionStatus;
}

/**
 * One comfort window of the weekly heating schedule.
 *
 * @apiSchema HeatingScheduleEntry
 * @example
 * ```ts
 * const weekdayMorning: HeatingScheduleEntry = { dayOfWeek: 'MONDAY', time: '06:30', minComfortTemp: 20, maxComfortTemp: 22 };
 * ```
 */
export interface HeatingScheduleEntry {
  id?: string;
  /** @example 'MONDAY' */
  dayOfWeek: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
  /** HH:MM. @example '06:30' */
  time: string;
  /** °C. @example 20 */
  minComfortTemp: number;
  /** °C. @example 22 */
  maxComfortTemp: number;
}

/**
 * How Kilowise steers a heat pump. Temperatures are in Celsius.
 *
 * @apiSchema HeatingPreferences
 * @example
 * ```ts
 * await kilowise.smartHeating.updatePreferences('dev-3c9e41', {
 *   minComfortLimit: 19,
 *   maxComfortLimit: 23,
 *   heatingBehavior: HeatingBehavior.SMART_HEATING_ON,
 * });
 * ```
 */
export interface HeatingPreferences {
  /** °C. @example 19 */
  minComfortLimit?: number;
  /** °C. @example 23 */
  maxComfortLimit?: number;
  heatingSchedule?: { timeZoneId: string; entries: HeatingScheduleEntry[] };
  heatingBehavior?: HeatingBehavior;
  location?: { countryCode: string; postalCode: string };
  /** @example 'SE3' */
  spotPriceAreaId?: string;
}

/**
 * The unified status of a device.
 *
 * @apiSchema UnifiedDeviceStatus
 * @example
 * ```ts
 * const { status, timestamp } = await kilowise.devices.getStatus('dev-5b1f0c');
 * ```
 */
export interface GetDeviceStatusResult {
  status: DeviceStatus;
  /** @example '2025-03-14T21:05:00Z' */
  timestamp: string;
}

/**
 * A meter reading a charger reported.
 *
 * @apiSchema ChargerMeasurement
 * @example
 * ```ts
 * const { measurement } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * ```
 */
export interface ChargerMeasurement {
  /** @example '2025-03-14T21:04:30Z' */
  timestamp: string;
  /** @example 7.36 */
  value: number;
  unit: ChargerMeasurementUnit;
}

/**
 * The last OCPP status of a charger.
 *
 * @apiSchema OcppChargerStatus
 * @example
 * ```ts
 * const { status, heartbeatTimestamp } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * const online = Date.now() - Date.parse(heartbeatTimestamp ?? '') < 10 * 60_000;
 * ```
 */
export interface OcppChargerStatus {
  statusTimestamp: string;
  status: ChargerChargingStatus;
  /** OCPP error code. @example 'NoError' */
  errorCode?: string;
  vendorId?: string;
  vendorErrorCode?: string;
  heartbeatTimestamp?: string;
  measurement?: ChargerMeasurement;
  /** @example '6.2.18' */
  firmwareVersion?: string;
}

/**
 * The last status of a heat pump. Temperatures are in Celsius.
 *
 * @apiSchema HeatPumpStatus
 * @example
 * ```ts
 * const { roomTemperature, hasAlarmed } = await kilowise.devices.getHeatPumpStatus('dev-3c9e41');
 * ```
 */
export interface HeatPumpStatus {
  timestamp: string;
  lastActivityDate?: string;
  /** @example 'ONLINE' */
  connectionStatus?: string;
  hasAlarmed?: boolean;
  /** °C. @example 21.4 */
  roomTemperature?: number;
  /** °C. @example 18.2 */
  exhaustAir?: number;
  /** Share of time the compressor ran, 0 to 1. @example 0.42 */
  compressorTimeFactor?: number;
}

/**
 * The last status a vehicle's maker reported.
 *
 * @apiSchema VehicleStatus
 * @example
 * ```ts
 * const status = await kilowise.devices.getVehicleStatus('dev-5b1f0c');
 * console.log(`${status.soc} % and ${status.range} km`);
 * ```
 */
export interface VehicleStatus {
  /** @example 'dev-5b1f0c' */
  id: string;
  /** @example '2025-03-14T21:00:00Z' */
  timestamp: string;
  /** State of charge in percent. @example 54 */
  soc: number;
  /** Range in km. @example 231 */
  range: number;
  chargingStatus: VehicleChargingStatus;
  /** kWh. @example 64 */
  batteryCapacity?: number;
}

/**
 * Whether a demand response event is steering the device now.
 *
 * @apiSchema DemandResponse
 * @example
 * ```ts
 * const { active } = await kilowise.devices.getDemandResponse('dev-77a0d2');
 * if (active) showGridHelpBadge();
 * ```
 */
export interface DemandResponse {
  active: boolean;
}

/**
 * A charger in the user's Wallbox account.
 *
 * @apiSchema WallboxCharger
 * @example
 * ```ts
 * const chargers = await kilowise.wallbox.listChargers({ userId: 'user-4711' });
 * ```
 */
export interface WallboxCharger {
  /** @example 412877 */
  id: number;
  /** @example 'PLP1-0123456' */
  uid: string;
  /** @example 'Garage' */
  name: string;
  /** @example 'Pulsar Plus' */
  chargerType: string;
  image?: string;
  lastConnection?: string;
  lastSync?: string;
  /** @example 'SE' */
  country?: string;
}

/**
 * A vehicle model and what Smartcar can do with it.
 *
 * @apiSchema VehicleWithCapabilities
 * @example
 * ```ts
 * const models = await kilowise.smartcar.listVehicleCapabilities({ supporting: [SmartcarCapability.EXECUTE_START_AND_STOP] });
 * const names = models.map((model) => `${model.make} ${model.model}`);
 * ```
 */
export interface VehicleWithCapabilities {
  /** @example 'VOLVO' */
  make: string;
  /** @example 'EX30' */
  model: string;
  /** @example { start: 2023, end: 2025 } */
  yearRange: { start: number; end?: number };
  type: VehicleType;
  capabilities: SmartcarCapability[];
}

/**
 * Credentials of a user's Wallbox account.
 *
 * @apiSchema RegisterWallboxAccountRequest
 * @example
 * ```ts
 * await kilowise.wallbox.registerAccount({ username: 'anna@example.com', password }, { userId: 'user-4711' });
 * ```
 */
export interface RegisterWallboxAccountPayload {
  /** @example 'anna@example.com' */
  username: string;
  password: string;
}

/**
 * A charger to register.
 *
 * @apiSchema RegisterChargerRequest
 * @example
 * ```ts
 * const payload: RegisterChargerPayload = {
 *   name: 'Garage',
 *   vendor: ChargerManufacturer.WALLBOX,
 *   vendorDeviceId: 'PLP1-0123456',
 *   autoSetupOCPPConnection: true,
 * };
 * ```
 */
export interface RegisterChargerPayload {
  /** @example 'Garage' */
  name: string;
  vendor: ChargerManufacturer.WALLBOX;
  /** @example 'PLP1-0123456' */
  vendorDeviceId: string;
  /** Let Kilowise set up the OCPP connection through the maker's cloud. @example true */
  autoSetupOCPPConnection?: boolean;
}

/**
 * Which makes the Enode link flow offers.
 *
 * @example
 * ```ts
 * const vendors: EnodeVehicleVendor = { brandSubset: [VehicleManufacturer.VOLVO, VehicleManufacturer.POLESTAR] };
 * ```
 */
export interface EnodeVehicleVendor {
  /** Open the flow on this make and skip the picker. */
  brand?: VehicleManufacturer;
  /** Offer only these makes. */
  brandSubset?: VehicleManufacturer[];
  /** Hide these makes. */
  excludeBrands?: VehicleManufacturer[];
}

/**
 * Starts the Enode link flow.
 *
 * @apiSchema RegisterTelematicsAccountRequest
 * @example
 * ```ts
 * const payload: RegisterEnodeVehiclePayload = {
 *   redirectUrl: 'https://app.example.com/vehicles/linked',
 *   region: 'SE',
 *   brandSubset: [VehicleManufacturer.VOLVO, VehicleManufacturer.POLESTAR],
 * };
 * ```
 */
export interface RegisterEnodeVehiclePayload extends EnodeVehicleVendor {
  /** Where the user lands when the flow ends. @example 'https://app.example.com/vehicles/linked' */
  redirectUrl: string;
  /** The user's region. @example 'SE' */
  region?: string;
  /** @example 'VEHICLE' */
  deviceType?: string;
  /** Offer Enode's simulated vehicles. @example false */
  devMode?: boolean;
}

/**
 * Where to send the user to link a car through Enode.
 *
 * @apiSchema AuthorizationUrl
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.telematics.registerAccount(
 *   { redirectUrl: 'https://app.example.com/vehicles/linked' },
 *   { userId: 'user-4711' },
 * );
 * window.location.assign(authorizationUrl);
 * ```
 */
export interface EnodeVehicleAuthorizationUrl {
  /** @example 'https://link.enode.io/?token=…' */
  authorizationUrl: string;
}

/**
 * Where to send the user to link a car through Smartcar.
 *
 * @apiSchema AuthorizationUrl
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 * });
 * ```
 */
export interface SmartcarVehicleAuthorizationUrl {
  /** @example 'https://connect.smartcar.com/oauth/authorize?response_type=code&country=SE&mode=live' */
  authorizationUrl: string;
}

/**
 * The query of the Smartcar authorization URL.
 *
 * @example
 * ```ts
 * const query: SmartcarAuthorizationQuery = { redirectUri: 'https://app.example.com/smartcar/callback', countryCode: 'SE' };
 * ```
 */
export interface SmartcarAuthorizationQuery {
  /** Where Smartcar sends the user back with `code`. */
  redirectUri: string;
  /** Skip Smartcar's brand picker. */
  manufacturer?: VehicleManufacturer;
  /** ISO 3166-1 alpha-2; the API defaults it to `FI`. */
  countryCode?: string;
  /** `live`, `simulated` or `test`; the API defaults it to `live`. */
  mode?: SmartcarMode | `${SmartcarMode}`;
}

/**
 * The code Smartcar sent to your redirect URL.
 *
 * @apiSchema RegisterSmartcarVehicleRequest
 * @example
 * ```ts
 * const code = new URL(request.url).searchParams.get('code') ?? '';
 * const payload: RegisterSmartcarVehiclePayload = { authCode: code, redirectUrl: 'https://app.example.com/smartcar/callback' };
 * ```
 */
export interface RegisterSmartcarVehiclePayload {
  /** The `code` query parameter of the redirect. */
  authCode: string;
  /** The same `redirectUri` the authorization URL was made with. */
  redirectUrl: string;
}

/**
 * The outcome of connecting a Smartcar vehicle.
 *
 * @apiSchema RegisterSmartcarVehicleResponse
 * @example
 * ```ts
 * const result = await kilowise.smartcar.connect(payload, { userId: 'user-4711' });
 * if (result.status === RegisterSmartcarVehicleStatus.CONFLICT) console.log(result.message);
 * ```
 */
export interface RegisterSmartcarVehicleResponse {
  /** @example 'dev-5b1f0c' */
  deviceId?: string;
  /** @example 'Vehicle added' */
  message: string;
  status: RegisterSmartcarVehicleStatus;
}

/** Spot prices keyed by ISO 8601 hour. Reads are EUR per kWh; test prices are EUR per MWh. */
export type SpotPrices = Record<string, number>;

/**
 * A bidding zone with spot prices.
 *
 * @apiSchema SpotPriceArea
 * @example
 * ```ts
 * const [area] = await kilowise.spotPrices.listAreas({ countryCode: 'SE', postalCode: '11455' });
 * console.log(area?.id, area?.name); // 'SE3' 'Stockholm'
 * ```
 */
export interface SpotPriceAreaDetails {
  /** @example 'SE3' */
  id: string;
  /** @example 'Stockholm' */
  name: string;
  /** @example 'SE' */
  countryCode: string;
}

/**
 * A time window of spot prices, ISO 8601 with offset.
 * @example
 * ```ts
 * const day: SpotPriceQuery = { startDateTime: '2025-03-14T00:00:00+01:00', endDateTime: '2025-03-15T00:00:00+01:00' };
 * const prices = await kilowise.spotPrices.get('SE3', day);
 * ```
 */
export interface SpotPriceQuery {
  /** @example '2025-03-14T00:00:00+01:00' */
  startDateTime: string;
  /** @example '2025-03-15T00:00:00+01:00' */
  endDateTime: string;
}
