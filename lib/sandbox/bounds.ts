import type { JsonSchema } from '../contract/json-schema';
import { isObject, type JsonObject as Json } from '../json/object';

// Numbers the contract bounds in words (its descriptions: "latitude from -90 to 90", "PERCENT (0 to 100)",
// "efficiency from 0 to 1") but not with JSON Schema keywords, and quantities that cannot be negative. The sandbox
// checks them with keywords added to its own copy of the schemas, so that a refusal reads as any other one ("field
// "coordinates.latitude" must be at most 90, got 1000") and names its rule. A capacity or an energy of more than
// 1,000 kWh is the sandbox's own bound: no car holds it, and the simulation's arithmetic needs a finite battery; so
// are a range of more than MAX_RANGE_KM and a comfort temperature outside COMFORT_CELSIUS. /docs/sandbox ("The
// sandbox's own limits") and /docs/errors list each of them; bounds.test.ts holds the page to these figures.

/** The most kWh a battery or an energy goal may be in the sandbox. */
export const MAX_KWH = 1000;

const KWH = { exclusiveMinimum: 0, maximum: MAX_KWH };

/**
 * The longest range a state of charge in KM may give in the sandbox: a full battery of MAX_KWH at the simulation's
 * 7 km per kWh (KM_PER_KWH, lib/sandbox/domain/simulate.ts). A range below 0 is no range. The charging handlers check
 * it, beside the PERCENT rule (lib/sandbox/domain/preference-rules.ts).
 */
export const MAX_RANGE_KM = 7000;

/**
 * The indoor temperatures, in degrees Celsius, the sandbox takes for smart heating's comfort limits and its heating
 * schedule's entries: the contract gives none, and a heat pump keeps a house neither below frost protection nor
 * above a hot room. The same range as kilowise-ui's ComfortRangeInput offers by default (COMFORT_LIMITS).
 */
export const COMFORT_CELSIUS = { minimum: 5, maximum: 30 } as const;

/** Per schema of the contract, per property: the keywords added where the schema has that property. */
export const CONTRACT_BOUNDS: Record<string, Record<string, Json>> = {
  Coordinates: { latitude: { minimum: -90, maximum: 90 }, longitude: { minimum: -180, maximum: 180 } },
  EvPreferences: { batteryCapacity: KWH },
  OcppChargerPreferences: { batteryCapacity: KWH, efficiency: { exclusiveMinimum: 0, maximum: 1 } },
  EnergyTransfer: { value: KWH },
  HeatingPreferences: { minComfortLimit: COMFORT_CELSIUS, maxComfortLimit: COMFORT_CELSIUS },
  HeatingScheduleEntry: { minComfortTemp: COMFORT_CELSIUS, maxComfortTemp: COMFORT_CELSIUS },
};
// A state of charge in PERCENT (0 to 100) or KM (0 to MAX_RANGE_KM) is the charging rules' check, with a message of
// its own that the errors page documents (lib/sandbox/domain/preference-rules.ts): one schema has both units.

/** `schema` with `bounds` added to the properties it has, each keyword only where the contract has none of its own. */
function bounded(schema: JsonSchema, bounds: Record<string, Json>): JsonSchema {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const properties: Json = { ...schema.properties };
  for (const [name, keywords] of Object.entries(bounds)) {
    const property = properties[name];
    if (!isObject(property) || !isObject(keywords)) continue;
    const added = Object.entries(keywords).filter(([keyword]) => !(keyword in property));
    properties[name] = { ...property, ...Object.fromEntries(added) };
  }
  return { ...schema, properties };
}

/** The contract's component schemas with the bounds above: a copy, the contract's own objects untouched. */
export function withContractBounds(defs: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { ...defs };
  for (const [name, bounds] of Object.entries(CONTRACT_BOUNDS)) {
    const schema = defs[name];
    if (schema === undefined) continue;
    out[name] = bounded(schema, bounds);
  }
  return out;
}

/**
 * Where in `value` a number is not finite (JSON's `1e400` parses as Infinity, which JSON.stringify would write back
 * as null), as the names on the way to it (`['coordinates', 'latitude']`, `[]` for the value itself); undefined when
 * every number is finite.
 */
export function nonFiniteAt(value: unknown): readonly string[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : [];
  if (typeof value !== 'object' || value === null) return undefined;
  // The path is made only on the way back from a number found, and nothing is made on the way down: MCP walks a
  // whole message's arguments (up to 1 MB, half a million numbers) before the SDK counts them.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = nonFiniteAt(value[index]);
      if (found) return [String(index), ...found];
    }
    return undefined;
  }
  for (const name of Object.keys(value)) {
    const found = nonFiniteAt((value as Record<string, unknown>)[name]);
    if (found) return [name, ...found];
  }
  return undefined;
}
