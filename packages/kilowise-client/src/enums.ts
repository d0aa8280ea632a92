/**
 * The kind of a device registered with Kilowise.
 *
 * @apiSchema DeviceType
 * @example
 * ```ts
 * const vehicles = devices.filter((device) => device.type === DeviceType.VEHICLE);
 * ```
 */
export enum DeviceType {
  /** A car linked through a vehicle integration (Smartcar or Enode). */
  VEHICLE = 'VEHICLE',
  /** A charger connected over OCPP or a maker's cloud. */
  EV_CHARGER = 'EV_CHARGER',
  /** A heater or heat pump steered by smart heating. */
  HEATER = 'HEATER',
  /** A heating, ventilation and air-conditioning unit. */
  HVAC = 'HVAC',
  /** A solar or battery inverter. */
  INVERTER = 'INVERTER',
  /** An electric vehicle reported by a charger rather than linked on its own. */
  EV = 'EV',
}

/**
 * How a vehicle is linked to Kilowise. A subset of the API's device integrations.
 *
 * @apiSchema DeviceIntegration
 * @example
 * ```ts
 * const enodeCars = devices.filter((device) => device.integration === VehicleIntegration.TELEMATICA);
 * ```
 */
export enum VehicleIntegration {
  /** Linked through Smartcar's OAuth flow. */
  SMARTCAR = 'SMARTCAR',
  /** Linked through Enode, the telematics integration. */
  TELEMATICA = 'TELEMATICA',
}

/**
 * How a charger is connected to Kilowise. A subset of the API's device integrations: every charger,
 * Wallbox ones included, ends up talking OCPP to Kilowise.
 *
 * @apiSchema DeviceIntegration
 * @example
 * ```ts
 * const chargers = devices.filter((device) => device.integration === ChargerIntegration.OCPP);
 * ```
 */
export enum ChargerIntegration {
  /** The charger talks OCPP 1.6-J to Kilowise's central system. */
  OCPP = 'OCPP',
}

/**
 * How Kilowise charges a vehicle.
 *
 * @apiSchema VehicleChargingBehavior
 * @example
 * ```ts
 * await kilowise.smartCharging.updateEvPreferences('dev-5b1f0c', {
 *   chargingBehavior: VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION,
 *   chargingLocationIds: ['loc-8c1e52'],
 * });
 * ```
 */
export enum VehicleChargingBehavior {
  /** Smart charging is off: the car charges as soon as it is plugged in. */
  SMART_CHARGE_OFF = 'SMART_CHARGE_OFF',
  /** Smart charge only at the locations in `chargingLocationIds`. */
  SMART_CHARGE_AT_LOCATION = 'SMART_CHARGE_AT_LOCATION',
  /** Smart charge wherever the car is plugged in. */
  SMART_CHARGE_ANYWHERE = 'SMART_CHARGE_ANYWHERE',
}

/**
 * How Kilowise charges through an OCPP charger.
 *
 * @apiSchema ChargerChargingBehavior
 * @example
 * ```ts
 * await kilowise.smartCharging.updateOcppChargerPreferences('dev-77a0d2', {
 *   chargingBehavior: ChargerChargingBehavior.SMART_CHARGE_ON,
 * });
 * ```
 */
export enum ChargerChargingBehavior {
  /** The charger delivers power at once. */
  SMART_CHARGE_OFF = 'SMART_CHARGE_OFF',
  /** The charger follows the schedule Kilowise computes from spot prices. */
  SMART_CHARGE_ON = 'SMART_CHARGE_ON',
}

/**
 * The OCPP status of a charger's connector, as the charger last reported it.
 *
 * @apiSchema OcppStatus
 * @example
 * ```ts
 * const { status } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * if (status === ChargerChargingStatus.FAULTED) alertInstaller();
 * ```
 */
export enum ChargerChargingStatus {
  /** No vehicle is connected and the connector is free. */
  AVAILABLE = 'AVAILABLE',
  /** A vehicle is connected and the charger is getting ready. */
  PREPARING = 'PREPARING',
  /** Energy flows to the vehicle. */
  CHARGING = 'CHARGING',
  /** The session has stopped; the cable is still plugged in. */
  FINISHING = 'FINISHING',
  /** The vehicle paused charging, for example because it is full. */
  SUSPENDED_EV = 'SUSPENDED_EV',
  /** The charger paused charging, for example while waiting for a cheap hour. */
  SUSPENDED_EVSE = 'SUSPENDED_EVSE',
  /** The connector is reserved. */
  RESERVED = 'RESERVED',
  /** The charger reports an error; see `errorCode`. */
  FAULTED = 'FAULTED',
  /** The charger is out of service. */
  UNAVAILABLE = 'UNAVAILABLE',
}

/**
 * The outcome of a charge box's OCPP BootNotification, as answered by Kilowise's central system.
 *
 * @example
 * ```ts
 * if (charger.attributes.chargeBox?.registrationStatus === ChargeBoxRegistrationStatus.PENDING) {
 *   console.log('The charger has not finished connecting to Kilowise yet');
 * }
 * ```
 */
export enum ChargeBoxRegistrationStatus {
  /** The charge box is known and talks to Kilowise. */
  ACCEPTED = 'ACCEPTED',
  /** The charge box connected but its registration is not complete yet. */
  PENDING = 'PENDING',
  /** The charge box is not registered with Kilowise; check the OCPP URL and identity. */
  REJECTED = 'REJECTED',
}

/**
 * Charger makes Kilowise knows. Only `WALLBOX` can be registered through
 * `devices.registerCharger` today (the API's `ChargerVendor`); chargers of the other makes connect over
 * OCPP with the SteVe URL.
 *
 * @example
 * ```ts
 * await kilowise.devices.registerCharger(
 *   { name: 'Garage', vendor: ChargerManufacturer.WALLBOX, vendorDeviceId: 'PLP1-0123456' },
 *   { userId: 'user-4711' },
 * );
 * ```
 */
export enum ChargerManufacturer {
  /** Wallbox (Pulsar, Commander, Copper); registered through the maker's cloud. */
  WALLBOX = 'WALLBOX',
  /** Easee (Home, Charge). */
  EASEE = 'EASEE',
  /** Zaptec (Go, Pro). */
  ZAPTEC = 'ZAPTEC',
  /** ABB (Terra AC). */
  ABB = 'ABB',
  /** Alfen (Eve). */
  ALFEN = 'ALFEN',
  /** KEBA (KeContact P30). */
  KEBA = 'KEBA',
  /** CTEK (Chargestorm Connected). */
  CTEK = 'CTEK',
  /** Garo (GLB, Twinbox). */
  GARO = 'GARO',
  /** Schneider Electric (EVlink). */
  SCHNEIDER_ELECTRIC = 'SCHNEIDER_ELECTRIC',
}

/**
 * The unit of a charger measurement.
 *
 * @example
 * ```ts
 * const { measurement } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * if (measurement?.unit === ChargerMeasurementUnit.KW) console.log(`${measurement.value} kW`);
 * ```
 */
export enum ChargerMeasurementUnit {
  /** Power in watts. */
  W = 'W',
  /** Power in kilowatts. */
  KW = 'kW',
  /** Energy in watt-hours. */
  WH = 'Wh',
  /** Energy in kilowatt-hours. */
  KWH = 'kWh',
  /** Current in amperes. */
  A = 'A',
  /** Voltage in volts. */
  V = 'V',
}

/**
 * The state of a smart charging or smart heating session.
 *
 * @apiSchema SessionStatus
 * @example
 * ```ts
 * const sessions = await kilowise.smartCharging.listSessions('dev-5b1f0c');
 * const active = sessions.find((session) => session.status === ChargingSessionStatus.ACTIVE);
 * ```
 */
export enum ChargingSessionStatus {
  /** The session is running. */
  ACTIVE = 'ACTIVE',
  /** The session reached its target. */
  COMPLETE = 'COMPLETE',
  /** The session stopped early, for example because the cable was unplugged. */
  INTERRUPTED = 'INTERRUPTED',
}

/**
 * The unified status of any device.
 *
 * @apiSchema DeviceStatus
 * @example
 * ```ts
 * const { status } = await kilowise.devices.getStatus('dev-5b1f0c');
 * if (status === DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING) showNextChargeTime();
 * ```
 */
export enum DeviceStatus {
  /** The device was just registered and Kilowise is reading it for the first time. */
  INITIALIZATION = 'INITIALIZATION',
  /** No cable is connected. */
  CABLE_UNPLUGGED = 'CABLE_UNPLUGGED',
  /** A cable is connected; charging has not started. */
  CABLE_PLUGGED = 'CABLE_PLUGGED',
  /** Kilowise is computing the charging schedule. */
  CALCULATING_SCHEDULE = 'CALCULATING_SCHEDULE',
  /** A schedule exists and the next cheap hour has not come yet. */
  WAITING_FOR_SCHEDULED_CHARGING = 'WAITING_FOR_SCHEDULED_CHARGING',
  /** Charging now, in a scheduled hour. */
  SMART_CHARGING = 'SMART_CHARGING',
  /** The smart charging session reached its target. */
  SMART_CHARGING_COMPLETED = 'SMART_CHARGING_COMPLETED',
  /** Smart charging is off for this device. */
  SMART_CHARGING_DISABLED = 'SMART_CHARGING_DISABLED',
  /** Charging at once, after `startCharging` or below the minimal state of charge. */
  IMMEDIATE_CHARGING = 'IMMEDIATE_CHARGING',
  /** The status cannot be determined. */
  UNKNOWN = 'UNKNOWN',
  /** The device or its integration reports an error. */
  ERROR = 'ERROR',
  /** Charging was cancelled, for example by `stopCharging`. */
  CHARGING_CANCELLED = 'CHARGING_CANCELLED',
  /** Waiting for the charger's connector to report its state. */
  WAITING_FOR_CONNECTOR_STATE = 'WAITING_FOR_CONNECTOR_STATE',
  /** The device is not registered with its integration. */
  NOT_REGISTERED = 'NOT_REGISTERED',
  /** The device has not been heard from recently. */
  OFFLINE = 'OFFLINE',
  /** The device cannot charge, for example because of a charger fault. */
  UNABLE_TO_CHARGE = 'UNABLE_TO_CHARGE',
  /** Charging finished outside smart charging. */
  CHARGING_COMPLETED = 'CHARGING_COMPLETED',
}

/**
 * The unit of a state of charge: a share of the battery, or a driving range.
 *
 * @example
 * ```ts
 * await kilowise.smartCharging.updateOcppChargerPreferences('dev-77a0d2', {
 *   targetSoC: { value: 80, unit: Unit.PERCENT },
 * });
 * ```
 */
export enum Unit {
  /** Percent of the battery capacity. */
  PERCENT = 'PERCENT',
  /** Kilometres of range. */
  KM = 'KM',
}

/**
 * The unit of an energy transfer.
 *
 * @example
 * ```ts
 * const targetEnergyTransfer: EnergyTransfer = { value: 40, unit: EnergyUnit.kWh };
 * ```
 */
export enum EnergyUnit {
  /** Kilowatt-hours. */
  kWh = 'kWh',
}

/**
 * The result of connecting a Smartcar vehicle.
 *
 * @apiSchema RegisterSmartcarVehicleStatus
 * @example
 * ```ts
 * const result = await kilowise.smartcar.connect({ authCode, redirectUrl }, { userId: 'user-4711' });
 * if (result.status === RegisterSmartcarVehicleStatus.ALREADY_ADDED) console.log('Already linked');
 * ```
 */
export enum RegisterSmartcarVehicleStatus {
  /** The vehicle was added; `deviceId` is its new id. */
  CREATED = 'CREATED',
  /** The vehicle was already linked to this user; `deviceId` is its existing id. */
  ALREADY_ADDED = 'ALREADY_ADDED',
  /** The vehicle is linked to another user. */
  CONFLICT = 'CONFLICT',
  /** Smartcar refused the code or failed; `message` says why. Ask the user to try again. */
  SMARTCAR_API_ERROR = 'SMARTCAR_API_ERROR',
  /** Kilowise failed to store the vehicle. Retry later. */
  INTERNAL_KILOWISE_ERROR = 'INTERNAL_KILOWISE_ERROR',
}

/**
 * The state of a vehicle's charging, as its maker reports it.
 *
 * @apiSchema VehicleChargingStatus
 * @example
 * ```ts
 * const status = await kilowise.devices.getVehicleStatus('dev-5b1f0c');
 * if (status.chargingStatus === VehicleChargingStatus.DISCONNECTED) remindToPlugIn();
 * ```
 */
export enum VehicleChargingStatus {
  /** The vehicle is charging. */
  CHARGING = 'CHARGING',
  /** The vehicle is plugged in but not charging. */
  NOT_CHARGING = 'NOT_CHARGING',
  /** The battery reached its charge limit. */
  COMPLETE = 'COMPLETE',
  /** No cable is connected. */
  DISCONNECTED = 'DISCONNECTED',
  /** A cable is connected. */
  PLUGGED = 'PLUGGED',
  /** Charging finished. */
  CHARGING_COMPLETED = 'CHARGING_COMPLETED',
}

/**
 * Vehicle makes, as Smartcar and Enode name them.
 *
 * @example
 * ```ts
 * const url = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 *   manufacturer: VehicleManufacturer.VOLVO,
 * });
 * ```
 */
export enum VehicleManufacturer {
  AUDI = 'AUDI',
  BMW = 'BMW',
  CADILLAC = 'CADILLAC',
  CHEVROLET = 'CHEVROLET',
  CUPRA = 'CUPRA',
  FORD = 'FORD',
  HYUNDAI = 'HYUNDAI',
  JAGUAR = 'JAGUAR',
  KIA = 'KIA',
  LAND_ROVER = 'LAND_ROVER',
  MERCEDES_BENZ = 'MERCEDES_BENZ',
  MINI = 'MINI',
  NISSAN = 'NISSAN',
  PEUGEOT = 'PEUGEOT',
  POLESTAR = 'POLESTAR',
  PORSCHE = 'PORSCHE',
  RENAULT = 'RENAULT',
  SKODA = 'SKODA',
  TESLA = 'TESLA',
  TOYOTA = 'TOYOTA',
  VOLKSWAGEN = 'VOLKSWAGEN',
  VOLVO = 'VOLVO',
}

/**
 * Electricity market bidding zones with spot prices in Kilowise: the Nordic and Baltic zones, and the
 * central European areas the API serves. The value is the `areaId` of the spot price calls.
 *
 * @example
 * ```ts
 * const prices = await kilowise.spotPrices.get(SpotPriceArea.SE3, {
 *   startDateTime: '2025-03-14T00:00:00+01:00',
 *   endDateTime: '2025-03-15T00:00:00+01:00',
 * });
 * ```
 */
export enum SpotPriceArea {
  /** Sweden, Luleå. */
  SE1 = 'SE1',
  /** Sweden, Sundsvall. */
  SE2 = 'SE2',
  /** Sweden, Stockholm. */
  SE3 = 'SE3',
  /** Sweden, Malmö. */
  SE4 = 'SE4',
  /** Finland. */
  FI = 'FI',
  /** Norway, Oslo. */
  NO1 = 'NO1',
  /** Norway, Kristiansand. */
  NO2 = 'NO2',
  /** Norway, Trondheim. */
  NO3 = 'NO3',
  /** Norway, Tromsø. */
  NO4 = 'NO4',
  /** Norway, Bergen. */
  NO5 = 'NO5',
  /** Denmark, west of the Great Belt. */
  DK1 = 'DK1',
  /** Denmark, east of the Great Belt. */
  DK2 = 'DK2',
  /** Estonia. */
  EE = 'EE',
  /** Latvia. */
  LV = 'LV',
  /** Lithuania. */
  LT = 'LT',
  /** Austria. */
  AT = 'AT',
  /** Germany and Luxembourg. */
  DE_LU = 'DE-LU',
}

/**
 * Whether a heater follows the smart heating schedule.
 *
 * @apiSchema HeatingBehavior
 * @example
 * ```ts
 * await kilowise.smartHeating.updatePreferences('dev-3c9e41', { heatingBehavior: HeatingBehavior.SMART_HEATING_ON });
 * ```
 */
export enum HeatingBehavior {
  /** Heat more in cheap hours and less in expensive ones, within the comfort limits. */
  SMART_HEATING_ON = 'SMART_HEATING_ON',
  /** The heater runs on its own settings. */
  SMART_HEATING_OFF = 'SMART_HEATING_OFF',
}

/**
 * Vehicle capabilities that Smartcar reports per model.
 *
 * @apiSchema SmartcarCapability
 * @example
 * ```ts
 * const models = await kilowise.smartcar.listVehicleCapabilities({
 *   supporting: [SmartcarCapability.EXECUTE_START_AND_STOP],
 * });
 * ```
 */
export enum SmartcarCapability {
  /** The car reports where it is. */
  READ_LOCATION = 'READ_LOCATION',
  /** The car can be told to start and stop charging. */
  EXECUTE_START_AND_STOP = 'EXECUTE_START_AND_STOP',
  /** The car reports its battery capacity. */
  READ_BATTERY_CAPACITY = 'READ_BATTERY_CAPACITY',
}

/**
 * The drive train of a vehicle model.
 *
 * @apiSchema VehicleType
 * @example
 * ```ts
 * const batteryOnly = models.filter((model) => model.type === VehicleType.BEV);
 * ```
 */
export enum VehicleType {
  /** Battery electric vehicle. */
  BEV = 'BEV',
  /** Plug-in hybrid electric vehicle. */
  PHEV = 'PHEV',
}

/**
 * The environment a Smartcar authorization runs in.
 *
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 *   mode: SmartcarMode.SIMULATED,
 * });
 * ```
 */
export enum SmartcarMode {
  /** Real vehicles. The default. */
  LIVE = 'live',
  /** Smartcar's simulated vehicles. */
  SIMULATED = 'simulated',
  /** Smartcar's test mode with made-up credentials. */
  TEST = 'test',
}
