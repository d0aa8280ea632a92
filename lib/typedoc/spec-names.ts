/** The enums the product promises a reference page for: each must have a generated page. */
export const SPEC_ENUMS = [
  'ChargeBoxRegistrationStatus', 'ChargerChargingBehavior', 'ChargerChargingStatus', 'ChargerIntegration', 'ChargerManufacturer',
  'ChargerMeasurementUnit', 'ChargingSessionStatus', 'DeviceStatus', 'DeviceType', 'EnergyUnit', 'RegisterSmartcarVehicleStatus',
  'SpotPriceArea', 'Unit', 'VehicleChargingBehavior', 'VehicleChargingStatus', 'VehicleIntegration', 'VehicleManufacturer',
] as const;

/** The interfaces the product promises a reference page for. */
export const SPEC_INTERFACES = [
  'Charger', 'ChargerAttributes', 'ChargerChargeBox', 'ChargerChargePoint', 'ChargerMeasurement', 'ChargerSettings', 'ChargingLocation',
  'ChargingSchedule', 'ClientConfiguration', 'EnergyTransfer', 'EnodeVehicleAuthorizationUrl', 'EnodeVehicleVendor', 'GetDeviceStatusResult',
  'Options', 'RegisterEnodeVehiclePayload', 'RegisterSmartcarVehiclePayload', 'RegisterSmartcarVehicleResponse', 'RegisterWallboxAccountPayload',
  'SmartcarVehicleAuthorizationUrl', 'UserLocation', 'Vehicle', 'VehicleAttributes', 'VehiclePreferences', 'VehicleSettings', 'VehicleStatus',
  'VehicleWithCapabilities', 'WallboxCharger',
] as const;
