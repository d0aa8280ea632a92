import { segment, type Transport } from '../http';
import type { ChargingSchedule, ChargingSession, OcppChargerPreferences, Options, VehiclePreferences } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

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
    return this.http.json(
      { operationId: 'getEvPreferences', method: 'GET', path, options },
      responses.vehiclePreferences,
    );
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
  async updateEvPreferences(
    deviceId: string,
    preferences: VehiclePreferences,
    options?: Options,
  ): Promise<VehiclePreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ev-preferences`;
    return this.http.json(
      { operationId: 'updateEvPreferences', method: 'PUT', path, body: preferences, options },
      responses.vehiclePreferences,
    );
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
    return this.http.json(
      { operationId: 'getOcppChargerPreferences', method: 'GET', path, options },
      responses.ocppChargerPreferences,
    );
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
  async updateOcppChargerPreferences(
    deviceId: string,
    preferences: OcppChargerPreferences,
    options?: Options,
  ): Promise<OcppChargerPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-charging/ocpp-charger-preferences`;
    return this.http.json(
      { operationId: 'updateOcppChargerPreferences', method: 'PUT', path, body: preferences, options },
      responses.ocppChargerPreferences,
    );
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
    return this.http.json(
      { operationId: 'getChargingSessions', method: 'GET', path, options },
      responses.chargingSessions,
    );
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
    return this.http.json(
      { operationId: 'getChargingSchedule', method: 'GET', path, options },
      responses.chargingSchedule,
    );
  }

  /**
   * Starts charging at once. This switches smart charging off for the device. To go back, read the preferences
   * before you call it and send them back whole afterwards (a charger's with a fresh `currentSoC`): the steps are in
   * /docs/smart-charging#back-to-smart-charging-after-charge-now.
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
   * Stops charging at once. This switches smart charging off for the device, and ends the open session
   * `INTERRUPTED`.
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
