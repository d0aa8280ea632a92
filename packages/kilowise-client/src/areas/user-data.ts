import { segment, type Transport } from '../http';
import type { Options, TariffInfo } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

/** The user's own tariff data: `/v2/kilowise/users/{userId}/data`. */
export class UserDataApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  private path(options: Options | undefined, method: string): string {
    return `${V2}/users/${segment(this.http.userId(options, method))}/data`;
  }

  /**
   * Reads the user's tariff data.
   *
   * @apiOperation getUserData
   * @example
   * ```ts
   * const { electricalUtilityProvider, tariff } = await kilowise.userData.get({ userId: 'user-4711' });
   * ```
   */
  async get(options?: Options): Promise<TariffInfo> {
    return this.http.json(
      { operationId: 'getUserData', method: 'GET', path: this.path(options, 'userData.get'), options },
      responses.tariffInfo,
    );
  }

  /**
   * Replaces the user's tariff data.
   *
   * @apiOperation updateUserData
   * @example
   * ```ts
   * await kilowise.userData.update(
   *   { electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async update(data: TariffInfo, options?: Options): Promise<TariffInfo> {
    return this.http.json(
      {
        operationId: 'updateUserData',
        method: 'PUT',
        path: this.path(options, 'userData.update'),
        body: data,
        options,
      },
      responses.tariffInfo,
    );
  }

  /**
   * Deletes the user's tariff data.
   *
   * @apiOperation deleteUserData
   * @example
   * ```ts
   * await kilowise.userData.remove({ userId: 'user-4711' });
   * ```
   */
  async remove(options?: Options): Promise<void> {
    return this.http.empty({
      operationId: 'deleteUserData',
      method: 'DELETE',
      path: this.path(options, 'userData.remove'),
      options,
    });
  }
}
