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
  /** An electric vehicle reported by a charger rather than linked on its own. The sandbox makes none. */
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
 * The unified smart charging status of a vehicle or charger. Each member's comment is its row of the status table in
 * the smart charging guide (/docs/smart-charging#status-schedule-and-session), which also says what the schedule
 * answers and whether a session is open in it.
 *
 * @apiSchema DeviceStatus
 * @example
 * ```ts
 * const { status } = await kilowise.devices.getStatus('dev-5b1f0c');
 * if (status === DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING) showNextChargeTime();
 * ```
 */
export enum DeviceStatus {
  /** Named by the contract only. Read as: Kilowise is still setting the device up. */
  INITIALIZATION = 'INITIALIZATION',
  /** The cable is not plugged in. For a charger: no car is plugged in at it, with preferences or without. */
  CABLE_UNPLUGGED = 'CABLE_UNPLUGGED',
  /** Plugged in where smart charging does not apply: with `SMART_CHARGE_AT_LOCATION`, away from all of its `chargingLocationIds`; or with no spot price area to plan in. */
  CABLE_PLUGGED = 'CABLE_PLUGGED',
  /** Plugged in a moment ago; Kilowise is making the schedule (a few seconds). */
  CALCULATING_SCHEDULE = 'CALCULATING_SCHEDULE',
  /**
   * The schedule is made and nothing charges now: no planned hour is running, or (in the sandbox) a charger went
   * offline in a planned hour and its last heartbeat is under 10 minutes old. The sandbox stops such a charger's
   * charging at once and reports this status (a `status-changed` event) until it is `OFFLINE`; the status
   * `timestamp` stays at its last report or heartbeat.
   */
  WAITING_FOR_SCHEDULED_CHARGING = 'WAITING_FOR_SCHEDULED_CHARGING',
  /** Charging in a planned hour. Below `minimalSoC` the schedule's first hours charge at once, whatever the price, and this is still the status. */
  SMART_CHARGING = 'SMART_CHARGING',
  /** At or above `targetSoC`. */
  SMART_CHARGING_COMPLETED = 'SMART_CHARGING_COMPLETED',
  /** Plugged in with `chargingBehavior` `SMART_CHARGE_OFF` or no preferences, also after `stop-charging`. */
  SMART_CHARGING_DISABLED = 'SMART_CHARGING_DISABLED',
  /** Charging at full power after `start-charging`, whatever the price. */
  IMMEDIATE_CHARGING = 'IMMEDIATE_CHARGING',
  /** Named by the contract only. Read as: Kilowise cannot tell the device's state now. */
  UNKNOWN = 'UNKNOWN',
  /** The charger reports a fault (its OCPP `errorCode`, on the charger's status). */
  ERROR = 'ERROR',
  /** Named by the contract only. */
  CHARGING_CANCELLED = 'CHARGING_CANCELLED',
  /** Named by the contract only. */
  WAITING_FOR_CONNECTOR_STATE = 'WAITING_FOR_CONNECTOR_STATE',
  /** Named by the contract only. */
  NOT_REGISTERED = 'NOT_REGISTERED',
  /** Kilowise cannot reach the device: a car whose connection is lost, or a charger whose last heartbeat is 10 minutes old, or that never sent one. */
  OFFLINE = 'OFFLINE',
  /** Named by the contract only. */
  UNABLE_TO_CHARGE = 'UNABLE_TO_CHARGE',
  /** A `start-charging` charge ended with the battery full. */
  CHARGING_COMPLETED = 'CHARGING_COMPLETED',
}
