import type {
  ChargerPreferences,
  DeviceRecord,
  HeatPumpPreferences,
  StateOfCharge,
  VehiclePreferences,
  World,
} from './model';

/**
 * Worlds stored before devices were a union of kinds (version 2: one record with `evPreferences`,
 * `ocppPreferences` and `heatingPreferences` in the contract's shapes, and sessions and heating runs on every
 * device). A tab's sessionStorage and a key's entry on the server keep such a world; it is read into the current
 * model here, once, when it is loaded.
 */
interface QuantityV2 {
  value: number;
  unit: string;
}

interface DeviceV2 {
  type: DeviceRecord['type'];
  evPreferences?: {
    targetSoC?: number;
    minimalSoC?: number;
    batteryCapacity?: number;
  } & Omit<VehiclePreferences, 'targetPercent' | 'minimalPercent' | 'batteryKwh'>;
  ocppPreferences?: {
    targetSoC?: QuantityV2;
    minimalSoC?: QuantityV2;
    currentSoC?: QuantityV2;
    minimumEnergyTransfer?: QuantityV2;
    targetEnergyTransfer?: QuantityV2;
    batteryCapacity?: number;
  } & Pick<
    ChargerPreferences,
    'chargingBehavior' | 'readyTime' | 'weekDaySpecificReadyTimes' | 'locationId' | 'efficiency' | 'associatedDeviceId'
  >;
  heatingPreferences?: HeatPumpPreferences;
  [field: string]: unknown;
}

/** Leaves out the members whose value is undefined, as JSON would. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

/** A version 2 state of charge: KM is a range, any other unit a share in percent (as the simulation read it). */
const stateOfCharge = (quantity: QuantityV2 | undefined): StateOfCharge | undefined =>
  quantity === undefined
    ? undefined
    : quantity.unit === 'KM'
      ? { rangeKm: quantity.value }
      : { percent: quantity.value };

function vehiclePreferences(stored: NonNullable<DeviceV2['evPreferences']>): VehiclePreferences {
  const { targetSoC, minimalSoC, batteryCapacity, ...rest } = stored;
  return defined({ ...rest, targetPercent: targetSoC, minimalPercent: minimalSoC, batteryKwh: batteryCapacity });
}

function chargerPreferences(stored: NonNullable<DeviceV2['ocppPreferences']>): ChargerPreferences {
  const { targetSoC, minimalSoC, currentSoC, minimumEnergyTransfer, targetEnergyTransfer, batteryCapacity, ...rest } =
    stored;
  return defined({
    ...rest,
    target: stateOfCharge(targetSoC),
    minimal: stateOfCharge(minimalSoC),
    current: stateOfCharge(currentSoC),
    targetEnergyKwh: targetEnergyTransfer?.value,
    minimumEnergyKwh: minimumEnergyTransfer?.value,
    batteryKwh: batteryCapacity,
  });
}

function deviceOf(stored: DeviceV2): DeviceRecord {
  const { evPreferences, ocppPreferences, heatingPreferences, heatingRuns, sessions, plan, ...rest } = stored;
  if (stored.type === 'HEATER')
    return { ...rest, heatingRuns, ...(heatingPreferences ? { preferences: heatingPreferences } : {}) } as DeviceRecord;
  const charging = { ...rest, sessions, ...(plan === undefined ? {} : { plan }) };
  if (stored.type === 'VEHICLE')
    return {
      ...charging,
      ...(evPreferences ? { preferences: vehiclePreferences(evPreferences) } : {}),
    } as DeviceRecord;
  return {
    ...charging,
    ...(ocppPreferences ? { preferences: chargerPreferences(ocppPreferences) } : {}),
  } as DeviceRecord;
}

const isWorldLike = (value: unknown): value is { version: unknown; users: unknown; devices: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as World).users) &&
  Array.isArray((value as World).devices) &&
  typeof (value as World).simulatedTo === 'number';

/** A parsed stored world in the current model, or undefined when it is none this sandbox ever wrote. */
export function upgradeWorld(value: unknown): World | undefined {
  if (!isWorldLike(value)) return undefined;
  if (value.version === 3) return value as World;
  if (value.version !== 2) return undefined;
  return { ...(value as unknown as World), version: 3, devices: (value.devices as DeviceV2[]).map(deviceOf) };
}
