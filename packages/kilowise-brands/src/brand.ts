/**
 * A make's logo, as an inline SVG string: one variant for light backgrounds, one for dark ones.
 *
 * @example
 * ```tsx
 * <span className="logo-light" dangerouslySetInnerHTML={{ __html: brand.logo.light }} />
 * ```
 */
export interface BrandLogo {
  /** For light backgrounds. */
  light: string;
  /** For dark backgrounds. */
  dark: string;
}

/**
 * A vehicle or charger make: its id as the API names it, how to show it, and its logo.
 *
 * @example
 * ```ts
 * const volvo: Brand | undefined = getVehicleBrand('VOLVO');
 * console.log(volvo?.name, volvo?.color); // 'Volvo' '#003057'
 * ```
 */
export interface Brand {
  /** The API's value: a `VehicleManufacturer` or `ChargerManufacturer` of kilowise-client. */
  id: string;
  /** The make's name for people, e.g. `Mercedes-Benz`. */
  name: string;
  /** The brand colour, as `#rrggbb`; the logo's background. */
  color: string;
  /** A monogram of the make in its colour. */
  logo: BrandLogo;
}
