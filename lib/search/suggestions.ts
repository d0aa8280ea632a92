/** Queries the empty search offers: one of each thing readers arrive with (concept, identifier, error). */
export const SEARCH_SUGGESTIONS = [
  'spot price',
  'register-charger',
  'SMART_CHARGE_AT_LOCATION',
  'Smartcar',
  'no spot price area',
] as const;
