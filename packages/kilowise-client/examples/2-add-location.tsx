// Example: Add a location and read it back
import { KilowiseClient } from 'kilowise-client';

// The sandbox remembers what you add until you reset it: run this twice and the list grows.
const kilowise = new KilowiseClient({ apiKey: 'sandbox', baseUrl: 'https://api.kilowise.io', userId: 'user-4711' });

export default async function run() {
  const added = await kilowise.locations.add({
    name: 'Summer house',
    coordinates: { latitude: 59.8586, longitude: 17.6389 },
    countryCode: 'SE',
    postalCode: '75310',
    streetAddress: 'Drottninggatan 4',
    city: 'Uppsala',
  });
  console.log('Kilowise found the spot price area', added.spotPriceAreaId);
  const all = await kilowise.locations.list();
  return { added, count: all.length };
}
