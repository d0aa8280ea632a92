import { segment, type Transport } from '../http';
import type { Options, TariffInfo, UserLocation } from '../types';
import { V2 } from './paths';
import { responses } from '../responses';

/** The user's saved locations: `/v2/kilowise/users/{userId}/locations`. */
export class LocationsApi {
  /** @hidden */
  constructor(private readonly http: Transport) {}

  private base(options: Options | undefined, method: string): string {
    return `${V2}/users/${segment(this.http.userId(options, method))}/locations`;
  }

  /**
   * Lists the user's locations.
   *
   * @apiOperation getLocations
   * @example
   * ```ts
   * const locations = await kilowise.locations.list({ userId: 'user-4711' });
   * ```
   */
  async list(options?: Options): Promise<UserLocation[]> {
    return this.http.json(
      { operationId: 'getLocations', method: 'GET', path: this.base(options, 'locations.list'), options },
      responses.locations,
    );
  }

  /**
   * Adds a location. Kilowise finds its spot price area from the address.
   *
   * @throws {@link KilowiseApiError} 400 when no spot price area is found for the location.
   * @apiOperation addLocation
   * @example
   * ```ts
   * const home = await kilowise.locations.add(
   *   {
   *     name: 'Home',
   *     coordinates: { latitude: 59.3293, longitude: 18.0686 },
   *     countryCode: 'SE',
   *     postalCode: '11455',
   *     streetAddress: 'Storgatan 1',
   *     city: 'Stockholm',
   *   },
   *   { userId: 'user-4711' },
   * );
   * console.log(home.id, home.spotPriceAreaId); // 'loc-8c1e52' 'SE3'
   * ```
   */
  async add(location: UserLocation, options?: Options): Promise<UserLocation> {
    return this.http.json(
      {
        operationId: 'addLocation',
        method: 'POST',
        path: this.base(options, 'locations.add'),
        body: location,
        options,
      },
      responses.location,
    );
  }

  /**
   * Replaces a location.
   *
   * @throws {@link KilowiseApiError} 400 when no spot price area is found, 404 when the user has no such location.
   * @apiOperation updateLocation
   * @example
   * ```ts
   * await kilowise.locations.update('loc-8c1e52', { ...home, name: 'Summer house' }, { userId: 'user-4711' });
   * ```
   */
  async update(locationId: string, location: UserLocation, options?: Options): Promise<UserLocation> {
    const path = `${this.base(options, 'locations.update')}/${segment(locationId)}`;
    return this.http.json(
      { operationId: 'updateLocation', method: 'PUT', path, body: location, options },
      responses.location,
    );
  }

  /**
   * Deletes a location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation deleteLocation
   * @example
   * ```ts
   * await kilowise.locations.remove('loc-8c1e52', { userId: 'user-4711' });
   * ```
   */
  async remove(locationId: string, options?: Options): Promise<void> {
    const path = `${this.base(options, 'locations.remove')}/${segment(locationId)}`;
    return this.http.empty({ operationId: 'deleteLocation', method: 'DELETE', path, options });
  }

  /**
   * Sets the electricity contract of a location and returns the location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation updateLocationTariffInfo
   * @example
   * ```ts
   * await kilowise.locations.setTariffInfo(
   *   'loc-8c1e52',
   *   { electricalUtilityProvider: 'Ellevio', meterId: '735999100000123456', tariff: 'Time-of-use' },
   *   { userId: 'user-4711' },
   * );
   * ```
   */
  async setTariffInfo(locationId: string, tariffInfo: TariffInfo, options?: Options): Promise<UserLocation> {
    const path = `${this.base(options, 'locations.setTariffInfo')}/${segment(locationId)}/tariff-info`;
    return this.http.json(
      { operationId: 'updateLocationTariffInfo', method: 'PUT', path, body: tariffInfo, options },
      responses.location,
    );
  }

  /**
   * Removes the electricity contract of a location.
   *
   * @throws {@link KilowiseApiError} 404 when the user has no such location.
   * @apiOperation deleteLocationTariffInfo
   * @example
   * ```ts
   * await kilowise.locations.removeTariffInfo('loc-8c1e52', { userId: 'user-4711' });
   * ```
   */
  async removeTariffInfo(locationId: string, options?: Options): Promise<void> {
    const path = `${this.base(options, 'locations.removeTariffInfo')}/${segment(locationId)}/tariff-info`;
    return this.http.empty({ operationId: 'deleteLocationTariffInfo', method: 'DELETE', path, options });
  }
}
