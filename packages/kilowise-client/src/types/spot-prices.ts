/**
 * Spot prices keyed by ISO 8601 hour. Reads are EUR per kWh; test prices are EUR per MWh.
 *
 * @example
 * ```ts
 * const prices: SpotPrices = await kilowise.spotPrices.get('SE3', { startDateTime: '2025-03-14T00:00:00+01:00', endDateTime: '2025-03-15T00:00:00+01:00' });
 * const [cheapestHour] = Object.entries(prices).sort(([, a], [, b]) => a - b)[0] ?? [];
 * ```
 */
export type SpotPrices = Record<string, number>;

/**
 * A bidding zone with spot prices.
 *
 * @apiSchema SpotPriceArea
 * @example
 * ```ts
 * const [area] = await kilowise.spotPrices.listAreas({ countryCode: 'SE', postalCode: '11455' });
 * console.log(area?.id, area?.name); // 'SE3' 'Stockholm'
 * ```
 */
export interface SpotPriceAreaDetails {
  /** @example 'SE3' */
  id: string;
  /** @example 'Stockholm' */
  name: string;
  /** @example 'SE' */
  countryCode: string;
}

/**
 * A time window of spot prices, ISO 8601 with offset.
 * @example
 * ```ts
 * const day: SpotPriceQuery = { startDateTime: '2025-03-14T00:00:00+01:00', endDateTime: '2025-03-15T00:00:00+01:00' };
 * const prices = await kilowise.spotPrices.get('SE3', day);
 * ```
 */
export interface SpotPriceQuery {
  /** @example '2025-03-14T00:00:00+01:00' */
  startDateTime: string;
  /** @example '2025-03-15T00:00:00+01:00' */
  endDateTime: string;
}
