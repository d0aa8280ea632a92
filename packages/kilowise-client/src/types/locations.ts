/**
 * A point on the map, in WGS 84 degrees.
 *
 * @apiSchema Coordinates
 * @example
 * ```ts
 * const stockholm: Coordinates = { latitude: 59.3293, longitude: 18.0686 };
 * ```
 */
export interface Coordinates {
  /** @example 59.3293 */
  latitude: number;
  /** @example 18.0686 */
  longitude: number;
}

/**
 * The electricity contract of a user or a location.
 *
 * @apiSchema TariffInfo
 * @example
 * ```ts
 * await kilowise.userData.update({ electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' });
 * ```
 */
export interface TariffInfo {
  /** The user's electricity network company. @example 'Ellevio' */
  electricalUtilityProvider?: string;
  /** The metering point id. @example '735999100000123456' */
  meterId?: string;
  /** The name of the user's tariff. @example 'Time-of-use' */
  tariff?: string;
}

/**
 * A place where a user charges or heats. Send it without `id` and `spotPriceAreaId`; responses carry both.
 *
 * @apiSchema UserLocation
 * @example
 * ```ts
 * const home: UserLocation = {
 *   name: 'Home',
 *   coordinates: { latitude: 59.3293, longitude: 18.0686 },
 *   countryCode: 'SE',
 *   postalCode: '11455',
 *   streetAddress: 'Storgatan 1',
 *   city: 'Stockholm',
 * };
 * ```
 */
export interface UserLocation {
  /** Set by Kilowise. @example 'loc-8c1e52' */
  readonly id?: string;
  /** @example 'Home' */
  name: string;
  coordinates: Coordinates;
  /** ISO 3166-1 alpha-2. @example 'SE' */
  countryCode: string;
  /** @example '11455' */
  postalCode: string;
  /** @example 'Storgatan 1' */
  streetAddress: string;
  /** @example 'Stockholm' */
  city: string;
  tariffInfo?: TariffInfo;
  /** The spot price area Kilowise found for the address. Set by Kilowise. @example 'SE3' */
  readonly spotPriceAreaId?: string;
}

/**
 * A location as it appeared inside vehicle preferences.
 *
 * @deprecated Use {@link VehiclePreferences.chargingLocationIds}.
 * @apiSchema ChargingLocation
 * @example
 * ```ts
 * const names = (preferences.chargingLocations ?? []).map((location) => location.name);
 * ```
 */
export interface ChargingLocation {
  /** @example 'loc-8c1e52' */
  id: string;
  /** @example 'Home' */
  name: string;
}
