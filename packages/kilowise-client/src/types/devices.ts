import type {
  ChargeBoxRegistrationStatus,
  ChargerChargingStatus,
  ChargerIntegration,
  ChargerManufacturer,
  DeviceType,
  VehicleIntegration,
  VehicleManufacturer,
} from '../enums';

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
 *
 * @notInContract The contract leaves a device's `attributes` open (what the integration reports) and names no charge box: `attributes.chargeBox` is there only when a charger reports it, with the fields it reports.
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
  /** What an OCPP charger may report of its charge box; not in the API contract (see ChargerChargeBox). */
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

/**
 * Any device: a vehicle, a charger, or a heating device with open attributes. Narrow it by `type`.
 *
 * @example
 * ```ts
 * const devices: Device[] = await kilowise.devices.list();
 * const vehicles = devices.filter((device): device is Vehicle => device.type === DeviceType.VEHICLE);
 * ```
 */
export type Device =
  | Vehicle
  | Charger
  | (DeviceBase & { integration: string; attributes?: Record<string, unknown>; settings?: Record<string, unknown> });

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
