import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { JsonSchema } from '../contract/json-schema';

/**
 * What is wrong with a value: where (`coordinates.latitude`, empty for the value itself), why, and the value found
 * there as JSON when it is a number, a string, a boolean or null (`got`, for the message's end).
 */
export interface SchemaProblem {
  field: string;
  message: string;
  got?: string;
}

/** Keywords whose error only says that something beneath failed; the beneath is what to report. */
const WRAPPERS = new Set([
  '$ref',
  'properties',
  'allOf',
  'items',
  'prefixItems',
  'additionalItems',
  'dependentSchemas',
  'if',
  'then',
  'else',
]);

/** `#/entries/0/time` → `entries[0].time`. */
export function fieldOf(instanceLocation: string): string {
  const tokens = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean);
  return tokens
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');
}

/** The figure a bound's sentence ends with: `120 is greater than 100.` → `100`, `(3 < 5).` → `5`. */
function boundOf(error: string): string {
  return /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\)?\.$/i.exec(error)?.[1] ?? '';
}

/** `3 items`, `1 item`. */
function count(error: string, noun: string): string {
  const figure = boundOf(error);
  return `${figure} ${noun}${figure === '1' ? '' : 's'}`;
}

/** What a keyword asks for, as it reads after a field name; the value found is added by the caller. */
const DEMANDS: Record<string, (error: string) => string> = {
  minimum: (error) => `must be at least ${boundOf(error)}`,
  exclusiveMinimum: (error) => `must be greater than ${boundOf(error)}`,
  maximum: (error) => `must be at most ${boundOf(error)}`,
  exclusiveMaximum: (error) => `must be less than ${boundOf(error)}`,
  multipleOf: (error) => `must be a multiple of ${boundOf(error)}`,
  minLength: (error) => `must be at least ${count(error, 'character')} long`,
  maxLength: (error) => `must be at most ${count(error, 'character')} long`,
  minItems: (error) => `must have at least ${count(error, 'item')}`,
  maxItems: (error) => `must have at most ${count(error, 'item')}`,
  uniqueItems: () => 'must not list the same item twice',
  pattern: () => 'does not have the required format',
  false: () => 'is not allowed',
};

/** Turns the validator's sentence into one that reads well after a field name. */
function phrase(unit: OutputUnit): string {
  const demand = Object.hasOwn(DEMANDS, unit.keyword) ? DEMANDS[unit.keyword] : undefined;
  if (demand) return demand(unit.error);
  const type = /^Instance type "(\w+)" is invalid\. Expected "(.+)"\.$/.exec(unit.error);
  if (type) return `must be ${type[2]?.replace(/", "/g, ' or ')}, not ${type[1]}`;
  const options = /^Instance does not match any of (.+)\.$/.exec(unit.error);
  if (options) return `must be one of ${options[1]}`;
  const constant = /^Instance does not match (.+)\.$/.exec(unit.error);
  if (unit.keyword === 'const' && constant) return `must be ${constant[1]}`;
  const format = /^String does not match format "(.+)"\.$/.exec(unit.error);
  if (format) return `must be a valid ${format[1]}`;
  return unit.error.replace(/^Instance /, '').replace(/\.$/, '');
}

/** The value at a JSON Pointer (`#/entries/0/time`) in `root`, as JSON when it is a scalar; else undefined. */
export function scalarAt(root: unknown, instanceLocation: string): string | undefined {
  let value = root;
  for (const raw of instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, token)) return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function problemOf(unit: OutputUnit, value: unknown): SchemaProblem {
  const field = fieldOf(unit.instanceLocation);
  const required = /^Instance does not have required property "(.+)"\.$/.exec(unit.error);
  if (required) return { field: field ? `${field}.${required[1]}` : (required[1] ?? ''), message: 'is required' };
  const got = scalarAt(value, unit.instanceLocation);
  return got === undefined ? { field, message: phrase(unit) } : { field, message: phrase(unit), got };
}

/**
 * Validates values against the contract's JSON Schemas (draft 2020-12). Component schemas are in
 * `defs` and referenced as `#/$defs/{Name}`. A validator is made once per schema and kept.
 */
export function createSchemaValidator(defs: Record<string, JsonSchema>) {
  const cache = new Map<JsonSchema, Validator>();

  function validatorFor(schema: JsonSchema): Validator {
    let validator = cache.get(schema);
    if (!validator) {
      const root = typeof schema === 'boolean' ? schema : { ...schema, $defs: defs };
      validator = new Validator(root as Schema | boolean, '2020-12', false);
      cache.set(schema, validator);
    }
    return validator;
  }

  return {
    /** The first (most specific) problem, or undefined when the value is valid. */
    check(schema: JsonSchema, value: unknown): SchemaProblem | undefined {
      const result = validatorFor(schema).validate(value);
      if (result.valid) return undefined;
      const leaves = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword));
      const deepest = [...(leaves.length > 0 ? leaves : result.errors)].sort(
        (a, b) => b.instanceLocation.split('/').length - a.instanceLocation.split('/').length,
      )[0];
      return deepest ? problemOf(deepest, value) : { field: '', message: 'does not match the schema' };
    },
  };
}

export type SchemaValidator = ReturnType<typeof createSchemaValidator>;
