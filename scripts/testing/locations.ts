// A location a partner adds, for the tests that check whose sandbox holds what: its name, "Cabin", is in no seed,
// so finding it in a list shows the write was kept, and its absence that it did not leak.
export const CABIN = {
  name: 'Cabin',
  coordinates: { latitude: 61.5, longitude: 16.4 },
  countryCode: 'SE',
  postalCode: '82050',
  streetAddress: 'Skogsvägen 1',
  city: 'Los',
} as const;
