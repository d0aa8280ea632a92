import type { ChargerChargingStatus, ChargerMeasurementUnit, DeviceStatus, VehicleChargingStatus } from '../enums';

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
 * const status = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * const online = isChargerOnline(status);
 * ```
 */
export interface OcppChargerStatus {
  statusTimestamp: string;
  status: ChargerChargingStatus;
  /** OCPP error code. @example 'NoError' */
  errorCode?: string;
  vendorId?: string;
  vendorErrorCode?: string;
  /** The last heartbeat; {@link isChargerOnline} tells from it whether the charger is online. */
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
