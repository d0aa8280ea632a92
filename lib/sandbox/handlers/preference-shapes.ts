import type {
  ChargerPreferences,
  HeatPumpPreferences,
  StateOfCharge,
  Vehicle,
  VehiclePreferences,
} from '../domain/model';
import type { Json } from './context';

/**
 * The contract's shapes of smart charging preferences, made here at the edge: a body read into the domain's
 * preferences (percent, km, kWh), and the domain's preferences written as the contract answers them. The bodies
 * are checked against the contract before they get here, so a field present has the contract's type.
 */

/** A state of charge or an energy as the contract writes one. */
interface Quantity {
  value: number;
  unit: string;
}

/** Leaves out the members whose value is undefined, so that an answer has only the fields set. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

const stateOfCharge = (quantity: Quantity | undefined): StateOfCharge | undefined =>
  quantity === undefined
    ? undefined
    : quantity.unit === 'KM'
      ? { rangeKm: quantity.value }
      : { percent: quantity.value };

const quantityOf = (soc: StateOfCharge | undefined): Quantity | undefined =>
  soc === undefined
    ? undefined
    : 'percent' in soc
      ? { value: soc.percent, unit: 'PERCENT' }
      : { value: soc.rangeKm, unit: 'KM' };

const energy = (kWh: number | undefined): Quantity | undefined =>
  kWh === undefined ? undefined : { value: kWh, unit: 'kWh' };

/** The fields of the contract's EvPreferences a PUT keeps (less what the API sets itself). */
export const EV_FIELDS = [
  'chargingBehavior',
  'chargingLocationIds',
  'defaultSpotPriceAreaId',
  'readyTime',
  'weekDaySpecificReadyTimes',
  'targetSoC',
  'minimalSoC',
  'batteryCapacity',
] as const;

/** A vehicle's preferences from a body of `updateEvPreferences`: only the fields it keeps (`previousChargingBehavior` is read only). */
export function vehiclePreferencesOf(body: Json): VehiclePreferences {
  const b = body as {
    targetSoC?: number;
    minimalSoC?: number;
    batteryCapacity?: number;
  } & Omit<VehiclePreferences, 'targetPercent' | 'minimalPercent' | 'batteryKwh'>;
  return defined({
    chargingBehavior: b.chargingBehavior,
    chargingLocationIds: b.chargingLocationIds,
    defaultSpotPriceAreaId: b.defaultSpotPriceAreaId,
    readyTime: b.readyTime,
    weekDaySpecificReadyTimes: b.weekDaySpecificReadyTimes,
    targetPercent: b.targetSoC,
    minimalPercent: b.minimalSoC,
    batteryKwh: b.batteryCapacity,
  });
}

/** A vehicle's preferences as the contract's EvPreferences, with the behaviour they replaced (read only). */
export function vehiclePreferencesAnswer(vehicle: Vehicle, preferences: VehiclePreferences) {
  return defined({
    chargingBehavior: preferences.chargingBehavior,
    chargingLocationIds: preferences.chargingLocationIds,
    defaultSpotPriceAreaId: preferences.defaultSpotPriceAreaId,
    readyTime: preferences.readyTime,
    weekDaySpecificReadyTimes: preferences.weekDaySpecificReadyTimes,
    targetSoC: preferences.targetPercent,
    minimalSoC: preferences.minimalPercent,
    batteryCapacity: preferences.batteryKwh,
    previousChargingBehavior: vehicle.previousChargingBehavior,
  });
}

type ChargerBody = {
  targetSoC?: Quantity;
  minimalSoC?: Quantity;
  currentSoC?: Quantity;
  minimumEnergyTransfer?: Quantity;
  targetEnergyTransfer?: Quantity;
  batteryCapacity?: number;
} & Pick<
  ChargerPreferences,
  'chargingBehavior' | 'readyTime' | 'weekDaySpecificReadyTimes' | 'locationId' | 'efficiency' | 'associatedDeviceId'
>;

/** A charger's preferences from a body of `updateOcppChargerPreferences`. */
export function chargerPreferencesOf(body: Json): ChargerPreferences {
  const b = body as ChargerBody;
  return defined({
    chargingBehavior: b.chargingBehavior,
    readyTime: b.readyTime,
    weekDaySpecificReadyTimes: b.weekDaySpecificReadyTimes,
    target: stateOfCharge(b.targetSoC),
    minimal: stateOfCharge(b.minimalSoC),
    current: stateOfCharge(b.currentSoC),
    locationId: b.locationId,
    batteryKwh: b.batteryCapacity,
    efficiency: b.efficiency,
    associatedDeviceId: b.associatedDeviceId,
    minimumEnergyKwh: b.minimumEnergyTransfer?.value,
    targetEnergyKwh: b.targetEnergyTransfer?.value,
  });
}

/** A charger's preferences as the contract's OcppChargerPreferences. */
export function chargerPreferencesAnswer(preferences: ChargerPreferences): ChargerBody {
  return defined({
    chargingBehavior: preferences.chargingBehavior,
    readyTime: preferences.readyTime,
    weekDaySpecificReadyTimes: preferences.weekDaySpecificReadyTimes,
    targetSoC: quantityOf(preferences.target),
    minimalSoC: quantityOf(preferences.minimal),
    currentSoC: quantityOf(preferences.current),
    locationId: preferences.locationId,
    batteryCapacity: preferences.batteryKwh,
    efficiency: preferences.efficiency,
    associatedDeviceId: preferences.associatedDeviceId,
    minimumEnergyTransfer: energy(preferences.minimumEnergyKwh),
    targetEnergyTransfer: energy(preferences.targetEnergyKwh),
  });
}

/**
 * A heat pump's preferences as the contract's HeatingPreferences. The two agree field for field (degrees Celsius, the
 * area found from the location), so the answer is a copy: no answer holds the world's own object.
 */
export const heatPumpPreferencesAnswer = (preferences: HeatPumpPreferences | undefined): HeatPumpPreferences => ({
  ...preferences,
});
