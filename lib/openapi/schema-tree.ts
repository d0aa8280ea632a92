import { isObject, type JsonObject } from '../json/object';
import { decodePointerToken, encodePointerToken, fragmentTokens } from '../json/pointer';
import { withDescription } from './markdown';
import type { SchemaDiscriminator, SchemaNode } from './model';

/** A JSON object of the spec document. */
export type Json = JsonObject;

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export { isObject, encodePointerToken as pointerToken };

/** Follows an internal JSON pointer (`#/components/schemas/X`) in `document`. */
export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only internal $refs are supported after bundling, got "${ref}"`);
  let current: unknown = document;
  for (const token of fragmentTokens(ref)) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Json)[token];
  }
  return current;
}

/** The component schema a `$ref` names (`#/components/schemas/{name}`, nothing deeper), or undefined. */
export function componentName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const rest = ref.slice(SCHEMA_REF_PREFIX.length);
  return rest.includes('/') ? undefined : decodePointerToken(decodeURIComponent(rest));
}

function stringifyValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Schema keywords the model does not show; each one found is named in a warning with its pointer. */
const UNSUPPORTED_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$recursiveRef',
] as const;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** The JSON type of a `const` or `enum` value, for a schema that gives no `type`. */
function typeOfValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  return Array.isArray(value) ? 'array' : 'object';
}

/** Annotations that sit beside the structure: description, flags, constraints, examples. */
function annotations(schema: Json): Partial<SchemaNode> {
  const node: Partial<SchemaNode> = {};
  Object.assign(node, withDescription(typeof schema.description === 'string' ? schema.description : undefined));
  if (typeof schema.format === 'string') node.format = schema.format;
  if (schema.default !== undefined) node.default = stringifyValue(schema.default);
  if (schema.const !== undefined) node.const = stringifyValue(schema.const);
  if (typeof schema.pattern === 'string') node.pattern = schema.pattern;
  if (typeof schema.minimum === 'number') node.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') node.maximum = schema.maximum;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.nullable === true) node.nullable = true;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    if (values.length < schema.enum.length) node.nullable = true;
    node.enum = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  }
  const examples = [
    ...(schema.example === undefined ? [] : [schema.example]),
    ...(Array.isArray(schema.examples) ? schema.examples : []),
  ];
  if (examples.length > 0) node.examples = examples.map((value) => stringifyValue(value) ?? '');
  return node;
}

function withoutUndefined(node: SchemaNode): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined)) as SchemaNode;
}

/** A schema that is `{ type: 'null' }` and nothing more: a oneOf/anyOf variant that makes the whole nullable. */
function isNullOnly(value: unknown): boolean {
  if (!isObject(value)) return false;
  const types = Array.isArray(value.type) ? value.type : [value.type];
  return types.length === 1 && types[0] === 'null' && value.$ref === undefined && value.properties === undefined;
}

export interface SchemaTreeOptions {
  /** Told about each part of the document the model cannot show, with its JSON pointer. */
  warn?: (pointer: string, message: string) => void;
}

/** What every step of building a document's trees shares: the document, the trees built, and where it is. */
interface Tree {
  document: Json;
  components: Json;
  /** Component schemas built, by name. */
  built: Map<string, SchemaNode>;
  /** Component schemas being built, on the current path. */
  building: Set<string>;
  /** Refs (other than to component schemas) being expanded, on the current path. */
  expanding: string[];
  /** Tells about a part of the document the model cannot show, once each. */
  warn: (pointer: string, message: string) => void;
}

/**
 * Builds schema trees from a bundled document, in time and size linear in the document:
 * - a `$ref` to a component schema becomes a `ref` node; each component schema is built once (`buildComponent`);
 * - any other `$ref` (into a path, or into a component's property) is expanded in place, and one back to a
 *   schema being expanded on the current path becomes a `circular` node;
 * - `allOf` of objects is merged into one object (the fields of every part, required where any part requires
 *   them); a `null` variant of a oneOf/anyOf, a 3.1 `null` type and 3.0 `nullable` all mark the node nullable.
 */
export function createSchemaTreeBuilder(document: Json, options: SchemaTreeOptions = {}) {
  const warned = new Set<string>();
  const tree: Tree = {
    document,
    components:
      isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {},
    built: new Map(),
    building: new Set(),
    expanding: [],
    warn: (pointer, message) => {
      const key = `${pointer} ${message}`;
      if (warned.has(key)) return;
      warned.add(key);
      options.warn?.(pointer, message);
    },
  };
  return {
    /** The tree of any schema object of the document, found at `pointer` (named in warnings). */
    build: (schema: unknown, pointer: string) => build(tree, schema, pointer),
    /** The tree of the component schema `name`, built once however often it is used. */
    buildComponent: (name: string) => component(tree, name),
  };
}

function component(tree: Tree, name: string): SchemaNode {
  const done = tree.built.get(name);
  if (done) return done;
  const pointer = `${SCHEMA_REF_PREFIX}${encodePointerToken(name)}`;
  tree.building.add(name);
  try {
    const node = build(tree, tree.components[name], pointer);
    tree.built.set(name, node);
    return node;
  } finally {
    tree.building.delete(name);
  }
}

/** The node a `ref` stands for (component aliases followed), for merging; undefined while it is being built. */
function target(tree: Tree, node: SchemaNode): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (let hops = 0; current?.kind === 'ref' && hops < 20; hops += 1) {
    const name: string = current.refName ?? '';
    current = tree.building.has(name) ? undefined : component(tree, name);
  }
  return current?.kind === 'ref' ? undefined : current;
}

function build(tree: Tree, value: unknown, pointer: string): SchemaNode {
  if (value === true || value === undefined) return { kind: 'any' };
  if (value === false) return { kind: 'primitive', type: 'never' };
  if (!isObject(value)) {
    tree.warn(pointer, 'is not a schema object; shown as any');
    return { kind: 'any' };
  }
  const schema = value;
  if (typeof schema.$ref === 'string') return refNode(tree, schema, schema.$ref, pointer);

  const own = annotations(schema);
  const unsupported = UNSUPPORTED_KEYWORDS.filter((keyword) => schema[keyword] !== undefined);
  for (const keyword of unsupported)
    tree.warn(`${pointer}/${encodePointerToken(keyword)}`, `"${keyword}" is not shown in the reference`);
  if (unsupported.length > 0) own.unsupported = [...unsupported];
  const discriminator = discriminatorOf(tree, schema, pointer);
  if (discriminator) own.discriminator = discriminator;

  if (Array.isArray(schema.allOf)) return allOf(tree, schema, schema.allOf, own, pointer);
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = schema[kind];
    if (!Array.isArray(list)) continue;
    const kept = list.map((part, index) => ({ part, index })).filter(({ part }) => !isNullOnly(part));
    const nullable = kept.length < list.length || own.nullable;
    const variants = kept.map(({ part, index }) => build(tree, part, `${pointer}/${kind}/${index}`));
    const [only] = variants;
    // `anyOf: [X, {type: 'null'}]` is X or null, shown as 3.0's `nullable` X.
    if (variants.length === 1 && only && !discriminator)
      return withoutUndefined({ ...only, ...own, nullable: nullable || only.nullable || undefined });
    return withoutUndefined({ kind, ...own, nullable: nullable || undefined, variants });
  }

  const declared = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const nullable = declared.includes('null') || own.nullable || undefined;
  const types = declared.filter((name) => name !== 'null');
  if (types.length > 1) return typeArrayNode(tree, schema, types, { ...own, nullable }, pointer);
  const type =
    types[0] ??
    (own.const !== undefined ? typeOfValue(schema.const) : undefined) ??
    (Array.isArray(schema.enum) ? typeOfValue(schema.enum.find((item) => item !== null)) : undefined);

  if (type === 'array' || schema.items !== undefined || Array.isArray(schema.prefixItems)) {
    const prefixItems = Array.isArray(schema.prefixItems)
      ? schema.prefixItems.map((item, index) => build(tree, item, `${pointer}/prefixItems/${index}`))
      : undefined;
    // With prefixItems, `items: false` closes the tuple; no `items` leaves it open to anything.
    const items = schema.items === false && prefixItems ? undefined : build(tree, schema.items, `${pointer}/items`);
    return withoutUndefined({ kind: 'array', ...own, nullable, prefixItems, items });
  }
  if (type === 'object' || isObject(schema.properties) || schema.additionalProperties !== undefined) {
    const properties = propertiesOf(tree, schema, pointer);
    const extra = schema.additionalProperties;
    const values =
      isObject(extra) || extra === true ? build(tree, extra, `${pointer}/additionalProperties`) : undefined;
    if (properties.length === 0 && values) return withoutUndefined({ kind: 'map', ...own, nullable, values });
    return withoutUndefined({ kind: 'object', ...own, nullable, properties, values });
  }
  if (type) return withoutUndefined({ kind: 'primitive', type, ...own, nullable });
  return withoutUndefined({ kind: 'any', ...own, nullable });
}

/**
 * A `$ref`: to a component schema, a `ref` node; to anything else, the target expanded in place (a `circular` node
 * when it is being expanded already). OpenAPI 3.1's annotations beside the `$ref` win over the target's.
 */
function refNode(tree: Tree, schema: Json, ref: string, pointer: string): SchemaNode {
  const overlay = annotations({ ...schema, enum: undefined, const: undefined });
  const name = componentName(ref);
  if (name !== undefined) {
    if (!(name in tree.components)) {
      tree.warn(pointer, `refers to the missing schema ${ref}; shown as any`);
      return withoutUndefined({ kind: 'any', ...overlay });
    }
    return withoutUndefined({ kind: 'ref', refName: name, ...overlay });
  }
  if (tree.expanding.includes(ref)) return withoutUndefined({ kind: 'circular', pointer: ref, ...overlay });
  tree.expanding.push(ref);
  try {
    const node = build(tree, resolvePointer(tree.document, ref), ref);
    return withoutUndefined({ ...node, ...overlay });
  } finally {
    tree.expanding.pop();
  }
}

/**
 * A type array of several types (`null` aside): primitives only, one primitive node (`string or number`); with an
 * object or array in it, one variant per type, each with the keywords that apply to it.
 */
function typeArrayNode(
  tree: Tree,
  schema: Json,
  types: readonly string[],
  own: Partial<SchemaNode>,
  pointer: string,
): SchemaNode {
  if (types.every((name) => PRIMITIVE_TYPES.has(name)))
    return withoutUndefined({ kind: 'primitive', type: types.join(' or '), ...own });
  const variants = types.map((name) => {
    const { items, prefixItems, properties, additionalProperties, required, ...rest } = schema;
    const structure =
      name === 'array'
        ? { items, prefixItems }
        : name === 'object'
          ? { properties, additionalProperties, required }
          : {};
    return build(
      tree,
      {
        ...rest,
        ...structure,
        type: name,
        description: undefined,
        nullable: undefined,
        examples: undefined,
        example: undefined,
      },
      pointer,
    );
  });
  return withoutUndefined({ kind: 'anyOf', ...own, variants });
}

function propertiesOf(tree: Tree, schema: Json, pointer: string): NonNullable<SchemaNode['properties']> {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([name, property]) => ({
    name,
    required: required.has(name),
    node: build(tree, property, `${pointer}/properties/${encodePointerToken(name)}`),
  }));
}

/**
 * `allOf`: objects (named or not) merge into one object with every part's fields, each required when any part
 * (or the schema itself) requires it; anything else stays a composition of its parts.
 */
function allOf(tree: Tree, schema: Json, list: unknown[], own: Partial<SchemaNode>, pointer: string): SchemaNode {
  const parts = list.map((part, index) => build(tree, part, `${pointer}/allOf/${index}`));
  const local = isObject(schema.properties) ? propertiesOf(tree, schema, pointer) : [];
  const [only] = parts;
  if (parts.length === 1 && only && local.length === 0 && !Array.isArray(schema.required))
    return withoutUndefined({ ...only, ...own });
  const resolved = parts.map((part) => target(tree, part));
  const objects = resolved.every(
    (part) => part !== undefined && (part.kind === 'object' || (part.kind === 'any' && !part.variants)),
  );
  if (!objects) {
    if (local.length > 0) parts.push({ kind: 'object', properties: local });
    return withoutUndefined({ kind: 'allOf', ...own, variants: parts });
  }
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties = new Map<string, NonNullable<SchemaNode['properties']>[number]>();
  const rawParts = list.map((part) =>
    isObject(part) && typeof part.$ref === 'string' ? resolvePointer(tree.document, part.$ref) : part,
  );
  for (const raw of rawParts)
    if (isObject(raw) && Array.isArray(raw.required)) for (const name of raw.required) required.add(String(name));
  for (const part of [...resolved, { kind: 'object' as const, properties: local }]) {
    for (const property of part?.properties ?? []) {
      properties.set(property.name, property);
      if (property.required) required.add(property.name);
    }
  }
  const values = resolved.find((part) => part?.values)?.values;
  const discriminator = own.discriminator ?? resolved.find((part) => part?.discriminator)?.discriminator;
  return withoutUndefined({
    kind: 'object',
    ...own,
    discriminator,
    values,
    properties: [...properties.values()].map((property) => ({ ...property, required: required.has(property.name) })),
  });
}

/** The discriminator's property and values; without a mapping, each named variant is selected by its name. */
function discriminatorOf(tree: Tree, schema: Json, pointer: string): SchemaDiscriminator | undefined {
  const discriminator = schema.discriminator;
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
  const mapping: SchemaDiscriminator['mapping'] = [];
  for (const [value, ref] of Object.entries(isObject(discriminator.mapping) ? discriminator.mapping : {})) {
    const text = String(ref);
    const name = componentName(text) ?? (text in tree.components ? text : undefined);
    if (name === undefined)
      tree.warn(
        `${pointer}/discriminator/mapping/${encodePointerToken(value)}`,
        `maps to ${text}, which is not a component schema; not shown`,
      );
    else mapping.push({ value, refName: name });
  }
  const variants = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  for (const variant of variants) {
    const name = isObject(variant) && typeof variant.$ref === 'string' ? componentName(variant.$ref) : undefined;
    if (name !== undefined && !mapping.some((entry) => entry.refName === name))
      mapping.push({ value: name, refName: name });
  }
  return { propertyName: discriminator.propertyName, mapping };
}
