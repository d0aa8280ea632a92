import type { SmartcarCapability } from '../enums';
import { segment, type Transport } from '../http';
import type {
  Options,
  RegisterSmartcarVehiclePayload,
  RegisterSmartcarVehicleResponse,
  SmartcarAuthorizationQuery,
  SmartcarVehicleAuthorizationUrl,
  VehicleStatus,
  VehicleWithCapabilities,
} from '../types';
import { V2, V1 } from './paths';
import { responses } from '../responses';

/** A capability given as the enum member or its string value. */
type CapabilityValue = SmartcarCapability | `${SmartcarCapability}`;

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
  async getAuthorizationUrl(
    query: SmartcarAuthorizationQuery,
    options?: Options,
  ): Promise<SmartcarVehicleAuthorizationUrl> {
    return this.http.json(
      {
        operationId: 'getSmartcarAuthorizationUrl',
        method: 'GET',
        path: `${V1}/devices/smartcar/authorization-url`,
        query: {
          redirectUri: query.redirectUri,
          manufacturer: query.manufacturer,
          countryCode: query.countryCode,
          mode: query.mode,
        },
        options,
      },
      responses.smartcarAuthorizationUrl,
    );
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
    return this.http.json(
      {
        operationId: 'connectSmartcarVehicle',
        method: 'POST',
        path: `${V1}/devices/smartcar/connect`,
        body: payload,
        userId,
        options,
      },
      responses.smartcarConnection,
    );
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
  async getCapabilities(
    deviceId: string,
    query: { forceRefresh?: boolean } = {},
    options?: Options,
  ): Promise<SmartcarCapability[]> {
    return this.http.json(
      {
        operationId: 'getSmartcarCapabilities',
        method: 'GET',
        path: `${V1}/devices/smartcar/${segment(deviceId)}/capabilities`,
        query: { forceRefresh: query.forceRefresh },
        options,
      },
      responses.smartcarCapabilities,
    );
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
    return this.http.json({ operationId: 'getSmartcarStatus', method: 'GET', path, options }, responses.vehicleStatus);
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
    return this.http.json(
      { operationId: 'getSmartcarMakes', method: 'GET', path: `${V2}/vehicles/smartcar/makes`, options },
      responses.names,
    );
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
    return this.http.json(
      {
        operationId: 'getVehiclesWithCapabilities',
        method: 'GET',
        path: `${V2}/vehicles/smartcar/capabilities`,
        query: { supporting: filter.supporting, not_supporting: filter.notSupporting },
        options,
      },
      responses.vehiclesWithCapabilities,
    );
  }
}
