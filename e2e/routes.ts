/** The guide routes the product promises, listed here apart from the content on purpose: a lost page fails a test. */
export const GUIDE_ROUTES = [
  '/',
  '/docs/account',
  '/docs/chargers',
  '/docs/locations',
  '/docs/prerequisites',
  '/docs/smart-charging',
  '/docs/spot-prices',
  '/docs/user-management',
  '/docs/user-tariff-info',
  '/docs/vehicles',
  '/docs/vehicles/enode',
  '/docs/vehicles/smartcar',
  '/sdk/getting-started',
  '/sdk/installation',
  '/sdk/prerequisites',
  '/sdk/packages/kilowise-brands',
  '/sdk/packages/kilowise-charts',
  '/sdk/packages/kilowise-ui',
  '/sdk/packages/kilowise-client',
  '/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration',
  '/sdk/packages/kilowise-client/charger-integration/wallbox-integration',
  '/sdk/packages/kilowise-client/vehicle-integration/enode',
  '/sdk/packages/kilowise-client/vehicle-integration/smartcar',
] as const;

/** The live playground of each SDK package. */
export const PACKAGE_PLAYGROUND_ROUTES = [
  '/sdk/packages/kilowise-client/playground',
  '/sdk/packages/kilowise-brands/playground',
  '/sdk/packages/kilowise-charts/playground',
  '/sdk/packages/kilowise-ui/playground',
] as const;
