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
 *
 * @notInContract The contract leaves a device's `attributes` open (what the integration reports) and names no charge box or registration status. Kilowise does not promise `attributes.chargeBox`: read it as what an OCPP charger may report, and handle its absence and values not listed here.
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
 * The unit of a charger measurement.
 *
 * @example
 * ```ts
 * const { measurement } = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * if (measurement?.unit === ChargerMeasurementUnit.KW) console.log(`${measurement.value} kW`);
 * ```
 *
 * @notInContract The contract types a measurement's `unit` as a string (its example is `kW`) without a list of values: handle a unit not listed here.
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
 * The state of a smart charging or smart heating session. A charging session opens when charging starts (in the
 * first planned hour, or at `startCharging`), not when the schedule is made: /docs/smart-charging#sessions.
 *
 * @apiSchema SessionStatus
 * @example
 * ```ts
 * const sessions = await kilowise.smartCharging.listSessions('dev-5b1f0c');
 * const active = sessions.find((session) => session.status === ChargingSessionStatus.ACTIVE);
 * ```
 */
export enum ChargingSessionStatus {
  /** Charging has started and the session has not ended. It stays `ACTIVE` between planned hours. */
  ACTIVE = 'ACTIVE',
  /** The target was reached. */
  COMPLETE = 'COMPLETE',
  /** The session ended early: the cable was unplugged, or `stop-charging` was called. */
  INTERRUPTED = 'INTERRUPTED',
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
