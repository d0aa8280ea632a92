/** A bidding zone the sandbox knows, with the postal-code prefixes (two digits) it covers. */
export interface SpotPriceAreaEntry {
  id: string;
  name: string;
  countryCode: string;
  /** Inclusive ranges of the first two digits of the postal code; none: the whole country. */
  postalPrefixes?: [from: number, to: number][];
  /** The IANA zone of the area's local time: its days, its ready times and the keys of its prices. */
  timeZone: string;
  /** The generated prices' mean level, in EUR per kWh. */
  level: number;
  /** How far sunny summer middays press the generated price down (0 to 1). */
  solar: number;
}

/**
 * The bidding zones of the countries Kilowise serves (the contract's `getCountries` example: AT, DE,
 * FI, SE). Sweden has four; the sandbox assigns them by the first two digits of the postal code, close
 * to the real split. Postal codes outside every range (e.g. 99999) have no area, as in the contract's
 * 400 example.
 */
export const SPOT_PRICE_AREAS: readonly SpotPriceAreaEntry[] = [
  {
    id: 'SE1',
    name: 'Luleå',
    countryCode: 'SE',
    postalPrefixes: [[94, 98]],
    timeZone: 'Europe/Stockholm',
    level: 0.035,
    solar: 0.05,
  },
  {
    id: 'SE2',
    name: 'Sundsvall',
    countryCode: 'SE',
    postalPrefixes: [[80, 93]],
    timeZone: 'Europe/Stockholm',
    level: 0.037,
    solar: 0.05,
  },
  {
    id: 'SE3',
    name: 'Stockholm',
    countryCode: 'SE',
    postalPrefixes: [
      [10, 19],
      [30, 79],
    ],
    timeZone: 'Europe/Stockholm',
    level: 0.062,
    solar: 0.12,
  },
  {
    id: 'SE4',
    name: 'Malmö',
    countryCode: 'SE',
    postalPrefixes: [[20, 29]],
    timeZone: 'Europe/Stockholm',
    level: 0.085,
    solar: 0.18,
  },
  { id: 'FI', name: 'Finland', countryCode: 'FI', timeZone: 'Europe/Helsinki', level: 0.07, solar: 0.1 },
  {
    id: 'DE-LU',
    name: 'Germany and Luxembourg',
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    level: 0.1,
    solar: 0.45,
  },
  { id: 'AT', name: 'Austria', countryCode: 'AT', timeZone: 'Europe/Vienna', level: 0.105, solar: 0.4 },
];

/** The areas of a country, narrowed to one by a postal code when the country has several. */
export function findSpotPriceAreas(countryCode?: string, postalCode?: string): SpotPriceAreaEntry[] {
  const inCountry = SPOT_PRICE_AREAS.filter((area) => !countryCode || area.countryCode === countryCode.toUpperCase());
  if (!postalCode) return inCountry;
  const prefix = Number(postalCode.replace(/\s/g, '').slice(0, 2));
  return inCountry.filter(
    (area) =>
      !area.postalPrefixes ||
      (Number.isInteger(prefix) && area.postalPrefixes.some(([from, to]) => prefix >= from && prefix <= to)),
  );
}

/** The one area of an address, or undefined when Kilowise would answer 400. */
export function spotPriceAreaOf(countryCode: string, postalCode: string): SpotPriceAreaEntry | undefined {
  const areas = findSpotPriceAreas(countryCode, postalCode);
  return areas.length === 1 ? areas[0] : undefined;
}
