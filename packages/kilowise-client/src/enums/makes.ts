/**
 * Charger makes Kilowise knows. Only `WALLBOX` can be registered through
 * `devices.registerCharger` today (the API's `ChargerVendor`): the contract has no call that registers a charger of
 * another make or links it to a user, so the chargers guide (/docs/chargers) asks you not to offer other makes yet.
 *
 * @example
 * ```ts
 * await kilowise.devices.registerCharger(
 *   { name: 'Garage', vendor: ChargerManufacturer.WALLBOX, vendorDeviceId: 'PLP1-0123456' },
 *   { userId: 'user-4711' },
 * );
 * ```
 *
 * @notInContract The contract types `vendor` as a string without a list of values; `getWallboxChargers` and the guides name `WALLBOX`. Handle a vendor not listed here.
 */
export enum ChargerManufacturer {
  /** Wallbox (Pulsar, Commander, Copper); registered through the maker's cloud. */
  WALLBOX = 'WALLBOX',
  /** Easee (Home, Charge). */
  EASEE = 'EASEE',
  /** Zaptec (Go, Pro). */
  ZAPTEC = 'ZAPTEC',
  /** ABB (Terra AC). */
  ABB = 'ABB',
  /** Alfen (Eve). */
  ALFEN = 'ALFEN',
  /** KEBA (KeContact P30). */
  KEBA = 'KEBA',
  /** CTEK (Chargestorm Connected). */
  CTEK = 'CTEK',
  /** Garo (GLB, Twinbox). */
  GARO = 'GARO',
  /** Schneider Electric (EVlink). */
  SCHNEIDER_ELECTRIC = 'SCHNEIDER_ELECTRIC',
}

/**
 * Vehicle makes, as Smartcar and Enode name them.
 *
 * @example
 * ```ts
 * const url = await kilowise.smartcar.getAuthorizationUrl({
 *   redirectUri: 'https://app.example.com/smartcar/callback',
 *   manufacturer: VehicleManufacturer.VOLVO,
 * });
 * ```
 *
 * @notInContract The contract leaves a device's `attributes` open (what the integration reports), `make` among them: handle a make not listed here.
 */
export enum VehicleManufacturer {
  AUDI = 'AUDI',
  BMW = 'BMW',
  CADILLAC = 'CADILLAC',
  CHEVROLET = 'CHEVROLET',
  CUPRA = 'CUPRA',
  FORD = 'FORD',
  HYUNDAI = 'HYUNDAI',
  JAGUAR = 'JAGUAR',
  KIA = 'KIA',
  LAND_ROVER = 'LAND_ROVER',
  MERCEDES_BENZ = 'MERCEDES_BENZ',
  MINI = 'MINI',
  NISSAN = 'NISSAN',
  PEUGEOT = 'PEUGEOT',
  POLESTAR = 'POLESTAR',
  PORSCHE = 'PORSCHE',
  RENAULT = 'RENAULT',
  SKODA = 'SKODA',
  TESLA = 'TESLA',
  TOYOTA = 'TOYOTA',
  VOLKSWAGEN = 'VOLKSWAGEN',
  VOLVO = 'VOLVO',
}
