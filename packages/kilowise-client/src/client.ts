import { Transport } from './http';
import { LocationsApi } from './areas/locations';
import { UserDataApi } from './areas/user-data';
import { UsersApi } from './areas/users';
import { DevicesApi } from './areas/devices';
import { SmartChargingApi } from './areas/smart-charging';
import { SmartHeatingApi } from './areas/smart-heating';
import { WallboxApi } from './areas/wallbox';
import { TelematicsApi } from './areas/telematics';
import { SmartcarApi } from './areas/smartcar';
import { SpotPricesApi } from './areas/spot-prices';
import { ReferenceDataApi } from './areas/reference-data';
import { OAuthApi } from './areas/oauth';
import type { ClientConfiguration } from './types';

export { LocationsApi } from './areas/locations';
export { UserDataApi } from './areas/user-data';
export { UsersApi } from './areas/users';
export { DevicesApi } from './areas/devices';
export { SmartChargingApi } from './areas/smart-charging';
export { SmartHeatingApi } from './areas/smart-heating';
export { WallboxApi } from './areas/wallbox';
export { TelematicsApi } from './areas/telematics';
export { SmartcarApi } from './areas/smartcar';
export { SpotPricesApi } from './areas/spot-prices';
export { ReferenceDataApi } from './areas/reference-data';
export { OAuthApi } from './areas/oauth';

/**
 * The Kilowise partner API client. Methods are grouped by area, e.g. `kilowise.locations.list()`.
 *
 * @example
 * ```ts
 * import { KilowiseClient } from 'kilowise-client';
 *
 * const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: 'https://api.kilowise.io' });
 * const locations = await kilowise.locations.list({ userId: 'user-4711' });
 * ```
 */
export class KilowiseClient {
  readonly locations: LocationsApi;
  readonly userData: UserDataApi;
  readonly users: UsersApi;
  readonly devices: DevicesApi;
  readonly smartCharging: SmartChargingApi;
  readonly smartHeating: SmartHeatingApi;
  readonly wallbox: WallboxApi;
  readonly telematics: TelematicsApi;
  readonly smartcar: SmartcarApi;
  readonly spotPrices: SpotPricesApi;
  readonly referenceData: ReferenceDataApi;
  readonly oauth: OAuthApi;

  /** @throws {@link KilowiseUsageError} when `apiKey` is empty or `baseUrl` is not a URL. */
  constructor(configuration: ClientConfiguration) {
    const http = new Transport(configuration);
    this.locations = new LocationsApi(http);
    this.userData = new UserDataApi(http);
    this.users = new UsersApi(http);
    this.devices = new DevicesApi(http);
    this.smartCharging = new SmartChargingApi(http);
    this.smartHeating = new SmartHeatingApi(http);
    this.wallbox = new WallboxApi(http);
    this.telematics = new TelematicsApi(http);
    this.smartcar = new SmartcarApi(http);
    this.spotPrices = new SpotPricesApi(http);
    this.referenceData = new ReferenceDataApi(http);
    this.oauth = new OAuthApi(http);
  }
}
