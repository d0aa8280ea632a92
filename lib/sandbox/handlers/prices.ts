import { inClockRange, parseDateTime } from '../domain/clock';
import { areaById, priceAt } from '../domain/prices';
import { ceilHour, HOUR_MS } from '../domain/zones';
import { findSpotPriceAreas, SPOT_PRICE_AREAS } from '../spot-price-areas';
import { asObject, commandAnswer, dateTime, fail, text, type Handler } from './context';

/** The longest period one price query may span in the sandbox. */
export const MAX_PRICE_DAYS = 31;
/** The largest test price either way, in EUR/MWh: far past any market's cap, well inside what JSON carries exactly. */
export const MAX_TEST_PRICE = 100_000;

export const priceHandlers: Record<string, Handler> = {
  getSpotPriceAreas: (c) => {
    const countryCode = text(c.params.countryCode);
    const postalCode = text(c.params.postalCode);
    const areas = findSpotPriceAreas(countryCode || undefined, postalCode || undefined);
    if (areas.length === 0)
      return fail(404, `No spot price area found for countryCode ${countryCode} and postalCode ${postalCode}`);
    return {
      status: 200,
      body: areas.map(({ id, name, countryCode: country }) => ({ id, name, countryCode: country })),
    };
  },
  getCountries: () => ({ status: 200, body: [...new Set(SPOT_PRICE_AREAS.map((area) => area.countryCode))].sort() }),
  getElectricalUtilityProviders: (c) => c.example(),
  /**
   * The hours of `[startDateTime, endDateTime)` whose prices are known on the sandbox's clock, keyed by the hour's
   * start in the area's own time zone: days of 23 and 25 hours come out as the zone has them.
   */
  getSpotPrices: (c) => {
    const areaId = text(c.params.areaId);
    const area = areaById(areaId);
    if (!area) return fail(404, `Spot price area ${areaId} not found`);
    const startText = text(c.params.startDateTime);
    const endText = text(c.params.endDateTime);
    const start = parseDateTime(startText);
    const end = parseDateTime(endText);
    if (start === undefined)
      return fail(400, `Parameter "startDateTime" (query) must be a date-time with an offset, got "${startText}"`);
    if (end === undefined)
      return fail(400, `Parameter "endDateTime" (query) must be a date-time with an offset, got "${endText}"`);
    if (!inClockRange(start) || !inClockRange(end))
      return fail(400, `The sandbox knows prices for the years 2000 to 2099 only, not ${startText} to ${endText}`);
    // The period is [start, end): one that ends where it starts, or before, is a bad query, not a period without prices.
    if (end <= start)
      return fail(
        400,
        `Parameters "startDateTime" and "endDateTime" (query): the end must be after the start, got ${startText} to ${endText}`,
      );
    if (end - start > MAX_PRICE_DAYS * 24 * HOUR_MS)
      return fail(400, `The sandbox serves at most ${MAX_PRICE_DAYS} days of prices in one request`);
    const prices: Record<string, number> = {};
    for (let hour = ceilHour(start); hour < end; hour += HOUR_MS) {
      const price = priceAt(area, hour, c.now, c.world.testPrices);
      if (price !== undefined) prices[dateTime(hour, area.timeZone)] = price;
    }
    if (Object.keys(prices).length === 0)
      return fail(404, `No spot prices for ${areaId} between ${startText} and ${endText}`);
    return { status: 200, body: prices };
  },
  /** Test prices in EUR per MWh, per hour (at most MAX_TEST_PRICE either way): they replace the generated ones, and every schedule there is made again. */
  setTestSpotPrices: (c) => {
    const areaId = text(c.params.areaId);
    if (!areaById(areaId)) return fail(404, `Spot price area ${areaId} not found`);
    const posted: [string, number][] = [];
    for (const [key, value] of Object.entries(asObject(c.body))) {
      const hour = parseDateTime(key);
      if (hour === undefined)
        return fail(
          400,
          `Request body: field "${key}" is not a date-time with an offset, such as 2025-03-15T01:00:00+01:00`,
        );
      if (hour % HOUR_MS !== 0) return fail(400, `Request body: field "${key}" is not the start of an hour`);
      if (!inClockRange(hour)) return fail(400, `Request body: field "${key}" is outside the years 2000 to 2099`);
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_TEST_PRICE)
        return fail(
          400,
          `Request body: field "${key}" must be a price in EUR/MWh from -${MAX_TEST_PRICE} to ${MAX_TEST_PRICE}`,
        );
      posted.push([String(hour), value]);
    }
    return commandAnswer(c, { type: 'set-test-prices', areaId, prices: Object.fromEntries(posted) }, () => ({
      status: 204,
    }));
  },
};
