import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { JsonSchema } from '../contract/json-schema';

/** What is wrong with a value: where (`coordinates.latitude`, empty for the value itself) and why. */
export interface SchemaProblem {
  field: string;
  message: string;
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

/** Turns the validator's sentence into one that reads well after a field name. */
function phrase(unit: OutputUnit): string {
  const type = /^Instance type "(\w+)" is invalid\. Expected "(.+)"\.$/.exec(unit.error);
  if (type) return `must be ${type[2]?.replace(/", "/g, ' or ')}, not ${type[1]}`;
  const options = /^Instance does not match any of (.+)\.$/.exec(unit.error);
  if (options) return `must be one of ${options[1]}`;
  if (unit.keyword === 'pattern') return 'does not have the required format';
  const format = /^String does not match format "(.+)"\.$/.exec(unit.error);
  if (format) return `must be a valid ${format[1]}`;
  return unit.error.replace(/^Instance /, '').replace(/\.$/, '');
}

function problemOf(unit: OutputUnit): SchemaProblem {
  const field = fieldOf(unit.instanceLocation);
  const required = /^Instance does not have required property "(.+)"\.$/.exec(unit.error);
  if (required) return { field: field ? `${field}.${required[1]}` : (required[1] ?? ''), message: 'is required' };
  return { field, message: phrase(unit) };
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
      return deepest ? problemOf(deepest) : { field: '', message: 'does not match the schema' };
    },
  };
}

export type SchemaValidator = ReturnType<typeof createSchemaValidator>;
