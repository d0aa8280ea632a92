/** A bidding zone the sandbox knows, with the postal-code prefixes (two digits) it covers. */
export interface SpotPriceAreaEntry {
  id: string;
  name: string;
  countryCode: string;
  /** Inclusive ranges of the first two digits of the postal code; none: the whole country. */
  postalPrefixes?: [from: number, to: number][];
}

/**
 * The bidding zones of the countries Kilowise serves (the contract's `getCountries` example: AT, DE,
 * FI, SE). Sweden has four; the sandbox assigns them by the first two digits of the postal code, close
 * to the real split. Postal codes outside every range (e.g. 99999) have no area, as in the contract's
 * 400 example.
 */
export const SPOT_PRICE_AREAS: readonly SpotPriceAreaEntry[] = [
  { id: 'SE1', name: 'Luleå', countryCode: 'SE', postalPrefixes: [[94, 98]] },
  { id: 'SE2', name: 'Sundsvall', countryCode: 'SE', postalPrefixes: [[80, 93]] },
  {
    id: 'SE3',
    name: 'Stockholm',
    countryCode: 'SE',
    postalPrefixes: [
      [10, 19],
      [30, 79],
    ],
  },
  { id: 'SE4', name: 'Malmö', countryCode: 'SE', postalPrefixes: [[20, 29]] },
  { id: 'FI', name: 'Finland', countryCode: 'FI' },
  { id: 'DE-LU', name: 'Germany and Luxembourg', countryCode: 'DE' },
  { id: 'AT', name: 'Austria', countryCode: 'AT' },
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

const HOUR = 3_600_000;
/** Day-ahead prices are known until the end of the next day. */
const KNOWN_AHEAD_MS = 48 * HOUR;
const MAX_HOURS = 31 * 24;

/** `+01:00` from an ISO date-time, `Z` for UTC. */
function offsetOf(dateTime: string): { text: string; minutes: number } {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(dateTime);
  if (!match) return { text: 'Z', minutes: 0 };
  const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1);
  return { text: match[0], minutes };
}

/** An instant written in the given offset, as the contract's keys are: `2025-03-14T17:00:00+01:00`. */
export function formatInOffset(time: number, offset: { text: string; minutes: number }): string {
  return `${new Date(time + offset.minutes * 60_000).toISOString().slice(0, 19)}${offset.text === 'Z' ? 'Z' : offset.text}`;
}

/**
 * A plausible price in EUR per kWh for an hour: cheap at night, peaks in the morning and evening,
 * the same every time for the same area and hour, so a reader can compare calls.
 */
function modelledPrice(areaId: string, time: number): number {
  const hour = new Date(time).getUTCHours();
  const seed = [...areaId].reduce((sum, char) => sum + char.charCodeAt(0), 0) + Math.floor(time / HOUR);
  const curve =
    0.06 +
    0.05 * Math.max(0, Math.sin(((hour - 5) / 24) * 2 * Math.PI)) +
    0.04 * Math.max(0, Math.sin(((hour - 13) / 12) * Math.PI));
  return Math.round((curve + ((seed * 9301 + 49297) % 233280) / 233280 / 50) * 10_000) / 10_000;
}

/**
 * Hourly prices in EUR per kWh for `[start, end)`, keyed in the start's offset: test prices (posted
 * per MWh) where there are some, modelled prices elsewhere, none past the day-ahead horizon.
 */
export function spotPricesFor(
  areaId: string,
  start: string,
  end: string,
  testPricesPerMwh: Record<string, number>,
  now = Date.now(),
): Record<string, number> {
  const offset = offsetOf(start);
  const from = Math.ceil(Date.parse(start) / HOUR) * HOUR;
  const until = Math.min(Date.parse(end), now + KNOWN_AHEAD_MS, from + MAX_HOURS * HOUR);
  const tests = new Map(Object.entries(testPricesPerMwh).map(([key, value]) => [Date.parse(key), value]));
  const prices: Record<string, number> = {};
  for (let time = from; time < until; time += HOUR) {
    const test = tests.get(time);
    prices[formatInOffset(time, offset)] =
      test === undefined ? modelledPrice(areaId, time) : Math.round((test / 1000) * 100_000) / 100_000;
  }
  return prices;
}
