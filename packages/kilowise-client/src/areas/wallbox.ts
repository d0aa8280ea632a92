import { type Transport } from '../http';
import type { Options, RegisterWallboxAccountPayload, WallboxCharger } from '../types';
import { responses } from '../responses';

/** Wallbox cloud accounts: `/v2/wallbox/…`. */
export class WallboxApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Links the user's Wallbox account.
   *
   * @throws {@link KilowiseApiError} 400 on invalid credentials or a malformed request.
   * @apiOperation registerWallboxAccount
   * @example
   * ```ts
   * await kilowise.wallbox.registerAccount({ username: 'anna@example.com', password: 'the-users-wallbox-password' }, { userId: 'user-4711' });
   * ```
   */
  async registerAccount(payload: RegisterWallboxAccountPayload, options?: Options): Promise<void> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'wallbox.registerAccount') };
    return this.http.empty({
      operationId: 'registerWallboxAccount',
      method: 'POST',
      path: '/v2/wallbox/register-account',
      body: payload,
      userId,
      options,
    });
  }

  /**
   * Lists the chargers in the user's Wallbox account.
   *
   * @apiOperation getWallboxChargers
   * @example
   * ```ts
   * const chargers = await kilowise.wallbox.listChargers({ userId: 'user-4711' });
   * ```
   */
  async listChargers(options?: Options): Promise<WallboxCharger[]> {
    const userId = { in: 'header' as const, value: this.http.userId(options, 'wallbox.listChargers') };
    return this.http.json(
      { operationId: 'getWallboxChargers', method: 'GET', path: '/v2/wallbox/chargers', userId, options },
      responses.wallboxChargers,
    );
  }
}
