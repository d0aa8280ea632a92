import { arrayOf, numberMap, object, oneOf, string } from './body-shapes';
import { SmartcarCapability } from './enums';
import type {
  ChargingSchedule,
  ChargingSession,
  DemandResponse,
  Device,
  EnodeVehicleAuthorizationUrl,
  GetDeviceStatusResult,
  HeatingPreferences,
  HeatingSchedule,
  HeatingSession,
  HeatPumpStatus,
  OcppChargerPreferences,
  OcppChargerStatus,
  RegisterSmartcarVehicleResponse,
  SmartcarVehicleAuthorizationUrl,
  SpotPriceAreaDetails,
  TariffInfo,
  UserLocation,
  VehiclePreferences,
  VehicleStatus,
  VehicleWithCapabilities,
  WallboxCharger,
} from './types';

/** The contract's required fields of a stored location (UserLocation). */
const location = object<UserLocation>(
  'id',
  'spotPriceAreaId',
  'name',
  'coordinates',
  'countryCode',
  'postalCode',
  'streetAddress',
  'city',
);
/** The contract's required fields of a device (ApiDevice). */
const device = object<Device>('id', 'type', 'integration', 'createdAt');

/** The shape of each response body, by what it holds; the contract's required fields are checked. */
export const responses = {
  location,
  locations: arrayOf(location),
  device,
  devices: arrayOf(device),
  tariffInfo: object<TariffInfo>(),
  steveUrl: object<{ url: string }>(),
  ocppChargerStatus: object<OcppChargerStatus>(),
  heatPumpStatus: object<HeatPumpStatus>(),
  deviceStatus: object<GetDeviceStatusResult>(),
  vehicleStatus: object<VehicleStatus>(),
  demandResponse: object<DemandResponse>(),
  vehiclePreferences: object<VehiclePreferences>(),
  ocppChargerPreferences: object<OcppChargerPreferences>(),
  chargingSessions: arrayOf(object<ChargingSession>()),
  chargingSchedule: object<ChargingSchedule>(),
  heatingPreferences: object<HeatingPreferences>(),
  heatingSessions: arrayOf(object<HeatingSession>()),
  heatingSchedule: object<HeatingSchedule>(),
  wallboxChargers: arrayOf(object<WallboxCharger>()),
  enodeAuthorizationUrl: object<EnodeVehicleAuthorizationUrl>('authorizationUrl'),
  smartcarAuthorizationUrl: object<SmartcarVehicleAuthorizationUrl>('authorizationUrl'),
  smartcarConnection: object<RegisterSmartcarVehicleResponse>(),
  smartcarCapabilities: arrayOf(oneOf(SmartcarCapability)),
  vehiclesWithCapabilities: arrayOf(object<VehicleWithCapabilities>()),
  spotPrices: numberMap,
  spotPriceAreas: arrayOf(object<SpotPriceAreaDetails>()),
  names: arrayOf(string),
  exchangeResult: object<Record<string, unknown>>(),
};
