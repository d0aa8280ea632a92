import type {
  RegisterSmartcarVehicleStatus,
  SmartcarCapability,
  SmartcarMode,
  VehicleManufacturer,
  VehicleType,
} from '../enums';

/**
 * A charger in the user's Wallbox account.
 *
 * @apiSchema WallboxCharger
 * @example
 * ```ts
 * const chargers = await kilowise.wallbox.listChargers({ userId: 'user-4711' });
 * ```
 */
export interface WallboxCharger {
  /** @example 412877 */
  id: number;
  /** @example 'PLP1-0123456' */
  uid: string;
  /** @example 'Garage' */
  name: string;
  /** @example 'Pulsar Plus' */
  chargerType: string;
  image?: string;
  lastConnection?: string;
  lastSync?: string;
  /** @example 'SE' */
  country?: string;
}

/**
 * A vehicle model and what Smartcar can do with it.
 *
 * @apiSchema VehicleWithCapabilities
 * @example
 * ```ts
 * const models = await kilowise.smartcar.listVehicleCapabilities({ supporting: [SmartcarCapability.EXECUTE_START_AND_STOP] });
 * const names = models.map((model) => `${model.make} ${model.model}`);
 * ```
 */
export interface VehicleWithCapabilities {
  /** @example 'VOLVO' */
  make: string;
  /** @example 'EX30' */
  model: string;
  /** @example { start: 2023, end: 2025 } */
  yearRange: { start: number; end?: number };
  type: VehicleType;
  capabilities: SmartcarCapability[];
}

/**
 * Credentials of a user's Wallbox account.
 *
 * @apiSchema RegisterWallboxAccountRequest
 * @example
 * ```ts
 * await kilowise.wallbox.registerAccount({ username: 'anna@example.com', password }, { userId: 'user-4711' });
 * ```
 */
export interface RegisterWallboxAccountPayload {
  /** @example 'anna@example.com' */
  username: string;
  password: string;
}

/**
 * Which makes the Enode link flow offers.
 *
 * @example
 * ```ts
 * const vendors: EnodeVehicleVendor = { brandSubset: [VehicleManufacturer.VOLVO, VehicleManufacturer.POLESTAR] };
 * ```
 */
export interface EnodeVehicleVendor {
  /** Open the flow on this make and skip the picker. */
  brand?: VehicleManufacturer;
  /** Offer only these makes. */
  brandSubset?: VehicleManufacturer[];
  /** Hide these makes. */
  excludeBrands?: VehicleManufacturer[];
}

/**
 * Starts the Enode link flow.
 *
 * @apiSchema RegisterTelematicsAccountRequest
 * @example
 * ```ts
 * const payload: RegisterEnodeVehiclePayload = {
 *   redirectUrl: 'https://app.example.com/vehicles/linked',
 *   region: 'SE',
 *   brandSubset: [VehicleManufacturer.VOLVO, VehicleManufacturer.POLESTAR],
 * };
 * ```
 */
export interface RegisterEnodeVehiclePayload extends EnodeVehicleVendor {
  /** Where the user lands when the flow ends. @example 'https://app.example.com/vehicles/linked' */
  redirectUrl: string;
  /** The user's region. @example 'SE' */
  region?: string;
  /** @example 'VEHICLE' */
  deviceType?: string;
  /** Offer Enode's simulated vehicles. @example false */
  devMode?: boolean;
}

/**
 * Where to send the user to link a car through Enode.
 *
 * @apiSchema AuthorizationUrl
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.telematics.registerAccount(
 *   { redirectUrl: 'https://app.example.com/vehicles/linked' },
 *   { userId: 'user-4711' },
 * );
 * window.location.assign(authorizationUrl);
 * ```
 */
export interface EnodeVehicleAuthorizationUrl {
  /** @example 'https://link.enode.io/?token=…' */
  authorizationUrl: string;
}

/**
 * Where to send the user to link a car through Smartcar.
 *
 * @apiSchema AuthorizationUrl
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 * });
 * ```
 */
export interface SmartcarVehicleAuthorizationUrl {
  /** @example 'https://connect.smartcar.com/oauth/authorize?response_type=code&country=SE&mode=live' */
  authorizationUrl: string;
}

/**
 * The query of the Smartcar authorization URL.
 *
 * @example
 * ```ts
 * const query: SmartcarAuthorizationQuery = { redirectUri: 'https://app.example.com/smartcar/callback', countryCode: 'SE' };
 * ```
 */
export interface SmartcarAuthorizationQuery {
  /** Where Smartcar sends the user back with `code`. */
  redirectUri: string;
  /** Skip Smartcar's brand picker. */
  manufacturer?: VehicleManufacturer;
  /** ISO 3166-1 alpha-2; the API defaults it to `FI`. */
  countryCode?: string;
  /** `live`, `simulated` or `test`; the API defaults it to `live`. */
  mode?: SmartcarMode | `${SmartcarMode}`;
}

/**
 * The code Smartcar sent to your redirect URL.
 *
 * @apiSchema RegisterSmartcarVehicleRequest
 * @example
 * ```ts
 * const code = new URL(request.url).searchParams.get('code') ?? '';
 * const payload: RegisterSmartcarVehiclePayload = { authCode: code, redirectUrl: 'https://app.example.com/smartcar/callback' };
 * ```
 */
export interface RegisterSmartcarVehiclePayload {
  /** The `code` query parameter of the redirect. */
  authCode: string;
  /** The same `redirectUri` the authorization URL was made with. */
  redirectUrl: string;
}

/**
 * The outcome of connecting a Smartcar vehicle.
 *
 * @apiSchema RegisterSmartcarVehicleResponse
 * @example
 * ```ts
 * const result = await kilowise.smartcar.connect(payload, { userId: 'user-4711' });
 * if (result.status === RegisterSmartcarVehicleStatus.CONFLICT) console.log(result.message);
 * ```
 */
export interface RegisterSmartcarVehicleResponse {
  /** @example 'dev-5b1f0c' */
  deviceId?: string;
  /** @example 'Vehicle added' */
  message: string;
  status: RegisterSmartcarVehicleStatus;
}
