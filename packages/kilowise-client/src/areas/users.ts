import { segment, type Transport } from '../http';
import type { Options } from '../types';
import { V2 } from './paths';

/** User sessions: `/v2/kilowise/users/{userId}/sign-out`. */
export class UsersApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Signs the user out of Kilowise on every device.
   *
   * @apiOperation signOut
   * @example
   * ```ts
   * await kilowise.users.signOut({ userId: 'user-4711' });
   * ```
   */
  async signOut(options?: Options): Promise<void> {
    const path = `${V2}/users/${segment(this.http.userId(options, 'users.signOut'))}/sign-out`;
    return this.http.empty({ operationId: 'signOut', method: 'POST', path, options });
  }
}
