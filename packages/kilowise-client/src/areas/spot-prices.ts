import { segment, type Transport } from '../http';
import type { Options, SpotPriceAreaDetails, SpotPriceQuery, SpotPrices } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

/** Spot prices and bidding zones: `/v2/kilowise/spot-prices/…` and `/v2/kilowise/spot-price-areas`. */
export class SpotPricesApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  /**
   * Spot prices of an area, EUR per kWh, keyed by ISO 8601 hour.
   *
   * @throws {@link KilowiseApiError} 404 when no spot prices exist for the query.
   * @apiOperation getSpotPrices
   * @example
   * ```ts
   * const prices = await kilowise.spotPrices.get('SE3', {
   *   startDateTime: '2025-03-14T00:00:00+01:00',
   *   endDateTime: '2025-03-15T00:00:00+01:00',
   * });
   * ```
   */
  async get(areaId: string, query: SpotPriceQuery, options?: Options): Promise<SpotPrices> {
    return this.http.json(
      {
        operationId: 'getSpotPrices',
        method: 'GET',
        path: `${V2}/spot-prices/${segment(areaId)}`,
        query: { startDateTime: query.startDateTime, endDateTime: query.endDateTime },
        options,
      },
      responses.spotPrices,
    );
  }

  /**
   * Sets test prices for an area, EUR per MWh (note: not per kWh), keyed by ISO 8601 hour.
   *
   * @throws {@link KilowiseApiError} 404 when the spot price area is not found.
   * @apiOperation setTestSpotPrices
   * @example
   * ```ts
   * await kilowise.spotPrices.setTestPrices('SE3', {
   *   '2025-03-14T00:00:00+01:00': 42.1,
   *   '2025-03-14T01:00:00+01:00': 38.7,
   * });
   * ```
   */
  async setTestPrices(areaId: string, pricesPerMwh: SpotPrices, options?: Options): Promise<void> {
    const path = `${V2}/spot-prices/${segment(areaId)}`;
    return this.http.empty({ operationId: 'setTestSpotPrices', method: 'POST', path, body: pricesPerMwh, options });
  }

  /**
   * The spot price areas of a country, or of one address with `postalCode`.
   *
   * @throws {@link KilowiseApiError} 404 when no spot price area is found.
   * @apiOperation getSpotPriceAreas
   * @example
   * ```ts
   * const [area] = await kilowise.spotPrices.listAreas({ countryCode: 'SE', postalCode: '11455' });
   * ```
   */
  async listAreas(
    query: { countryCode?: string; postalCode?: string } = {},
    options?: Options,
  ): Promise<SpotPriceAreaDetails[]> {
    return this.http.json(
      {
        operationId: 'getSpotPriceAreas',
        method: 'GET',
        path: `${V2}/spot-price-areas`,
        query: { countryCode: query.countryCode, postalCode: query.postalCode },
        options,
      },
      responses.spotPriceAreas,
    );
  }
}
