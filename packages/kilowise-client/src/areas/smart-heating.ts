import { segment, type Transport } from '../http';
import type { HeatingPreferences, HeatingSchedule, HeatingSession, Options } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

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
    return this.http.json(
      { operationId: 'getHeatingPreferences', method: 'GET', path, options },
      responses.heatingPreferences,
    );
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
  async updatePreferences(
    deviceId: string,
    preferences: HeatingPreferences,
    options?: Options,
  ): Promise<HeatingPreferences> {
    const path = `${V2}/devices/${segment(deviceId)}/smart-heating/preferences`;
    return this.http.json(
      { operationId: 'updateHeatingPreferences', method: 'PATCH', path, body: preferences, options },
      responses.heatingPreferences,
    );
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
    return this.http.json(
      { operationId: 'getHeatingSessions', method: 'GET', path, options },
      responses.heatingSessions,
    );
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
    return this.http.json(
      { operationId: 'getHeatingSchedule', method: 'GET', path, options },
      responses.heatingSchedule,
    );
  }
}
