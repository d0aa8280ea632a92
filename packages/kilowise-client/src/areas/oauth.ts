import { type Transport } from '../http';
import type { Options } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

/** Partner OAuth account linking: `/v2/kilowise/oauth/…`. Parameters are agreed per partner. */
export class OAuthApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Starts an authorization and returns the Kilowise sign-in URL the API redirects to (server side only).
   *
   * @apiOperation authorize
   * @example
   * ```ts
   * const signInUrl = await kilowise.oauth.authorize({ state: 'b9d3f1' });
   * ```
   */
  async authorize(params: Record<string, string> = {}, options?: Options): Promise<string> {
    return this.http.location({
      operationId: 'authorize',
      method: 'GET',
      path: `${V2}/oauth/authorize`,
      query: params,
      options,
    });
  }

  /**
   * Exchanges the code your redirect received. The body and the response are agreed per partner.
   *
   * @apiOperation exchangeCode
   * @example
   * ```ts
   * const result = await kilowise.oauth.exchangeCode({ code: 'a1b2c3' });
   * ```
   */
  async exchangeCode(body: Record<string, unknown>, options?: Options): Promise<Record<string, unknown>> {
    return this.http.json(
      { operationId: 'exchangeCode', method: 'POST', path: `${V2}/oauth/code`, body, options },
      responses.exchangeResult,
    );
  }
}
