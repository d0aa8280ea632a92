import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { JsonSchema } from '../contract/json-schema';
import { decodePointerToken, encodePointerToken, fragmentTokens } from '../json/pointer';
import { nonFiniteAt, withContractBounds } from './bounds';

/**
 * What is wrong with a value: where (`coordinates.latitude`, empty for the value itself), why, and the value found
 * there as JSON when it is a number, a string, a boolean or null (`got`, for the message's end).
 */
export interface SchemaProblem {
  field: string;
  message: string;
  got?: string;
  /** The JSON Schema keyword that refused the value (`required`, `maximum`), for a request log to show as its rule. */
  keyword?: string;
  /** Where in the value, as an RFC 6901 JSON Pointer (`/coordinates/latitude`; empty for the value itself). */
  pointer?: string;
  /**
   * Where in the contract the refusing keyword is, as a JSON Pointer into the OpenAPI document when the schema is a
   * component (`#/components/schemas/Coordinates/properties/latitude/maximum`), else relative to the schema checked.
   */
  schemaPointer?: string;
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

/** The names on the way to a value, from the validator's JSON Pointer: `#/a~1b/0` → `['a/b', '0']`. */
function pointerTokens(instanceLocation: string): string[] {
  return fragmentTokens(instanceLocation).filter(Boolean);
}

/** `['entries', '0', 'time']` → `entries[0].time`. */
export function fieldPath(tokens: readonly string[]): string {
  return tokens.reduce(
    (path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token),
    '',
  );
}

/** `#/entries/0/time` → `entries[0].time`. */
export function fieldOf(instanceLocation: string): string {
  return fieldPath(pointerTokens(instanceLocation));
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

/** What the validator's sentence quotes: `Expected "number", "null".` → `number or null`. */
const quoted = (error: string, sentence: RegExp) => sentence.exec(error)?.[1] ?? '';

/**
 * What each keyword asks for, as it reads after a field name, from the validator's sentence; the value found is added
 * by the caller. A keyword not here keeps the validator's own sentence.
 */
const DEMANDS: Record<string, (error: string) => string> = {
  type: (error) =>
    `must be ${quoted(error, /Expected "(.+)"\.$/).replace(/", "/g, ' or ')}, not ${quoted(error, /^Instance type "(\w+)"/)}`,
  enum: (error) => `must be one of ${quoted(error, /^Instance does not match any of (.+)\.$/)}`,
  const: (error) => `must be ${quoted(error, /^Instance does not match (.+)\.$/)}`,
  format: (error) => `must be a valid ${quoted(error, /format "(.+)"\.$/)}`,
  pattern: () => 'does not have the required format',
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
  false: () => 'is not allowed',
};

/** Turns the validator's sentence into one that reads well after a field name. */
function phrase(unit: OutputUnit): string {
  const demand = Object.hasOwn(DEMANDS, unit.keyword) ? DEMANDS[unit.keyword] : undefined;
  return demand ? demand(unit.error) : unit.error.replace(/^Instance /, '').replace(/\.$/, '');
}

/** The value at the validator's JSON Pointer (`#/entries/0/time`) in `root`, as JSON when it is a scalar. */
export function scalarAt(root: unknown, instanceLocation: string): string | undefined {
  let value = root;
  for (const token of pointerTokens(instanceLocation)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, token)) return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

const DEF_PREFIX = '#/$defs/';

/**
 * The validator's keyword location (`#/$ref/properties/c/maximum`, relative to the root it was given) as a pointer
 * into the contract: each `$ref` to a component restarts it at `#/components/schemas/{Name}`, as the OpenAPI
 * document names that schema, so a reader can find the rule in the API reference.
 */
export function contractPointer(schema: JsonSchema, defs: Record<string, JsonSchema>, keywordLocation: string): string {
  let pointer = '#';
  let here: unknown = schema;
  for (const token of keywordLocation.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const ref = typeof here === 'object' && here !== null ? (here as { $ref?: unknown }).$ref : undefined;
    if (token === '$ref' && typeof ref === 'string' && ref.startsWith(DEF_PREFIX)) {
      const name = decodePointerToken(decodeURIComponent(ref.slice(DEF_PREFIX.length)));
      pointer = `#/components/schemas/${encodePointerToken(name)}`;
      here = Object.hasOwn(defs, name) ? defs[name] : undefined;
      continue;
    }
    const name = decodePointerToken(token);
    pointer += `/${encodePointerToken(name)}`;
    here =
      typeof here === 'object' && here !== null && Object.hasOwn(here, name)
        ? (here as Record<string, unknown>)[name]
        : undefined;
  }
  return pointer;
}

function problemOf(unit: OutputUnit, value: unknown, schemaPointer: string): SchemaProblem {
  const field = fieldOf(unit.instanceLocation);
  const tokens = pointerTokens(unit.instanceLocation);
  const required = /^Instance does not have required property "(.+)"\.$/.exec(unit.error);
  const where = { keyword: unit.keyword, schemaPointer };
  if (required)
    return {
      field: field ? `${field}.${required[1]}` : (required[1] ?? ''),
      message: 'is required',
      pointer: [...tokens, required[1] ?? ''].map((token) => `/${encodePointerToken(token)}`).join(''),
      ...where,
    };
  const pointer = tokens.map((token) => `/${encodePointerToken(token)}`).join('');
  const got = scalarAt(value, unit.instanceLocation);
  return got === undefined
    ? { field, message: phrase(unit), pointer, ...where }
    : { field, message: phrase(unit), got, pointer, ...where };
}

/** A UTF-16 surrogate without its pair: what `"\ud800"` in JSON makes, and no character. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path to the first object (depth first) with a name that is not well-formed Unicode, or undefined. The
 * validator cannot name such a property (it throws making its pointer), so it is refused before.
 */
function illFormedName(value: unknown, tokens: readonly string[] = []): readonly string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [name, child] of Object.entries(value)) {
    if (LONE_SURROGATE.test(name)) return tokens;
    const found = illFormedName(child, [...tokens, name]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Validates values against the contract's JSON Schemas (draft 2020-12). Component schemas are in
 * `defs` and referenced as `#/$defs/{Name}`. A validator is made once per schema and kept.
 */
export function createSchemaValidator(contractDefs: Record<string, JsonSchema>) {
  const cache = new Map<JsonSchema, Validator>();
  // The numbers the contract bounds in words, checked as keywords (lib/sandbox/bounds.ts).
  const defs = withContractBounds(contractDefs);

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
      const unnamed = illFormedName(value);
      if (unnamed)
        return {
          field: fieldPath(unnamed),
          message: 'has a name that is not valid Unicode (a lone surrogate)',
          keyword: 'unicode',
          pointer: unnamed.map((token) => `/${encodePointerToken(token)}`).join(''),
        };
      // Before the schema: a number type accepts Infinity, which would be stored, and written back, as null.
      const infinite = nonFiniteAt(value);
      if (infinite)
        return {
          field: fieldPath(infinite),
          message: 'is a number past the largest a double holds (1e400 or the like)',
          keyword: 'type',
          pointer: infinite.map((token) => `/${encodePointerToken(token)}`).join(''),
        };
      const result = validatorFor(schema).validate(value);
      if (result.valid) return undefined;
      const leaves = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword));
      const deepest = [...(leaves.length > 0 ? leaves : result.errors)].sort(
        (a, b) => b.instanceLocation.split('/').length - a.instanceLocation.split('/').length,
      )[0];
      return deepest
        ? problemOf(deepest, value, contractPointer(schema, defs, deepest.keywordLocation))
        : { field: '', message: 'does not match the schema' };
    },
  };
}

export type SchemaValidator = ReturnType<typeof createSchemaValidator>;
