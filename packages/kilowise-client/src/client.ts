import type { SmartcarCapability } from './enums';
import { segment, Transport } from './http';
import type {
  ChargingSchedule,
  ChargingSession,
  ClientConfiguration,
  DemandResponse,
  Device,
  EnodeVehicleAuthorizationUrl,
  GetDeviceStatusResult,
  HeatingPreferences,
  HeatingSchedule,
  HeatingSession,
  HeatPumpStatus,
  OcppChargerPreferences,
  OcppChargerStatus,
  Options,
  RegisterChargerPayload,
  RegisterEnodeVehiclePayload,
  RegisterSmartcarVehiclePayload,
  RegisterSmartcarVehicleResponse,
  RegisterWallboxAccountPayload,
  SmartcarAuthorizationQuery,
  SmartcarVehicleAuthorizationUrl,
  SpotPriceAreaDetails,
  SpotPriceQuery,
  SpotPrices,
  TariffInfo,
  UserLocation,
  VehiclePreferences,
  VehicleStatus,
  VehicleWithCapabilities,
  WallboxCharger,
} from './types';

const V2 = '/v2/kilowise';
const V1 = '/v1/kilowise';

/** A capability given as the enum member or its string value. */
type CapabilityValue = SmartcarCapability | `${SmartcarCapability}`;

/** The user's saved locations: `/v2/kilowise/users/{userId}/locations`. */
export class LocationsApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  private base(options: Options | undefined, method: string): string {
    return `${V2}/users/${segment(this.http.userId(options, method))}/locations`;
  }

  /**
   * Lists the user's locations.
   *
   * @apiOperation getLocations
   * @example
   * ```ts
   * const locations = await kilowise.locations.list({ userId: 'user-4711' });
   * ```
   */
  async list(options?: Options): Promise<UserLocation[]> {
    return this.http.json({ operationId: 'getLocations', method: 'GET', path: this.base(options, 'locations.list'), options });
  }

  /**
   * Adds a location. Kilowise finds its spot price area from the address.
   *
   * @throws {@link KilowiseApiError} 400 when no spot price area is found for the location.
   * @apiOperation addLocation
   * @example
   * ```ts
   * const home = await kilowise.locations.add(
   *   {
   *     name: 'Home',
   *     coordinates: { latitude: 59.3293, longitude: 18.0686 },
   *     countryCode: 'SE',
   *     postalCode: '11455',
   *     streetAddress: 'Storgatan 1',
   *     city: 'Stockholm',
   *   },
   *   { userId: 'user-4711' },
   * );
   * console.log(home.id, home.spotPriceAreaId); // 'loc-8c1e52' 'SE3'
   * ```
   */
  async add(location: UserLocation, options?: Options): Promise<UserLocation> {
    return this.http.json({ operationId: 'addLocation', method: 'POST', path: this.base(options, 'locations.add'), body: location, options });
  }

  /**
   * Replaces a location.
   *
   * @throws {@link KilowiseApiError} 400 when no spot price area is found, 404 when the user has no such location.
   * @apiOperation updateLocation
   * @example
   * ```ts
   * await kilowise.locations.update('loc-8c1e52', { ...home, name: 'Summer house' }, { userId: 'user-4711' });
   * ```
   */
  async update(locationId: string, location: UserLocation, options?: Options): Promise<UserLocation> {
    const path = `${this.base(options, 'locations.update')}/${segment(locationId)}`;
    return this.http.json({ operationId: 'updateLocation', method: 'PUT', path, body: location, options });
  }

  /**
   * Deletes a location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation deleteLocation
   * @example
   * ```ts
   * await kilowise.locations.remove('loc-8c1e52', { userId: 'user-4711' });
   * ```
   */
  async remove(locationId: string, options?: Options): Promise<void> {
    const path = `${this.base(options, 'locations.remove')}/${segment(locationId)}`;
    return this.http.empty({ operationId: 'deleteLocation', method: 'DELETE', path, options });
  }

  /**
   * Sets the electricity contract of a location and returns the location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation updateLocationTariffInfo
   * @example
   * ```ts
   * await kilowise.locations.setTariffInfo(
   *   'loc-8c1e52',
   *   { electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async setTariffInfo(locationId: string, tariffInfo: TariffInfo, options?: Options): Promise<UserLocation> {
    const path = `${this.base(options, 'locations.setTariffInfo')}/${segment(locationId)}/tariff-info`;
    return this.http.json({ operationId: 'updateLocationTariffInfo', method: 'PUT', path, body: tariffInfo, options });
  }

  /**
   * Removes the electricity contract of a location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation deleteLocationTariffInfo
   * @example
   * ```ts
   * await kilowise.locations.removeTariffInfo('loc-8c1e52', { userId: 'user-4711' });
   * ```
   */
  async removeTariffInfo(locationId: string, options?: Options): Promise<void> {
    const path = `${this.base(options, 'locations.removeTariffInfo')}/${segment(locationId)}/tariff-info`;
    return this.http.empty({ operationId: 'deleteLocationTariffInfo', method: 'DELETE', path, options });
  }
}

/** The user's own tariff data: `/v2/kilowise/users/{userId}/data`. */
export class UserDataApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  private path(options: Options | undefined, method: string): string {
    return `${V2}/users/${segment(this.http.userId(options, method))}/data`;
  }

  /**
   * Reads the user's tariff data.
   *
   * @apiOperation getUserData
   * @example
   * ```ts
   * const { electricalUtilityProvider, tariff } = await kilowise.userData.get({ userId: 'user-4711' });
   * ```
   */
  async get(options?: Options): Promise<TariffInfo> {
    return this.http.json({ operationId: 'getUserData', method: 'GET', path: this.path(options, 'userData.get'), options });
  }

  /**
   * Replaces the user's tariff data.
   *
   * @apiOperation updateUserData
   * @example
   * ```ts
   * await kilowise.userData.update(
   *   { electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async update(data: TariffInfo, options?: Options): Promise<TariffInfo> {
    return this.http.json({ operationId: 'updateUserData', method: 'PUT', path: this.path(options, 'userData.update'), body: data, options });
  }

  /**
   * Deletes the user's tariff data.
   *
   * @apiOperation deleteUserData
   * @example
   * ```ts
   * await kilowise.userData.remove({ userId: 'user-4711' });
   * ```
   */
  async remove(options?: Options): Promise<void> {
    return this.http.empty({ operationId: 'deleteUserData', method: 'DELETE', path: this.path(options, 'userData.remove'), options });
  }
}

/** User sessions: `/v2/kilowise/users/{userId}/sign-out`. */
export class UsersApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Signs the user out of Kilowise on every device.
   *
   * @apiOperation signOut
   * @example
   * ```ts
   * await kilowise.users.signOut({ userId: 'user-4711' });
   * ```
   */
  async signOut(options?: Options): Promise<void> {
    const path = `${V2}/users/${segment(this.http.userId(options, 'users.signOut'))}/sign-out`;
    return this.http.empty({ operationId: 'signOut', method: 'POST', path, options });
  }
}

/** Devices and their status: `/v2/kilowise/devices/…`. */
export class DevicesApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Lists the user's devices: vehicles, chargers and heaters.
   *
   * @apiOperation getDevices
   * @example
   * ```ts
   * const devices = await kilowise.devices.list({ userId: 'user-4711' });
   * ```
   */
  async list(options?: Options): Promise<Device[]> {
    const userId = { in: 'query' as const, value: this.http.userId(options, 'devices.list') };
    return this.http.json({ operationId: 'getDevices', method: 'GET', path: `${V2}/devices`, userId, options });
  }

  /**
   * Reads one device.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getDevice
   * @example
   * ```ts
   * const device = await kilowise.devices.get('dev-5b1f0c');
   * ```
   */
  async get(deviceId: string, options?: Options): Promise<Device> {
    return this.http.json({ operationId: 'getDevice', method: 'GET', path: `${V2}/devices/${segment(deviceId)}`, options });
  }

  /**
   * Removes a device from Kilowise.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation deleteDevice
   * @example
   * ```ts
   * await kilowise.devices.remove('dev-5b1f0c');
   * ```
   */
  async remove(deviceId: string, options?: Options): Promise<void> {
    return this.http.empty({ operationId: 'deleteDevice', method: 'DELETE', path: `${V2}/devices/${segment(deviceId)}`, options });
  }

  /**
   * Registers a charger through its maker's cloud. The user id goes in `X-User-Id`.
   *
   * @apiOperation registerCharger
   * @example
   * ```ts
   * const charger = await kilowise.devices.registerCharger(
   *   { name: 'Garage', vendor: ChargerManufacturer.WALLBOX, vendorDeviceId: 'PLP1-0123456', autoSetupOCPPConnection: true },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async registerCharger(payload: RegisterChargerPayload, options?: Options): Promise<Device> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'devices.registerCharger') };
    return this.http.json({ operationId: 'registerCharger', method: 'POST', path: `${V2}/devices/register-charger`, body: payload, userId, options });
  }

  /**
   * The OCPP central system URL (SteVe) to configure in a charger.
   *
   * @apiOperation getSteveUrl
   * @example
   * ```ts
   * const { url } = await kilowise.devices.getSteveUrl();
   * ```
   */
  async getSteveUrl(options?: Options): Promise<{ url: string }> {
    return this.http.json({ operationId: 'getSteveUrl', method: 'GET', path: `${V2}/devices/steve-url`, options });
  }

  /**
   * The last OCPP status of a charger.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getOcppChargerStatus
   * @example
   * ```ts
   * const { status, heartbeatTimestamp } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
   * ```
   */
  async getOcppChargerStatus(deviceId: string, options?: Options): Promise<OcppChargerStatus> {
    const path = `${V2}/devices/ocpp-charger/${segment(deviceId)}/status`;
    return this.http.json({ operationId: 'getOcppChargerStatus', method: 'GET', path, options });
  }

  /**
   * The last status of a heat pump.
   *
   * @throws {@link KilowiseApiError} 404 when the heat pump status is missing.
   * @apiOperation getHeatPumpStatus
   * @example
   * ```ts
   * const { roomTemperature } = await kilowise.devices.getHeatPumpStatus('dev-3c9e41');
   * ```
   */
  async getHeatPumpStatus(deviceId: string, options?: Options): Promise<HeatPumpStatus> {
    const path = `${V2}/devices/heat-pump/${segment(deviceId)}/status`;
    return this.http.json({ operationId: 'getHeatPumpStatus', method: 'GET', path, options });
  }

  /**
   * The unified status of any device.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getDeviceStatus
   * @example
   * ```ts
   * const { status } = await kilowise.devices.getStatus('dev-5b1f0c');
   * ```
   */
  async getStatus(deviceId: string, options?: Options): Promise<GetDeviceStatusResult> {
    return this.http.json({ operationId: 'getDeviceStatus', method: 'GET', path: `/v2/status/${segment(deviceId)}`, options });
  }

  /**
   * The last status of a vehicle: state of charge, range and charging status.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getVehicleStatus
   * @example
   * ```ts
   * const { soc, range, chargingStatus } = await kilowise.devices.getVehicleStatus('dev-5b1f0c');
   * ```
   */
  async getVehicleStatus(deviceId: string, options?: Options): Promise<VehicleStatus> {
    const path = `${V1}/devices/${segment(deviceId)}/status`;
    return this.http.json({ operationId: 'getVehicleStatus', method: 'GET', path, options });
  }

  /**
   * Whether a demand response event steers the device now.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getDemandResponse
   * @example
   * ```ts
   * const { active } = await kilowise.devices.getDemandResponse('dev-77a0d2');
   * ```
   */
  async getDemandResponse(deviceId: string, options?: Options): Promise<DemandResponse> {
    const path = `/v2/demand-response/${segment(deviceId)}`;
    return this.http.json({ operationId: 'getDemandResponse', method: 'GET', path, options });
  }
}

/** Smart charging of vehicles and chargers: `…/devices/{deviceId}/smart-charging/…`. */
export class SmartChargingApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Reads a vehicle's smart charging preferences.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found or has no preferences.
   * @apiOperation getEvPreferences
   * @example
   * ```ts
   * const preferences = await kilowise.smartCharging.getEvPreferences('dev-5b1f0c');
   * ```
   */
  async getEvPreferences(deviceId: string, options?: Options): Promise<VehiclePreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ev-preferences`;
    return this.http.json({ operationId: 'getEvPreferences', method: 'GET', path, options });
  }

  /**
   * Replaces a vehicle's smart charging preferences.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation updateEvPreferences
   * @example
   * ```ts
   * await kilowise.smartCharging.updateEvPreferences('dev-5b1f0c', {
   *   chargingBehavior: VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION,
   *   chargingLocationIds: ['loc-8c1e52'],
   *   readyTime: '07:00',
   *   targetSoC: 80,
   *   minimalSoC: 20,
   * });
   * ```
   */
  async updateEvPreferences(deviceId: string, preferences: VehiclePreferences, options?: Options): Promise<VehiclePreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ev-preferences`;
    return this.http.json({ operationId: 'updateEvPreferences', method: 'PUT', path, body: preferences, options });
  }

  /**
   * Reads a charger's smart charging preferences.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found or has no preferences.
   * @apiOperation getOcppChargerPreferences
   * @example
   * ```ts
   * const preferences = await kilowise.smartCharging.getOcppChargerPreferences('dev-77a0d2');
   * ```
   */
  async getOcppChargerPreferences(deviceId: string, options?: Options): Promise<OcppChargerPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ocpp-charger-preferences`;
    return this.http.json({ operationId: 'getOcppChargerPreferences', method: 'GET', path, options });
  }

  /**
   * Replaces a charger's smart charging preferences.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation updateOcppChargerPreferences
   * @example
   * ```ts
   * await kilowise.smartCharging.updateOcppChargerPreferences('dev-77a0d2', {
   *   chargingBehavior: ChargerChargingBehavior.SMART_CHARGE_ON,
   *   readyTime: '07:00',
   *   targetEnergyTransfer: { value: 30, unit: EnergyUnit.kWh },
   * });
   * ```
   */
  async updateOcppChargerPreferences(deviceId: string, preferences: OcppChargerPreferences, options?: Options): Promise<OcppChargerPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ocpp-charger-preferences`;
    return this.http.json({ operationId: 'updateOcppChargerPreferences', method: 'PUT', path, body: preferences, options });
  }

  /**
   * Lists a device's smart charging sessions, newest first.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getChargingSessions
   * @example
   * ```ts
   * const sessions = await kilowise.smartCharging.listSessions('dev-5b1f0c');
   * ```
   */
  async listSessions(deviceId: string, options?: Options): Promise<ChargingSession[]> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/sessions`;
    return this.http.json({ operationId: 'getChargingSessions', method: 'GET', path, options });
  }

  /**
   * The charging plan of the current session: kWh per hour.
   *
   * @throws {@link KilowiseApiError} 404 when the device has no schedule.
   * @apiOperation getChargingSchedule
   * @example
   * ```ts
   * const { hourlyCharges } = await kilowise.smartCharging.getSchedule('dev-5b1f0c');
   * ```
   */
  async getSchedule(deviceId: string, options?: Options): Promise<ChargingSchedule> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/schedule`;
    return this.http.json({ operationId: 'getChargingSchedule', method: 'GET', path, options });
  }

  /**
   * Starts charging at once. This switches smart charging off for the device.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation startCharging
   * @example
   * ```ts
   * await kilowise.smartCharging.startCharging('dev-5b1f0c');
   * ```
   */
  async startCharging(deviceId: string, options?: Options): Promise<void> {
    const path = `/v2/devices/${segment(deviceId)}/smart-charging/start-charging`;
    return this.http.empty({ operationId: 'startCharging', method: 'POST', path, options });
  }

  /**
   * Stops charging at once. This switches smart charging off for the device.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation stopCharging
   * @example
   * ```ts
   * await kilowise.smartCharging.stopCharging('dev-5b1f0c');
   * ```
   */
  async stopCharging(deviceId: string, options?: Options): Promise<void> {
    const path = `/v2/devices/${segment(deviceId)}/smart-charging/stop-charging`;
    return this.http.empty({ operationId: 'stopCharging', method: 'POST', path, options });
  }
}

/** Smart heating of heat pumps: `…/devices/{deviceId}/smart-heating/…`. */
export class SmartHeatingApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Reads a heat pump's smart heating preferences.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found or has no preferences.
   * @apiOperation getHeatingPreferences
   * @example
   * ```ts
   * const { minComfortLimit, maxComfortLimit } = await kilowise.smartHeating.getPreferences('dev-3c9e41');
   * ```
   */
  async getPreferences(deviceId: string, options?: Options): Promise<HeatingPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-heating/preferences`;
    return this.http.json({ operationId: 'getHeatingPreferences', method: 'GET', path, options });
  }

  /**
   * Changes some of a heat pump's smart heating preferences (a PATCH: fields left out keep their value).
   *
   * @throws {@link KilowiseApiError} 400 when the preferences are invalid or the device is not a heating device.
   * @apiOperation updateHeatingPreferences
   * @example
   * ```ts
   * await kilowise.smartHeating.updatePreferences('dev-3c9e41', {
   *   minComfortLimit: 19,
   *   maxComfortLimit: 23,
   *   heatingBehavior: HeatingBehavior.SMART_HEATING_ON,
   * });
   * ```
   */
  async updatePreferences(deviceId: string, preferences: HeatingPreferences, options?: Options): Promise<HeatingPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-heating/preferences`;
    return this.http.json({ operationId: 'updateHeatingPreferences', method: 'PATCH', path, body: preferences, options });
  }

  /**
   * Lists a heat pump's smart heating sessions.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getHeatingSessions
   * @example
   * ```ts
   * const sessions = await kilowise.smartHeating.listSessions('dev-3c9e41');
   * ```
   */
  async listSessions(deviceId: string, options?: Options): Promise<HeatingSession[]> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-heating/sessions`;
    return this.http.json({ operationId: 'getHeatingSessions', method: 'GET', path, options });
  }

  /**
   * The heating plan of the current session.
   *
   * @throws {@link KilowiseApiError} 404 when the device has no schedule.
   * @apiOperation getHeatingSchedule
   * @example
   * ```ts
   * const { steeringPeriods } = await kilowise.smartHeating.getSchedule('dev-3c9e41');
   * ```
   */
  async getSchedule(deviceId: string, options?: Options): Promise<HeatingSchedule> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-heating/schedule`;
    return this.http.json({ operationId: 'getHeatingSchedule', method: 'GET', path, options });
  }
}

/** Wallbox cloud accounts: `/v2/wallbox/…`. */
export class WallboxApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Links the user's Wallbox account.
   *
   * @throws {@link KilowiseApiError} 400 on invalid credentials or a malformed request.
   * @apiOperation registerWallboxAccount
   * @example
   * ```ts
   * await kilowise.wallbox.registerAccount({ username: 'anna@example.com', password: 'correct horse' }, { userId: 'user-4711' });
   * ```
   */
  async registerAccount(payload: RegisterWallboxAccountPayload, options?: Options): Promise<void> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'wallbox.registerAccount') };
    return this.http.empty({ operationId: 'registerWallboxAccount', method: 'POST', path: '/v2/wallbox/register-account', body: payload, userId, options });
  }

  /**
   * Lists the chargers in the user's Wallbox account.
   *
   * @apiOperation getWallboxChargers
   * @example
   * ```ts
   * const chargers = await kilowise.wallbox.listChargers({ userId: 'user-4711' });
   * ```
   */
  async listChargers(options?: Options): Promise<WallboxCharger[]> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'wallbox.listChargers') };
    return this.http.json({ operationId: 'getWallboxChargers', method: 'GET', path: '/v2/wallbox/chargers', userId, options });
  }
}

/** Vehicles linked through Enode: `/v2/telematica/…`. */
export class TelematicsApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Starts the Enode link flow and returns the URL to send the user to.
   *
   * @apiOperation registerTelematicsAccount
   * @example
   * ```ts
   * const { authorizationUrl } = await kilowise.telematics.registerAccount(
   *   { redirectUrl: 'https://app.example.com/vehicles/linked', region: 'SE', deviceType: 'VEHICLE' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async registerAccount(payload: RegisterEnodeVehiclePayload, options?: Options): Promise<EnodeVehicleAuthorizationUrl> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'telematics.registerAccount') };
    return this.http.json({ operationId: 'registerTelematicsAccount', method: 'POST', path: '/v2/telematica/register-account', body: payload, userId, options });
  }
}

/** Vehicles linked through Smartcar: `/v1/kilowise/devices/smartcar/…` and `/v2/kilowise/vehicles/smartcar/…`. */
export class SmartcarApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * The Smartcar URL to send the user to. `countryCode` defaults to `FI` and `mode` to `live`.
   *
   * @apiOperation getSmartcarAuthorizationUrl
   * @example
   * ```ts
   * const { authorizationUrl } = await kilowise.smartcar.getAuthorizationUrl({
   *   redirectUri: 'https://app.example.com/smartcar/callback',
   *   countryCode: 'SE',
   * });
   * ```
   */
  async getAuthorizationUrl(query: SmartcarAuthorizationQuery, options?: Options): Promise<SmartcarVehicleAuthorizationUrl> {
    return this.http.json({
      operationId: 'getSmartcarAuthorizationUrl',
      method: 'GET',
      path: `${V1}/devices/smartcar/authorization-url`,
      query: { redirectUri: query.redirectUri, manufacturer: query.manufacturer, countryCode: query.countryCode, mode: query.mode },
      options,
    });
  }

  /**
   * Connects the car Smartcar authorized. The user id goes in `x-user-id`.
   *
   * @apiOperation connectSmartcarVehicle
   * @example
   * ```ts
   * const { deviceId, status } = await kilowise.smartcar.connect(
   *   { authCode: 'c1a5e2b0-8d1e-4f7a-9f0b-2f6d1c3e4a5b', redirectUrl: 'https://app.example.com/smartcar/callback' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async connect(payload: RegisterSmartcarVehiclePayload, options?: Options): Promise<RegisterSmartcarVehicleResponse> {
    const userId = { in: 'smartcar-header' as const, value: this.http.userId(options, 'smartcar.connect') };
    return this.http.json({ operationId: 'connectSmartcarVehicle', method: 'POST', path: `${V1}/devices/smartcar/connect`, body: payload, userId, options });
  }

  /**
   * What a connected car supports. `forceRefresh` skips the cache.
   *
   * @throws {@link KilowiseApiError} 404 when the device is not found.
   * @apiOperation getSmartcarCapabilities
   * @example
   * ```ts
   * const capabilities = await kilowise.smartcar.getCapabilities('dev-5b1f0c', { forceRefresh: true });
   * ```
   */
  async getCapabilities(deviceId: string, query: { forceRefresh?: boolean } = {}, options?: Options): Promise<SmartcarCapability[]> {
    return this.http.json({
      operationId: 'getSmartcarCapabilities',
      method: 'GET',
      path: `${V1}/devices/smartcar/${segment(deviceId)}/capabilities`,
      query: { forceRefresh: query.forceRefresh },
      options,
    });
  }

  /**
   * Asks the car for fresh data. Resolves on `202 Accepted`; read the result with `devices.getVehicleStatus`.
   *
   * @throws {@link KilowiseApiError} 429 when updates were requested too often, 404 when the device is not found.
   * @apiOperation requestSmartcarStatusUpdate
   * @example
   * ```ts
   * await kilowise.smartcar.requestStatusUpdate('dev-5b1f0c');
   * ```
   */
  async requestStatusUpdate(deviceId: string, options?: Options): Promise<void> {
    const path = `${V1}/devices/smartcar/${segment(deviceId)}/status`;
    return this.http.empty({ operationId: 'requestSmartcarStatusUpdate', method: 'POST', path, options });
  }

  /**
   * The Smartcar-only status of a car.
   *
   * @deprecated Use `devices.getVehicleStatus`, which works for every vehicle integration.
   * @apiOperation getSmartcarStatus
   * @example
   * ```ts
   * const status = await kilowise.smartcar.getStatus('dev-5b1f0c');
   * ```
   */
  async getStatus(deviceId: string, options?: Options): Promise<VehicleStatus> {
    const path = `${V1}/devices/smartcar/${segment(deviceId)}/status`;
    return this.http.json({ operationId: 'getSmartcarStatus', method: 'GET', path, options });
  }

  /**
   * The makes Smartcar supports.
   *
   * @apiOperation getSmartcarMakes
   * @example
   * ```ts
   * const makes = await kilowise.smartcar.listMakes();
   * ```
   */
  async listMakes(options?: Options): Promise<string[]> {
    return this.http.json({ operationId: 'getSmartcarMakes', method: 'GET', path: `${V2}/vehicles/smartcar/makes`, options });
  }

  /**
   * Vehicle models filtered by capability: `supporting` all of some, `notSupporting` any of others.
   *
   * @apiOperation getVehiclesWithCapabilities
   * @example
   * ```ts
   * const models = await kilowise.smartcar.listVehicleCapabilities({
   *   supporting: [SmartcarCapability.READ_BATTERY_CAPACITY],
   *   notSupporting: [SmartcarCapability.EXECUTE_START_AND_STOP],
   * });
   * ```
   */
  async listVehicleCapabilities(
    filter: { supporting?: readonly CapabilityValue[]; notSupporting?: readonly CapabilityValue[] } = {},
    options?: Options,
  ): Promise<VehicleWithCapabilities[]> {
    return this.http.json({
      operationId: 'getVehiclesWithCapabilities',
      method: 'GET',
      path: `${V2}/vehicles/smartcar/capabilities`,
      query: { supporting: filter.supporting, not_supporting: filter.notSupporting },
      options,
    });
  }
}

/** Spot prices and bidding zones: `/v2/kilowise/spot-prices/…` and `/v2/kilowise/spot-price-areas`. */
export class SpotPricesApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Spot prices of an area, EUR per kWh, keyed by ISO 8601 hour.
   *
   * @throws {@link KilowiseApiError} 404 when no spot prices exist for the query.
   * @apiOperation getSpotPrices
   * @example
   * ```ts
   * const prices = await kilowise.spotPrices.get('SE3', {
   *   startDateTime: '2025-03-14T00:00:00+01:00',
   *   endDateTime: '2025-03-15T00:00:00+01:00',
   * });
   * ```
   */
  async get(areaId: string, query: SpotPriceQuery, options?: Options): Promise<SpotPrices> {
    return this.http.json({
      operationId: 'getSpotPrices',
      method: 'GET',
      path: `${V2}/spot-prices/${segment(areaId)}`,
      query: { startDateTime: query.startDateTime, endDateTime: query.endDateTime },
      options,
    });
  }

  /**
   * Sets test prices for an area, EUR per MWh (note: not per kWh), keyed by ISO 8601 hour.
   *
   * @throws {@link KilowiseApiError} 404 when the spot price area is not found.
   * @apiOperation setTestSpotPrices
   * @example
   * ```ts
   * await kilowise.spotPrices.setTestPrices('SE3', {
   *   '2025-03-14T00:00:00+01:00': 42.1,
   *   '2025-03-14T01:00:00+01:00': 38.7,
   * });
   * ```
   */
  async setTestPrices(areaId: string, pricesPerMwh: SpotPrices, options?: Options): Promise<void> {
    const path = `${V2}/spot-prices/${segment(areaId)}`;
    return this.http.empty({ operationId: 'setTestSpotPrices', method: 'POST', path, body: pricesPerMwh, options });
  }

  /**
   * The spot price areas of a country, or of one address with `postalCode`.
   *
   * @throws {@link KilowiseApiError} 404 when no spot price area is found.
   * @apiOperation getSpotPriceAreas
   * @example
   * ```ts
   * const [area] = await kilowise.spotPrices.listAreas({ countryCode: 'SE', postalCode: '11455' });
   * ```
   */
  async listAreas(query: { countryCode?: string; postalCode?: string } = {}, options?: Options): Promise<SpotPriceAreaDetails[]> {
    return this.http.json({
      operationId: 'getSpotPriceAreas',
      method: 'GET',
      path: `${V2}/spot-price-areas`,
      query: { countryCode: query.countryCode, postalCode: query.postalCode },
      options,
    });
  }
}

/** Countries and utility providers: `/v2/kilowise/countries`, `/v2/electrical-utility-providers`. */
export class ReferenceDataApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * The countries Kilowise serves, ISO 3166-1 alpha-2.
   *
   * @apiOperation getCountries
   * @example
   * ```ts
   * const countries = await kilowise.referenceData.listCountries(); // ['AT', 'DE', 'FI', 'SE']
   * ```
   */
  async listCountries(options?: Options): Promise<string[]> {
    return this.http.json({ operationId: 'getCountries', method: 'GET', path: `${V2}/countries`, options });
  }

  /**
   * The electricity network companies users can pick.
   *
   * @apiOperation getElectricalUtilityProviders
   * @example
   * ```ts
   * const providers = await kilowise.referenceData.listElectricalUtilityProviders();
   * ```
   */
  async listElectricalUtilityProviders(options?: Options): Promise<string[]> {
    return this.http.json({ operationId: 'getElectricalUtilityProviders', method: 'GET', path: '/v2/electrical-utility-providers', options });
  }
}

/** Partner OAuth account linking: `/v2/kilowise/oauth/…`. Parameters are agreed per partner. */
export class OAuthApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Starts an authorization and returns the Kilowise sign-in URL the API redirects to (server side only).
   *
   * @apiOperation authorize
   * @example
   * ```ts
   * const signInUrl = await kilowise.oauth.authorize({ state: 'b9d3f1' });
   * ```
   */
  async authorize(params: Record<string, string> = {}, options?: Options): Promise<string> {
    return this.http.location({ operationId: 'authorize', method: 'GET', path: `${V2}/oauth/authorize`, query: params, options });
  }

  /**
   * Exchanges the code your redirect received. The body and the response are agreed per partner.
   *
   * @apiOperation exchangeCode
   * @example
   * ```ts
   * const result = await kilowise.oauth.exchangeCode({ code: 'a1b2c3' });
   * ```
   */
  async exchangeCode(body: Record<string, unknown>, options?: Options): Promise<Record<string, unknown>> {
    return this.http.json({ operationId: 'exchangeCode', method: 'POST', path: `${V2}/oauth/code`, body, options });
  }
}

/**
 * The Kilowise partner API client. Methods are grouped by area, e.g. `kilowise.locations.list()`.
 *
 * @example
 * ```ts
 * import { KilowiseClient } from 'kilowise-client';
 *
 * const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: 'https://api.kilowise.io' });
 * const locations = await kilowise.locations.list({ userId: 'user-4711' });
 * ```
 */
export class KilowiseClient {
  readonly locations: LocationsApi;
  readonly userData: UserDataApi;
  readonly users: UsersApi;
  readonly devices: DevicesApi;
  readonly smartCharging: SmartChargingApi;
  readonly smartHeating: SmartHeatingApi;
  readonly wallbox: WallboxApi;
  readonly telematics: TelematicsApi;
  readonly smartcar: SmartcarApi;
  readonly spotPrices: SpotPricesApi;
  readonly referenceData: ReferenceDataApi;
  readonly oauth: OAuthApi;

  /** @throws {@link KilowiseUsageError} when `apiKey` is empty or `baseUrl` is not a URL. */
  constructor(configuration: ClientConfiguration) {
    const http = new Transport(configuration);
    this.locations = new LocationsApi(http);
    this.userData = new UserDataApi(http);
    this.users = new UsersApi(http);
    this.devices = new DevicesApi(http);
    this.smartCharging = new SmartChargingApi(http);
    this.smartHeating = new SmartHeatingApi(http);
    this.wallbox = new WallboxApi(http);
    this.telematics = new TelematicsApi(http);
    this.smartcar = new SmartcarApi(http);
    this.spotPrices = new SpotPricesApi(http);
    this.referenceData = new ReferenceDataApi(http);
    this.oauth = new OAuthApi(http);
  }
}
