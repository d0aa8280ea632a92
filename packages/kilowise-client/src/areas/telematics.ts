import { type Transport } from '../http';
import type { EnodeVehicleAuthorizationUrl, Options, RegisterEnodeVehiclePayload } from '../types';
import { responses } from '../responses';

/** Vehicles linked through Enode: `/v2/telematica/…`. */
export class TelematicsApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Starts the Enode link flow and returns the URL to send the user to.
   *
   * @apiOperation registerTelematicsAccount
   * @example
   * ```ts
   * const { authorizationUrl } = await kilowise.telematics.registerAccount(
   *   { redirectUrl: 'https://app.example.com/vehicles/linked', region: 'SE', deviceType: 'VEHICLE' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async registerAccount(
    payload: RegisterEnodeVehiclePayload,
    options?: Options,
  ): Promise<EnodeVehicleAuthorizationUrl> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'telematics.registerAccount') };
    return this.http.json(
      {
        operationId: 'registerTelematicsAccount',
        method: 'POST',
        path: '/v2/telematica/register-account',
        body: payload,
        userId,
        options,
      },
      responses.enodeAuthorizationUrl,
    );
  }
}
