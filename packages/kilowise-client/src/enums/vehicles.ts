/**
 * The result of connecting a Smartcar vehicle.
 *
 * @apiSchema RegisterSmartcarVehicleStatus
 * @example
 * ```ts
 * const result = await kilowise.smartcar.connect({ authCode, redirectUrl }, { userId: 'user-4711' });
 * if (result.status === RegisterSmartcarVehicleStatus.ALREADY_ADDED) console.log('Already linked');
 * ```
 */
export enum RegisterSmartcarVehicleStatus {
  /** The vehicle was added; `deviceId` is its new id. */
  CREATED = 'CREATED',
  /** The vehicle was already linked to this user; `deviceId` is its existing id. */
  ALREADY_ADDED = 'ALREADY_ADDED',
  /** The vehicle is linked to another user. */
  CONFLICT = 'CONFLICT',
  /** Smartcar refused the request, for example the code expired; `message` says why. Start the flow again. */
  SMARTCAR_API_ERROR = 'SMARTCAR_API_ERROR',
  /** Kilowise could not finish the connection. Try again later, from the start of the flow (a new authorization URL and code); contact support if it persists. */
  INTERNAL_KILOWISE_ERROR = 'INTERNAL_KILOWISE_ERROR',
}

/**
 * The state of a vehicle's charging, as its maker reports it.
 *
 * @apiSchema VehicleChargingStatus
 * @example
 * ```ts
 * const status = await kilowise.devices.getVehicleStatus('dev-5b1f0c');
 * if (status.chargingStatus === VehicleChargingStatus.DISCONNECTED) remindToPlugIn();
 * ```
 */
export enum VehicleChargingStatus {
  /** The vehicle is charging. */
  CHARGING = 'CHARGING',
  /** The vehicle is plugged in but not charging. */
  NOT_CHARGING = 'NOT_CHARGING',
  /** The battery reached its charge limit. */
  COMPLETE = 'COMPLETE',
  /** No cable is connected. */
  DISCONNECTED = 'DISCONNECTED',
  /** A cable is connected. */
  PLUGGED = 'PLUGGED',
  /** Charging finished. */
  CHARGING_COMPLETED = 'CHARGING_COMPLETED',
}

/**
 * Vehicle capabilities that Smartcar reports per model.
 *
 * @apiSchema SmartcarCapability
 * @example
 * ```ts
 * const models = await kilowise.smartcar.listVehicleCapabilities({
 *   supporting: [SmartcarCapability.EXECUTE_START_AND_STOP],
 * });
 * ```
 */
export enum SmartcarCapability {
  /** The car reports where it is. */
  READ_LOCATION = 'READ_LOCATION',
  /** The car can be told to start and stop charging. */
  EXECUTE_START_AND_STOP = 'EXECUTE_START_AND_STOP',
  /** The car reports its battery capacity. */
  READ_BATTERY_CAPACITY = 'READ_BATTERY_CAPACITY',
}

/**
 * The drive train of a vehicle model.
 *
 * @apiSchema VehicleType
 * @example
 * ```ts
 * const batteryOnly = models.filter((model) => model.type === VehicleType.BEV);
 * ```
 */
export enum VehicleType {
  /** Battery electric vehicle. */
  BEV = 'BEV',
  /** Plug-in hybrid electric vehicle. */
  PHEV = 'PHEV',
}

/**
 * The environment a Smartcar authorization runs in.
 *
 * @example
 * ```ts
 * const { authorizationUrl } = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 *   mode: SmartcarMode.SIMULATED,
 * });
 * ```
 */
export enum SmartcarMode {
  /** Real vehicles. The default. */
  LIVE = 'live',
  /** Smartcar's simulated vehicles. */
  SIMULATED = 'simulated',
  /** Smartcar's test mode with made-up credentials. */
  TEST = 'test',
}
