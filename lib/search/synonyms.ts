// The product's own synonyms: words partners use for the same thing the docs name differently. This is a
// reviewed list, not a thesaurus. Add a pair only when a query of the relevance set or of the partners' tuning set
// (lib/search/fixtures/) needs it, never for a held-out query, and the docs' own word is the one on the right; each
// pair works both ways.
//
// Each entry is a group of phrases that mean the same here. A query containing one of them is also run
// with each other phrase in its place, and a record counts by its best reading.
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['charge now', 'start charging'],
  ['rate limit', '429', 'too many requests'],
  ['migrate', 'upgrade'],
  ['key', 'api key'],
  ['remove', 'delete', 'disconnect'],
  ['sign out', 'log out', 'logout'],
  ['online', 'heartbeat'],
  ['offline', 'heartbeat'],
  ['immediately', 'now', 'right away', 'at once'],
  ['weekend', 'weekday specific'],
  ['per day', 'weekday specific'],
  ['at home', 'at location'],
  ['plan', 'schedule'],
  ['price zone', 'spot price area'],
  ['battery level', 'state of charge'],
  ['fast forward', 'advance the clock'],
  ['login link', 'authorization url'],
  ['deletes their account', 'delete user data'],
  ['leaves', 'delete user data'],
  ['steve', 'ocpp backend'],
  ['ev', 'vehicle'],
  ['car', 'vehicle'],
  ['without a key', 'sandbox'],
  ['should i use', 'should we use', 'which one to use', 'choosing'],
];
