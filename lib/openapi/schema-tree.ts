import { markdownToSafeHtml } from './markdown';
import type { SchemaNode } from './model';

/** A JSON object of the spec document. */
export type Json = Record<string, unknown>;

const SCHEMA_REF_PREFIX = '#/components/schemas/';

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows an internal JSON pointer (`#/components/schemas/X`) in `document`. */
export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only internal $refs are supported after bundling, got "${ref}"`);
  let current: unknown = document;
  for (const token of ref.slice(2).split('/').map(decodePointerToken)) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Json)[token];
  }
  return current;
}

function stringifyValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Annotations that sit beside the structure: description, flags, constraints. */
function annotations(schema: Json): Partial<SchemaNode> {
  const node: Partial<SchemaNode> = {};
  const description = markdownToSafeHtml(typeof schema.description === 'string' ? schema.description : undefined);
  if (description) node.descriptionHtml = description;
  if (typeof schema.format === 'string') node.format = schema.format;
  if (schema.default !== undefined) node.default = stringifyValue(schema.default);
  if (typeof schema.pattern === 'string') node.pattern = schema.pattern;
  if (typeof schema.minimum === 'number') node.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') node.maximum = schema.maximum;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.nullable === true) node.nullable = true;
  if (Array.isArray(schema.enum)) node.enum = schema.enum.map((value) => String(value));
  return node;
}

function withoutUndefined(node: SchemaNode): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined)) as SchemaNode;
}

/**
 * Builds schema trees from a bundled document. `$ref`s to component schemas are expanded in place and
 * keep their name (`refName`) for links; a ref back to a schema already being expanded on the current
 * path becomes a `circular` node, so recursive schemas render finitely.
 */
export function createSchemaTreeBuilder(document: Json) {
  function build(value: unknown, stack: readonly string[]): SchemaNode {
    if (!isObject(value)) return { kind: 'any' };
    const schema = value;

    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      const name = ref.startsWith(SCHEMA_REF_PREFIX) ? decodePointerToken(ref.slice(SCHEMA_REF_PREFIX.length)) : undefined;
      if (name && stack.includes(name)) return { kind: 'circular', refName: name };
      const target = resolvePointer(document, ref);
      const node = build(target, name ? [...stack, name] : stack);
      // OpenAPI 3.1 allows annotations beside $ref; they win over the target's.
      return withoutUndefined({ ...node, ...annotations({ ...schema, enum: undefined }), refName: name ?? node.refName });
    }

    const own = annotations(schema);
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((part) => build(part, stack));
      const [only] = parts;
      if (parts.length === 1 && only) return withoutUndefined({ ...only, ...own });
      if (parts.every((part) => part.kind === 'object')) {
        const required = new Set<string>();
        const properties = new Map<string, NonNullable<SchemaNode['properties']>[number]>();
        for (const part of parts) for (const property of part.properties ?? []) {
          properties.set(property.name, property);
          if (property.required) required.add(property.name);
        }
        return withoutUndefined({
          kind: 'object',
          ...own,
          properties: [...properties.values()].map((property) => ({ ...property, required: required.has(property.name) })),
        });
      }
      return withoutUndefined({ kind: 'allOf', ...own, variants: parts });
    }
    for (const kind of ['oneOf', 'anyOf'] as const) {
      const variants = schema[kind];
      if (Array.isArray(variants)) return withoutUndefined({ kind, ...own, variants: variants.map((part) => build(part, stack)) });
    }

    const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
    const nullable = types.includes('null') || own.nullable;
    const type = types.find((name) => name !== 'null');

    if (type === 'array' || schema.items !== undefined) {
      return withoutUndefined({ kind: 'array', ...own, nullable, items: build(schema.items, stack) });
    }
    if (type === 'object' || isObject(schema.properties) || schema.additionalProperties !== undefined) {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      const properties = Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([name, property]) => ({
        name,
        required: required.has(name),
        node: build(property, stack),
      }));
      const extra = schema.additionalProperties;
      if (properties.length === 0 && isObject(extra)) {
        return withoutUndefined({ kind: 'map', ...own, nullable, values: build(extra, stack) });
      }
      return withoutUndefined({ kind: 'object', ...own, nullable, properties });
    }
    if (type) {
      return withoutUndefined({ kind: 'primitive', type, ...own, nullable, example: stringifyValue(schema.example) });
    }
    if (own.enum) return withoutUndefined({ kind: 'primitive', type: 'string', ...own });
    return withoutUndefined({ kind: 'any', ...own });
  }

  return {
    /** The tree of any schema object of the document. */
    build: (schema: unknown) => build(schema, []),
    /** The tree of the component schema `name`, which is on its own stack from the start. */
    buildComponent: (name: string) => {
      const components = isObject(document.components) ? document.components : {};
      const schemas = isObject(components.schemas) ? components.schemas : {};
      return withoutUndefined({ ...build(schemas[name], [name]), refName: name });
    },
  };
}
