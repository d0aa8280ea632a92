import type {
  Charger,
  ChargerPreferences,
  ChargingDevice,
  HeatPump,
  HeatPumpPreferences,
  StateOfCharge,
  Vehicle,
  VehiclePreferences,
  World,
} from './model';
import { areaById } from './prices';
import { isSmartHeated } from './heating';
import { findLocation } from './world';
import { WEEKDAYS } from './zones';
import { MAX_RANGE_KM } from '../bounds';
import { spotPriceAreaOf } from '../spot-price-areas';

/**
 * The rules new preferences must keep, each once: the commands that set preferences check them before they change
 * anything (lib/sandbox/domain/commands.ts). A refusal names the field as the partner sent it, in the contract's
 * words, since that is what the partner has to mend.
 */

function readyTimesProblem(times: Record<string, string> | undefined): string | undefined {
  const day = Object.keys(times ?? {}).find((name) => !(WEEKDAYS as readonly string[]).includes(name));
  return day === undefined
    ? undefined
    : `Request body: field "weekDaySpecificReadyTimes.${day}" is not a day of the week (MONDAY to SUNDAY)`;
}

function locationProblem(world: World, device: ChargingDevice, locationId: string, field: string) {
  if (findLocation(world, device.userId, locationId)) return undefined;
  return `Request body: field "${field}" is ${locationId}, not a location of user ${device.userId}`;
}

export function vehiclePreferencesProblem(
  world: World,
  vehicle: Vehicle,
  next: VehiclePreferences,
): string | undefined {
  const { minimalPercent: minimal, targetPercent: target, defaultSpotPriceAreaId: area } = next;
  return (
    readyTimesProblem(next.weekDaySpecificReadyTimes) ??
    (next.chargingLocationIds ?? [])
      .map((id, index) => locationProblem(world, vehicle, id, `chargingLocationIds[${index}]`))
      .find(Boolean) ??
    (area && !areaById(area)
      ? `Request body: field "defaultSpotPriceAreaId" is ${area}, not a spot price area`
      : undefined) ??
    (minimal !== undefined && target !== undefined && minimal > target
      ? `Request body: field "minimalSoC" ${minimal} is above targetSoC ${target}`
      : undefined)
  );
}

/**
 * A state of charge in percent is 0 to 100 (the contract's StateOfCharge), though its schema has no bound; one in
 * KM is a range from 0 to the sandbox's MAX_RANGE_KM (lib/sandbox/bounds.ts), never below 0, which the simulation
 * would read as a battery below empty.
 */
function socProblem(field: string, soc: StateOfCharge | undefined): string | undefined {
  if (!soc) return undefined;
  if ('percent' in soc)
    return soc.percent >= 0 && soc.percent <= 100
      ? undefined
      : `Request body: field "${field}.value" ${soc.percent} is not a percentage from 0 to 100`;
  return soc.rangeKm >= 0 && soc.rangeKm <= MAX_RANGE_KM
    ? undefined
    : `Request body: field "${field}.value" ${soc.rangeKm} is not a range in KM from 0 to ${MAX_RANGE_KM}`;
}

export function chargerPreferencesProblem(
  world: World,
  charger: Charger,
  next: ChargerPreferences,
): string | undefined {
  return (
    readyTimesProblem(next.weekDaySpecificReadyTimes) ??
    socProblem('targetSoC', next.target) ??
    socProblem('minimalSoC', next.minimal) ??
    socProblem('currentSoC', next.current) ??
    (next.locationId ? locationProblem(world, charger, next.locationId, 'locationId') : undefined)
  );
}

/**
 * A heat pump's preferences with `changes` over them, as a JSON merge patch (RFC 7396) merges: the fields sent
 * replace those stored and the others stay, inside `heatingSchedule` and `location` too (a schedule sent with only
 * its `entries` keeps its `timeZoneId`; the entries sent replace the list whole). The spot price area is found
 * from the location; or why they cannot be.
 */
export function changedHeatingPreferences(
  pump: HeatPump,
  changes: HeatPumpPreferences,
): { preferences: HeatPumpPreferences } | { refused: string } {
  const stored = pump.preferences ?? {};
  const merged: HeatPumpPreferences = { ...stored, ...changes };
  if (changes.heatingSchedule) merged.heatingSchedule = { ...stored.heatingSchedule, ...changes.heatingSchedule };
  if (changes.location) merged.location = { ...stored.location, ...changes.location };
  const { minComfortLimit: min, maxComfortLimit: max } = merged;
  if (min !== undefined && max !== undefined && min > max)
    return { refused: `minComfortLimit must not be above maxComfortLimit (${min} > ${max})` };
  for (const [at, entry] of (merged.heatingSchedule?.entries ?? []).entries()) {
    const { minComfortTemp: low, maxComfortTemp: high } = entry;
    if (low !== undefined && high !== undefined && low > high)
      return {
        refused: `heatingSchedule.entries[${at}]: minComfortTemp must not be above maxComfortTemp (${low} > ${high})`,
      };
  }
  if (merged.location) {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const countryCode = text(merged.location.countryCode);
    const postalCode = text(merged.location.postalCode);
    const area = spotPriceAreaOf(countryCode, postalCode);
    if (!area)
      return { refused: `No spot price area found for countryCode ${countryCode} and postalCode ${postalCode}` };
    merged.spotPriceAreaId = area.id;
  }
  return { preferences: merged };
}

/** How many stretches of smart heating a heat pump keeps: its sessions reach back 30 days at most. */
const HEATING_RUNS = 20;

/** Smart heating switched on starts a run; switched off, it ends the one under way. */
export function setHeatingPreferences(pump: HeatPump, preferences: HeatPumpPreferences, now: number): void {
  const wasOn = isSmartHeated(pump);
  pump.preferences = preferences;
  const isOn = isSmartHeated(pump);
  const run = pump.heatingRuns.at(-1);
  if (isOn && !wasOn) pump.heatingRuns.push({ from: now, to: null });
  if (!isOn && wasOn && run && run.to === null) run.to = now;
  if (pump.heatingRuns.length > HEATING_RUNS) pump.heatingRuns.shift();
}
