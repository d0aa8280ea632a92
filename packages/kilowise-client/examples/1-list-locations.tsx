// Example: List a user's locations
import { KilowiseClient } from 'kilowise-client';

// Runs against the sandbox: it answers like the API, with the example user user-4711.
// The function's result is shown under the requests it sent.
const kilowise = new KilowiseClient({ apiKey: 'sandbox', baseUrl: 'https://api.kilowise.io', userId: 'user-4711' });

export default async function run() {
  const locations = await kilowise.locations.list();
  return locations.map(
    (location) =>
      `${location.name}: ${location.streetAddress}, ${location.city} (${location.spotPriceAreaId ?? 'no area'})`,
  );
}
