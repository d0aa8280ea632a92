// The locations the tests add, in one place.

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

/** A location in Stockholm (area SE3), as a partner's code creates one. */
export const STOCKHOLM = {
  name: 'Home',
  coordinates: { latitude: 59.3293, longitude: 18.0686 },
  countryCode: 'SE',
  postalCode: '11455',
  streetAddress: 'Storgatan 12',
  city: 'Stockholm',
};

/** A location in Helsinki (area FI), whose zone is an hour ahead of Stockholm's. */
export const HELSINKI = {
  name: 'Koti',
  coordinates: { latitude: 60.1699, longitude: 24.9384 },
  countryCode: 'FI',
  postalCode: '00100',
  streetAddress: 'Mannerheimintie 1',
  city: 'Helsinki',
};
