import { type Transport } from '../http';
import type { Options } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

/** Countries and utility providers: `/v2/kilowise/countries`, `/v2/electrical-utility-providers`. */
export class ReferenceDataApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * The countries Kilowise serves, ISO 3166-1 alpha-2.
   *
   * @apiOperation getCountries
   * @example
   * ```ts
   * const countries = await kilowise.referenceData.listCountries(); // ['AT', 'DE', 'FI', 'SE']
   * ```
   */
  async listCountries(options?: Options): Promise<string[]> {
    return this.http.json(
      { operationId: 'getCountries', method: 'GET', path: `${V2}/countries`, options },
      responses.names,
    );
  }

  /**
   * The electricity network companies users can pick.
   *
   * @apiOperation getElectricalUtilityProviders
   * @example
   * ```ts
   * const providers = await kilowise.referenceData.listElectricalUtilityProviders();
   * ```
   */
  async listElectricalUtilityProviders(options?: Options): Promise<string[]> {
    return this.http.json(
      {
        operationId: 'getElectricalUtilityProviders',
        method: 'GET',
        path: '/v2/electrical-utility-providers',
        options,
      },
      responses.names,
    );
  }
}
