import { isObject, type Json } from '../openapi/schema-tree';

/** A JSON Schema (draft 2020-12) as the sandbox validates with it. */
export type JsonSchema = Json | boolean;

const COMPONENT_PREFIX = '#/components/schemas/';

/** Where component schemas live in the schemas the playground ships: `{ $defs: { Name: … } }`. */
export const DEFS_PREFIX = '#/$defs/';

/** OpenAPI keywords that are documentation only and mean nothing to a validator. */
const DOCUMENTATION_ONLY = new Set([
  'description',
  'title',
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'nullable',
  'x-examples',
]);

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
] as const;

/**
 * Converts an OpenAPI schema object (3.0 or 3.1) into a JSON Schema the validator understands, so the
 * sandbox checks requests by the contract's own rules:
 * - 3.0 `nullable: true` becomes a `null` type (or an `anyOf` with `null` where there is no type);
 * - 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric form;
 * - refs to component schemas point into `$defs`, where the playground ships each schema once;
 * - examples and other annotations that only document are dropped.
 * Schemas of a 3.1 document are JSON Schema already; only their refs are rewritten.
 */
export function toJsonSchema(schema: unknown): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) return {};
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DOCUMENTATION_ONLY.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith(COMPONENT_PREFIX) ? DEFS_PREFIX + value.slice(COMPONENT_PREFIX.length) : value;
    } else if ((SUBSCHEMA_MAPS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub)]));
    } else if ((SUBSCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map(toJsonSchema);
    } else if ((SUBSCHEMAS as readonly string[]).includes(key) && (isObject(value) || typeof value === 'boolean')) {
      out[key] = toJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
  return schema.nullable === true ? withNull(out) : out;
}

function withNull(schema: Json): Json {
  if (typeof schema.type === 'string') {
    const nullable: Json = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
