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
