// Example: Tomorrow's cheapest hours
import { KilowiseClient } from 'kilowise-client';

// Spot prices are EUR per kWh, keyed by the start of each hour. A day is the area's own: from its midnight to the
// next, which is 23 or 25 hours when the clocks change. Try 'FI' with 'Europe/Helsinki', or 'AT' with 'Europe/Vienna'.
const kilowise = new KilowiseClient({ apiKey: 'sandbox', baseUrl: 'https://api.kilowise.io' });
const area = 'SE3';
const timeZone = 'Europe/Stockholm';

/** The local midnight that starts a date (`2025-03-30`), with the offset in force then (clocks change at 01:00 UTC). */
function midnight(date: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T00:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = (name ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${date}T00:00:00${offset}`;
}

/** The local date `days` after today in the area's time zone. */
function localDate(days: number): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

export default async function run() {
  const prices = await kilowise.spotPrices.get(area, {
    startDateTime: midnight(localDate(1)),
    endDateTime: midnight(localDate(2)),
  });
  const cheapest = Object.entries(prices)
    .sort(([, a], [, b]) => a - b)
    .slice(0, 3)
    .map(
      ([hour, price]) =>
        `${new Date(hour).toLocaleTimeString('sv-SE', { timeZone, hour: '2-digit', minute: '2-digit' })}: ${(price * 100).toFixed(2)} c/kWh`,
    );
  return { hours: Object.keys(prices).length, cheapest };
}
