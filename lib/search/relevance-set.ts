// The relevance set: queries as partners type them while integrating, each with the results that answer
// it. They were written from the product's tasks (the guides' flows, the errors partners meet, the
// identifiers they copy from code), not from the index's records. lib/search/relevance.test.ts runs the
// whole set through the engine the browser uses, on the site's real index, and the bench prints the
// figures and every miss.
//
// To add a query: append it to its kind's list below with the URLs that answer it. An answer is a URL as
// search results give it (`/docs/page#section`, `/api#operation/id`), or a prefix ending in `*` for any
// section of a page. The test fails when an answer matches no record of the index, so a renamed page or
// heading shows up here rather than as a silent miss.

/** What sort of query it is; every kind is represented, and the bench breaks the figures down by kind. */
export const QUERY_KINDS = ['task', 'identifier', 'enum', 'error', 'unit', 'question', 'typo'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface RelevanceQuery {
  query: string;
  kind: QueryKind;
  /** The results that answer the query: a hit is any of them in the ranked results. */
  answers: readonly string[];
}

const CLIENT_TYPES = '/sdk/packages/kilowise-client/typedoc';

const op = (operationId: string) => `/api#operation/${operationId}`;
const schema = (name: string) => `/api#schema/${name}`;

const queries = (kind: QueryKind, entries: readonly (readonly [string, readonly string[]])[]): RelevanceQuery[] =>
  entries.map(([query, answers]) => ({ query, kind, answers }));

export const RELEVANCE_SET: readonly RelevanceQuery[] = [
  ...queries('task', [
    [
      'charge now',
      ['/docs/smart-charging#charge-now', op('startCharging'), '/docs/recipes/charge-now-and-back-to-smart'],
    ],
    [
      'start charging',
      ['/docs/smart-charging#charge-now', op('startCharging'), '/docs/recipes/charge-now-and-back-to-smart'],
    ],
    ['stop charging', [op('stopCharging'), '/docs/smart-charging#charge-now']],
    ['set ready time', ['/docs/smart-charging#vehicle-preferences', op('updateEvPreferences')]],
    [
      'set target state of charge',
      ['/docs/smart-charging#vehicle-preferences', op('updateEvPreferences'), op('updateOcppChargerPreferences')],
    ],
    [
      'turn off smart charging',
      [
        '/docs/smart-charging#vehicle-preferences',
        '/docs/smart-charging#charger-preferences',
        '/docs/chargers#charger-preferences',
        op('updateEvPreferences'),
        op('updateOcppChargerPreferences'),
      ],
    ],
    [
      'link a wallbox',
      [
        '/docs/chargers#link-a-wallbox-account',
        op('registerWallboxAccount'),
        '/docs/recipes/link-wallbox-account',
        '/sdk/packages/kilowise-client/charger-integration/wallbox-integration*',
      ],
    ],
    [
      'register an ocpp charger',
      [
        '/docs/chargers#register-an-ocpp-charger',
        op('registerCharger'),
        '/docs/recipes/onboard-ocpp-charger',
        '/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration*',
      ],
    ],
    [
      'connect a smartcar vehicle',
      [
        '/docs/vehicles/smartcar*',
        op('connectSmartcarVehicle'),
        '/docs/recipes/first-smart-charging-smartcar',
        '/sdk/packages/kilowise-client/vehicle-integration/smartcar*',
      ],
    ],
    [
      'smartcar authorization url',
      [
        '/docs/vehicles/smartcar#get-the-authorization-url',
        op('getSmartcarAuthorizationUrl'),
        '/sdk/packages/kilowise-client/vehicle-integration/smartcar#1-get-the-authorization-url',
      ],
    ],
    [
      'enode link flow',
      [
        '/docs/vehicles/enode*',
        op('registerTelematicsAccount'),
        '/sdk/packages/kilowise-client/vehicle-integration/enode*',
      ],
    ],
    [
      'spot price area',
      [
        '/docs/spot-prices#find-the-spot-price-area',
        op('getSpotPriceAreas'),
        '/docs/locations#finding-the-spot-price-area-yourself',
      ],
    ],
    ['read spot prices', ['/docs/spot-prices#read-prices', '/docs/spot-prices', op('getSpotPrices')]],
    [
      'spot prices for a location',
      ['/docs/recipes/spot-prices-for-a-location', '/docs/spot-prices*', op('getSpotPrices')],
    ],
    ['post test prices', ['/docs/spot-prices#post-test-prices', op('setTestSpotPrices')]],
    ['add a location', ['/docs/locations#add-a-location', op('addLocation')]],
    ['update a location', ['/docs/locations#update-a-location', op('updateLocation')]],
    ['delete a location', ['/docs/locations#delete-a-location', op('deleteLocation')]],
    ['list devices', ['/docs/user-management#list-a-users-devices', op('getDevices')]],
    [
      'remove a device',
      ['/docs/user-management#read-or-remove-one-device', op('deleteDevice'), '/docs/vehicles/enode#removing-a-car'],
    ],
    ['sign out a user', ['/docs/user-management#sign-a-user-out', op('signOut')]],
    ['heating preferences', [op('getHeatingPreferences'), op('updateHeatingPreferences')]],
    ['change comfort range', [op('updateHeatingPreferences'), '/sdk/packages/kilowise-ui#heating-comfort-range']],
    ['heat pump status', [op('getHeatPumpStatus')]],
    ['charging schedule', ['/docs/smart-charging#the-schedule', op('getChargingSchedule')]],
    ['charging sessions', ['/docs/smart-charging#sessions', op('getChargingSessions')]],
    ['demand response', [op('getDemandResponse')]],
    ['steve url', [op('getSteveUrl'), '/docs/chargers#pointing-the-charger-at-kilowise-by-hand']],
    ['ocpp backend url', [op('getSteveUrl'), '/docs/chargers#pointing-the-charger-at-kilowise-by-hand']],
    [
      'tariff info',
      [
        '/docs/user-tariff-info*',
        '/docs/locations#tariff-info-of-a-location',
        op('updateLocationTariffInfo'),
        '/docs/recipes/tariff-information',
      ],
    ],
    ['utility providers', ['/docs/user-tariff-info#list-the-utility-providers', op('getElectricalUtilityProviders')]],
    ['supported countries', [op('getCountries')]],
    [
      'vehicle status',
      ['/docs/vehicles#vehicle-status', '/docs/vehicles/smartcar#vehicle-status', op('getVehicleStatus')],
    ],
    [
      'smartcar capabilities',
      [
        '/docs/vehicles/smartcar#capabilities',
        op('getSmartcarCapabilities'),
        op('getVehiclesWithCapabilities'),
        '/sdk/packages/kilowise-client/vehicle-integration/smartcar#3-check-capabilities',
      ],
    ],
    ['oauth account linking', ['/docs/account#oauth-account-linking', op('authorize'), op('exchangeCode')]],
    ['exchange oauth code', [op('exchangeCode'), '/docs/account#oauth-account-linking']],
    ['rotate api key', ['/docs/account#rotating-the-key']],
    [
      'charger preferences',
      [
        '/docs/chargers#charger-preferences',
        '/docs/smart-charging#charger-preferences',
        op('getOcppChargerPreferences'),
        op('updateOcppChargerPreferences'),
      ],
    ],
    ['charger status', ['/docs/chargers#ocpp-charger-status', op('getOcppChargerStatus')]],
    ['install the sdk', ['/sdk/installation*', '/sdk/getting-started#1-install']],
    [
      'create a client',
      [
        '/sdk/packages/kilowise-client#create-a-client',
        '/sdk/getting-started#2-create-a-client',
        '/sdk/installation#configure-the-client',
        `${CLIENT_TYPES}/classes/KilowiseClient`,
      ],
    ],
    [
      'spot price chart',
      ['/sdk/packages/kilowise-charts*', '/sdk/packages/kilowise-charts/typedoc/functions/SpotPriceChart'],
    ],
    [
      'charger brand logo',
      [
        '/sdk/packages/kilowise-brands*',
        '/sdk/packages/kilowise-brands/typedoc/functions/getChargerBrand',
        '/sdk/packages/kilowise-brands/typedoc/interfaces/BrandLogo',
      ],
    ],
    ['mcp server', ['/docs/ai*']],
    ['connect claude code', ['/docs/ai#connect-your-agent', '/docs/ai']],
    [
      'poll device status',
      [
        '/docs/environments-limits-and-retries#how-often-to-poll',
        '/docs/smart-charging#device-status',
        op('getDeviceStatus'),
      ],
    ],
    ['retries', ['/docs/environments-limits-and-retries#retries']],
    ['time zone', ['/docs/dates-and-time-zones*']],
    ['daylight saving time', ['/docs/dates-and-time-zones#days-of-23-and-25-hours', '/docs/dates-and-time-zones']],
    [
      'act on behalf of a user',
      ['/docs/prerequisites#acting-on-behalf-of-a-user', '/docs/user-management#passing-the-user-id'],
    ],
    ['base url', ['/docs/prerequisites#base-url-and-versions', '/docs/environments-limits-and-retries#environments']],
    ['api changelog', ['/docs/changelog']],
    ['recipes', ['/docs/recipes']],
    ['enode dev mode', ['/docs/vehicles/enode#testing-with-devmode']],
    ['migrate from 1.x', ['/sdk/1.x/migrating-to-2*']],
  ]),
  ...queries('identifier', [
    [
      'targetSoC',
      [
        schema('EvPreferences'),
        schema('OcppChargerPreferences'),
        `${CLIENT_TYPES}/interfaces/VehiclePreferences#targetSoC`,
        `${CLIENT_TYPES}/interfaces/OcppChargerPreferences#targetSoC`,
      ],
    ],
    ['getSpotPrices', [op('getSpotPrices')]],
    ['KilowiseClient', [`${CLIENT_TYPES}/classes/KilowiseClient`]],
    ['registerCharger', [op('registerCharger')]],
    ['updateEvPreferences', [op('updateEvPreferences')]],
    ['SpotPriceArea', [schema('SpotPriceArea'), `${CLIENT_TYPES}/enums/SpotPriceArea`]],
    ['KilowiseApiError', [`${CLIENT_TYPES}/classes/KilowiseApiError`]],
    [
      'weekDaySpecificReadyTimes',
      [
        schema('WeekDaySpecificReadyTimes'),
        schema('EvPreferences'),
        `${CLIENT_TYPES}/interfaces/VehiclePreferences#weekDaySpecificReadyTimes`,
      ],
    ],
    ['x-api-key', ['/docs/prerequisites#authentication', '/docs/account#your-api-key', '/docs/account']],
    ['X-User-Id', ['/docs/prerequisites#acting-on-behalf-of-a-user', '/docs/user-management#passing-the-user-id']],
    ['/v2/kilowise/devices', [op('getDevices')]],
    ['POST /v2/wallbox/register-account', [op('registerWallboxAccount')]],
    ['register-charger', [op('registerCharger')]],
    ['isChargerOnline', [`${CLIENT_TYPES}/functions/isChargerOnline`]],
    ['ReadyTimePicker', ['/sdk/packages/kilowise-ui/typedoc/functions/ReadyTimePicker']],
    ['getChargerBrand', ['/sdk/packages/kilowise-brands/typedoc/functions/getChargerBrand']],
    ['ocpp-charger-preferences', [op('getOcppChargerPreferences'), op('updateOcppChargerPreferences')]],
    ['CHARGER_ONLINE_WINDOW_MS', [`${CLIENT_TYPES}/variables/CHARGER_ONLINE_WINDOW_MS`]],
  ]),
  ...queries('enum', [
    ['CABLE_PLUGGED', [schema('DeviceStatus'), `${CLIENT_TYPES}/enums/DeviceStatus*`]],
    ['SMART_CHARGE_AT_LOCATION', [schema('VehicleChargingBehavior'), `${CLIENT_TYPES}/enums/VehicleChargingBehavior*`]],
    [
      'SE3',
      [
        schema('SpotPriceArea'),
        `${CLIENT_TYPES}/enums/SpotPriceArea*`,
        '/docs/dates-and-time-zones#todays-prices-in-the-areas-own-time',
      ],
    ],
    [
      'WALLBOX',
      [schema('ChargerVendor'), '/docs/chargers#link-a-wallbox-account', `${CLIENT_TYPES}/enums/ChargerManufacturer*`],
    ],
    ['SMARTCAR', [schema('DeviceIntegration'), `${CLIENT_TYPES}/enums/VehicleIntegration*`, '/docs/vehicles/smartcar']],
  ]),
  ...queries('error', [
    [
      '429',
      [
        '/docs/environments-limits-and-retries#limits',
        '/docs/environments-limits-and-retries#retries',
        op('requestSmartcarStatusUpdate'),
      ],
    ],
    ['rate limit', ['/docs/environments-limits-and-retries#limits', '/docs/environments-limits-and-retries#retries']],
    [
      'rate limit 429',
      ['/docs/environments-limits-and-retries#limits', '/docs/environments-limits-and-retries#retries'],
    ],
    [
      'too many requests',
      [
        '/docs/environments-limits-and-retries#limits',
        '/docs/environments-limits-and-retries#retries',
        '/docs/prerequisites#errors',
        op('requestSmartcarStatusUpdate'),
      ],
    ],
    [
      'no spot price area',
      [
        '/docs/locations#errors',
        '/docs/locations#add-a-location',
        op('addLocation'),
        '/docs/locations#finding-the-spot-price-area-yourself',
      ],
    ],
    [
      'location not found',
      [
        '/docs/environments-limits-and-retries#two-kinds-of-404',
        op('updateLocation'),
        op('deleteLocation'),
        op('updateLocationTariffInfo'),
        op('deleteLocationTariffInfo'),
        '/docs/prerequisites#errors',
        '/docs/locations#errors',
        '/docs/user-tariff-info#errors',
      ],
    ],
    // Every guide section whose errors table documents a 404 for an unknown device answers it.
    [
      '404 device not found',
      [
        '/docs/environments-limits-and-retries#two-kinds-of-404',
        '/docs/smart-charging#errors',
        '/docs/user-management#errors',
        '/docs/vehicles#errors',
        '/docs/vehicles/smartcar#errors',
        '/docs/chargers#errors',
        op('getDevice'),
      ],
    ],
    ['401 unauthorized', ['/docs/prerequisites#errors', '/docs/account#errors', '/docs/prerequisites#authentication']],
    ['500 retry', ['/docs/environments-limits-and-retries#retries']],
    [
      'catch api errors',
      [
        '/sdk/getting-started#handling-errors',
        `${CLIENT_TYPES}/classes/KilowiseApiError`,
        '/sdk/1.x/migrating-to-2#5-catch-kilowiseapierror',
      ],
    ],
  ]),
  ...queries('unit', [
    ['MWh', ['/docs/spot-prices#units', '/docs/spot-prices#post-test-prices', op('setTestSpotPrices')]],
    [
      'kWh',
      ['/docs/spot-prices#units', '/docs/user-tariff-info#prices-and-units', `${CLIENT_TYPES}/enums/EnergyUnit*`],
    ],
    [
      'euros per kWh',
      ['/docs/spot-prices#units', '/docs/spot-prices#read-prices', '/docs/user-tariff-info#prices-and-units'],
    ],
    ['state of charge', [schema('StateOfCharge'), '/docs/smart-charging#vehicle-preferences']],
    [
      '10 minutes heartbeat',
      [
        '/docs/chargers#ocpp-charger-status',
        '/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration#2-wait-for-the-charger-to-connect',
        `${CLIENT_TYPES}/functions/isChargerOnline`,
        `${CLIENT_TYPES}/variables/CHARGER_ONLINE_WINDOW_MS`,
      ],
    ],
    ['Europe/Stockholm', ['/docs/dates-and-time-zones*']],
  ]),
  ...queries('question', [
    [
      'how do I test without a key',
      [
        '/playground',
        '/docs/environments-limits-and-retries#environments',
        '/sdk/prerequisites#a-test-set-up-without-real-devices',
      ],
    ],
    [
      'is the charger online',
      [
        '/docs/chargers#ocpp-charger-status',
        '/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration#2-wait-for-the-charger-to-connect',
        `${CLIENT_TYPES}/functions/isChargerOnline`,
        op('getOcppChargerStatus'),
      ],
    ],
    ['which chargers are supported', ['/docs/chargers', '/docs/vehicles#vehicles-and-chargers-together']],
    ['which time zone are prices in', ['/docs/dates-and-time-zones*', '/docs/spot-prices#read-prices']],
    ['how often should I poll', ['/docs/environments-limits-and-retries#how-often-to-poll']],
    ['what user id should I use', ['/docs/user-management#choosing-user-ids', '/sdk/prerequisites#user-ids']],
    ['how do I migrate from 1.x', ['/sdk/1.x/migrating-to-2*']],
    ['how do I upgrade the sdk', ['/sdk/installation#upgrading', '/sdk/1.x/migrating-to-2*']],
    // The account page is the API key's page: its first lines say where the key comes from.
    ['where do I get an api key', ['/docs/account#your-api-key', '/docs/account', '/docs/prerequisites#what-you-need']],
    ['can I retry a POST', ['/docs/environments-limits-and-retries#retries']],
  ]),
  ...queries('typo', [
    [
      'spotprices',
      ['/docs/spot-prices*', op('getSpotPrices'), schema('SpotPrices'), `${CLIENT_TYPES}/types/SpotPrices`],
    ],
    ['spot prise', ['/docs/spot-prices*', op('getSpotPrices')]],
    [
      'wallbx',
      [
        '/docs/chargers#link-a-wallbox-account',
        op('registerWallboxAccount'),
        op('getWallboxChargers'),
        '/sdk/packages/kilowise-client/charger-integration/wallbox-integration*',
      ],
    ],
    ['smarcar', ['/docs/vehicles/smartcar*', '/sdk/packages/kilowise-client/vehicle-integration/smartcar*']],
    ['chargeing sessions', ['/docs/smart-charging#sessions', op('getChargingSessions')]],
    [
      'wall box',
      [
        '/docs/chargers#link-a-wallbox-account',
        op('registerWallboxAccount'),
        op('getWallboxChargers'),
        '/sdk/packages/kilowise-client/charger-integration/wallbox-integration*',
      ],
    ],
    ['heatpump', [op('getHeatPumpStatus'), schema('HeatPumpStatus'), `${CLIENT_TYPES}/interfaces/HeatPumpStatus`]],
    [
      'readytime',
      [
        '/docs/smart-charging#vehicle-preferences',
        schema('EvPreferences'),
        `${CLIENT_TYPES}/interfaces/VehiclePreferences*`,
      ],
    ],
    ['loction', ['/docs/locations*', op('getLocations')]],
    ['ev prefrences', [op('getEvPreferences'), op('updateEvPreferences'), '/docs/smart-charging#vehicle-preferences']],
    ['time zones', ['/docs/dates-and-time-zones*']],
  ]),
];
