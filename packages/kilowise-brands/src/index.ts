/**
 * kilowise-brands: names, colours and logos of the vehicle and charger makes of the Kilowise partner API,
 * keyed by the `VehicleManufacturer` and `ChargerManufacturer` values the API and kilowise-client use.
 *
 * @packageDocumentation
 */
import type { Brand } from './brand';
import { monogramLogo } from './logo';
import { CHARGER_MAKES, VEHICLE_MAKES, type MakeEntry } from './makes';

export type { Brand, BrandLogo } from './brand';

/**
 * A vehicle make this release knows: a `VehicleManufacturer` value.
 *
 * @example
 * ```ts
 * const make: VehicleMake = 'VOLVO';
 * ```
 */
export type VehicleMake = keyof typeof VEHICLE_MAKES;

/**
 * A charger make this release knows: a `ChargerManufacturer` value.
 *
 * @example
 * ```ts
 * const make: ChargerMake = 'WALLBOX';
 * ```
 */
export type ChargerMake = keyof typeof CHARGER_MAKES;

function toBrands(makes: Record<string, MakeEntry>): Brand[] {
  return Object.entries(makes)
    .map(([id, make]) => ({
      id,
      name: make.name,
      color: make.color,
      logo: monogramLogo(make.name, make.initials, make.color),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * Every vehicle make, sorted by name.
 *
 * @example
 * ```ts
 * const options = vehicleBrands.map((brand) => ({ value: brand.id, label: brand.name }));
 * ```
 */
export const vehicleBrands: readonly Brand[] = toBrands(VEHICLE_MAKES);

/**
 * Every charger make, sorted by name.
 *
 * @example
 * ```ts
 * const wallbox = chargerBrands.find((brand) => brand.id === 'WALLBOX');
 * ```
 */
export const chargerBrands: readonly Brand[] = toBrands(CHARGER_MAKES);

const vehiclesById = new Map(vehicleBrands.map((brand) => [brand.id, brand]));
const chargersById = new Map(chargerBrands.map((brand) => [brand.id, brand]));

/**
 * The brand of a `VehicleManufacturer` value, such as a device's `attributes.make`; `undefined` for a make
 * this release does not know yet (new makes reach the API first). Never throws.
 *
 * @example
 * ```ts
 * const make = device.attributes.make ?? 'UNKNOWN';
 * const brand = getVehicleBrand(make) ?? fallbackBrand(make);
 * ```
 */
export function getVehicleBrand(id: string | null | undefined): Brand | undefined {
  return typeof id === 'string' ? vehiclesById.get(id) : undefined;
}

/**
 * The brand of a `ChargerManufacturer` value, such as a charger's `vendor`; `undefined` for a make this
 * release does not know yet. Never throws.
 *
 * @example
 * ```ts
 * console.log(getChargerBrand('WALLBOX')?.name); // 'Wallbox'
 * ```
 */
export function getChargerBrand(id: string | null | undefined): Brand | undefined {
  return typeof id === 'string' ? chargersById.get(id) : undefined;
}

/**
 * The grey of a make this release does not know: the colour of every `fallbackBrand`.
 *
 * @example
 * ```ts
 * const isKnown = (brand: Brand) => brand.color !== FALLBACK_COLOR;
 * ```
 */
export const FALLBACK_COLOR = '#5c6575';

/**
 * A neutral brand for a make this release does not know: its id in words (`LUCID_MOTORS` is
 * `Lucid Motors`), a grey monogram of its initials. Use it so that a new make still shows, never hides.
 *
 * @example
 * ```ts
 * const brand = getVehicleBrand('LUCID_MOTORS') ?? fallbackBrand('LUCID_MOTORS');
 * console.log(brand.name); // 'Lucid Motors'
 * ```
 */
export function fallbackBrand(id: string): Brand {
  const words = id.split(/[_\s-]+/).filter(Boolean);
  const name =
    words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ') || 'Unknown make';
  const initials = (words.length > 1 ? words.slice(0, 2).map((word) => word.charAt(0)) : [words[0]?.slice(0, 2) ?? '?'])
    .join('')
    .toUpperCase();
  return { id, name, color: FALLBACK_COLOR, logo: monogramLogo(name, initials, FALLBACK_COLOR) };
}
