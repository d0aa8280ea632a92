import { segment, type Transport } from '../http';
import type {
  DemandResponse,
  Device,
  GetDeviceStatusResult,
  HeatPumpStatus,
  OcppChargerStatus,
  Options,
  RegisterChargerPayload,
  VehicleStatus,
} from '../types';
import { V2, V1 } from './paths';
import { responses } from '../responses';

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
    return this.http.json(
      { operationId: 'getDevices', method: 'GET', path: `${V2}/devices`, userId, options },
      responses.devices,
    );
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
    return this.http.json(
      { operationId: 'getDevice', method: 'GET', path: `${V2}/devices/${segment(deviceId)}`, options },
      responses.device,
    );
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
    return this.http.empty({
      operationId: 'deleteDevice',
      method: 'DELETE',
      path: `${V2}/devices/${segment(deviceId)}`,
      options,
    });
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
    return this.http.json(
      {
        operationId: 'registerCharger',
        method: 'POST',
        path: `${V2}/devices/register-charger`,
        body: payload,
        userId,
        options,
      },
      responses.device,
    );
  }

  /**
   * The OCPP central system URL (SteVe) to configure in a charger set up by hand. The contract gives the URL and
   * nothing else: which charge point identity the charger connects with is in the chargers guide,
   * /docs/chargers#which-id-the-chargers-owner-types-in.
   *
   * @apiOperation getSteveUrl
   * @example
   * ```ts
   * const { url } = await kilowise.devices.getSteveUrl();
   * ```
   */
  async getSteveUrl(options?: Options): Promise<{ url: string }> {
    return this.http.json(
      { operationId: 'getSteveUrl', method: 'GET', path: `${V2}/devices/steve-url`, options },
      responses.steveUrl,
    );
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
    return this.http.json(
      { operationId: 'getOcppChargerStatus', method: 'GET', path, options },
      responses.ocppChargerStatus,
    );
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
    return this.http.json({ operationId: 'getHeatPumpStatus', method: 'GET', path, options }, responses.heatPumpStatus);
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
    return this.http.json(
      { operationId: 'getDeviceStatus', method: 'GET', path: `/v2/status/${segment(deviceId)}`, options },
      responses.deviceStatus,
    );
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
    return this.http.json({ operationId: 'getVehicleStatus', method: 'GET', path, options }, responses.vehicleStatus);
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
    return this.http.json({ operationId: 'getDemandResponse', method: 'GET', path, options }, responses.demandResponse);
  }
}
