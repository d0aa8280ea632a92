/**
 * Electricity market bidding zones with spot prices in Kilowise: the Nordic and Baltic zones, and the
 * central European areas the API serves. The value is the `areaId` of the spot price calls.
 *
 * @example
 * ```ts
 * const prices = await kilowise.spotPrices.get(SpotPriceArea.SE3, {
 *   startDateTime: '2025-03-14T00:00:00+01:00',
 *   endDateTime: '2025-03-15T00:00:00+01:00',
 * });
 * ```
 *
 * @notInContract The contract types an area id as a string; `getSpotPriceAreas` lists the areas served at run time. This is the SDK's list of today's areas: handle an id not listed here.
 */
export enum SpotPriceArea {
  /** Sweden, Luleå. */
  SE1 = 'SE1',
  /** Sweden, Sundsvall. */
  SE2 = 'SE2',
  /** Sweden, Stockholm. */
  SE3 = 'SE3',
  /** Sweden, Malmö. */
  SE4 = 'SE4',
  /** Finland. */
  FI = 'FI',
  /** Norway, Oslo. */
  NO1 = 'NO1',
  /** Norway, Kristiansand. */
  NO2 = 'NO2',
  /** Norway, Trondheim. */
  NO3 = 'NO3',
  /** Norway, Tromsø. */
  NO4 = 'NO4',
  /** Norway, Bergen. */
  NO5 = 'NO5',
  /** Denmark, west of the Great Belt. */
  DK1 = 'DK1',
  /** Denmark, east of the Great Belt. */
  DK2 = 'DK2',
  /** Estonia. */
  EE = 'EE',
  /** Latvia. */
  LV = 'LV',
  /** Lithuania. */
  LT = 'LT',
  /** Austria. */
  AT = 'AT',
  /** Germany and Luxembourg. */
  DE_LU = 'DE-LU',
}
