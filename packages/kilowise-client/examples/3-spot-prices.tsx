// Example: Tomorrow's cheapest hours
import { KilowiseClient } from 'kilowise-client';

// Spot prices are EUR per kWh, keyed by the start of each hour. Try another area, such as 'NO1'.
const kilowise = new KilowiseClient({ apiKey: 'sandbox', baseUrl: 'https://api.kilowise.io' });

export default async function run() {
  const start = new Date();
  start.setUTCHours(24, 0, 0, 0);
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  const prices = await kilowise.spotPrices.get('SE3', { startDateTime: start.toISOString(), endDateTime: end.toISOString() });
  const cheapest = Object.entries(prices)
    .sort(([, a], [, b]) => a - b)
    .slice(0, 3)
    .map(([hour, price]) => `${hour}: ${(price * 100).toFixed(2)} c/kWh`);
  return { hours: Object.keys(prices).length, cheapest };
}
