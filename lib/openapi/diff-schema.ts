// How two schemas of the API model differ, field by field: types, enum values, required and added fields, each
// change flagged as breaking for the side it is on (a request's field or a response's). lib/openapi/diff.ts walks
// the operations and webhooks, and hands each body and parameter to diffSchema, with a SchemaWalk: what stays the
// same through the walk of one pair of schemas (the documents, the change list, the side and the operation), so each
// step passes only what changes as it goes down (the two schemas, where they are, and how deep).
import type { SchemaNode } from './model';
import { resolveRef, type SchemaIndex } from './schema-index';

/**
 * What a change of the OpenAPI document does to the reference, on the normalised model: operations,
 * parameters, request and response bodies (field by field) and enum values, each change flagged as
 * breaking with its reason when a partner's working integration could stop working.
 */
export interface ApiChange {
  kind: 'added' | 'removed' | 'changed';
  /** The operation it concerns (its id in the new document when there is one), for links and badges. */
  operationId?: string;
  /** Where: `GET /v2/kilowise/countries`, `getLocations: query parameter userId`, `getLocations: response 200 .name`. */
  where: string;
  /** What changed, in a sentence. */
  detail: string;
  /** Why the change breaks integrations; undefined when it does not. */
  breaking?: string;
}

/** The component schemas of both models, and the named schemas being compared on the current path (a cycle stops there). */
export interface Scope {
  before: SchemaIndex;
  after: SchemaIndex;
  open: Set<string>;
}

const MAX_DEPTH = 8;
type Side = 'request' | 'response';

/** What stays the same through the walk of one pair of schemas, field by field. */
export interface SchemaWalk {
  /** Both documents' component schemas, and the named schemas open on the current path. */
  scope: Scope;
  /** The list each change is written to. */
  changes: ApiChange[];
  /** Read as a request's (a narrower type breaks) or a response's (a wider or changed one does). */
  side: Side;
  /** The operation the changes concern; undefined for a webhook's payload. */
  operationId: string | undefined;
}

/** A node's type in a word or two: `string`, `integer`, `array of string`, `object`. */
function typeName(node: SchemaNode | undefined): string {
  if (!node) return 'nothing';
  switch (node.kind) {
    case 'primitive':
      return node.type ?? 'any';
    case 'array':
      return `array of ${typeName(node.items)}`;
    case 'map':
      return `map of ${typeName(node.values)}`;
    case 'ref':
      return node.refName ?? 'object';
    case 'circular':
    case 'object':
      return 'object';
    default:
      return node.kind;
  }
}

/** Whether a request that was valid for `before` can be refused by `after` because the type is narrower. */
function narrowed(before: SchemaNode, after: SchemaNode): boolean {
  if (before.kind === 'any' && after.kind !== 'any') return true;
  if (before.kind === 'primitive' && after.kind === 'primitive') {
    if (before.type === after.type) return false;
    // An integer is a number; the reverse widens.
    return !(before.type === 'integer' && after.type === 'number');
  }
  return before.kind !== after.kind && after.kind !== 'any' && !['oneOf', 'anyOf'].includes(after.kind);
}

/**
 * A list of values set or lifted narrows what a request may send, or widens what a response may hold. A value
 * removed is breaking on either side (the lists are shared between them); a value added is not.
 */
function diffEnum(walk: SchemaWalk, before: SchemaNode, after: SchemaNode, where: string): void {
  const { changes, side, operationId } = walk;
  const old = new Set(before.enum ?? []);
  const now = new Set(after.enum ?? []);
  if (before.enum && !after.enum) {
    changes.push({
      kind: 'changed',
      operationId,
      where,
      detail: 'no longer limited to a list of values',
      breaking: side === 'response' ? 'a widened type: readers may get values they do not know' : undefined,
    });
    return;
  }
  if (!before.enum && after.enum) {
    changes.push({
      kind: 'changed',
      operationId,
      where,
      detail: `now limited to ${[...now].join(', ')}`,
      breaking: side === 'request' ? 'a narrowed type: values accepted before are refused now' : undefined,
    });
    return;
  }
  for (const value of old)
    if (!now.has(value))
      changes.push({
        kind: 'removed',
        operationId,
        where,
        detail: `enum value ${value} removed`,
        breaking: 'a removed enum value',
      });
  for (const value of now)
    if (!old.has(value)) changes.push({ kind: 'added', operationId, where, detail: `enum value ${value} added` });
}

/** Named schemas are compared by what they hold: a field moved into a component schema is no change. */
function diffNamedSchemas(walk: SchemaWalk, before: SchemaNode, after: SchemaNode, where: string, depth: number): void {
  const { scope } = walk;
  const key = `${before.refName ?? ''}→${after.refName ?? ''}`;
  if (scope.open.has(key)) return;
  scope.open.add(key);
  const annotations = (node: SchemaNode) => (node.kind === 'ref' && node.nullable ? { nullable: true } : {});
  const old = resolveRef(before, scope.before);
  const now = resolveRef(after, scope.after);
  if (old && now) diffSchema(walk, { ...old, ...annotations(before) }, { ...now, ...annotations(after) }, where, depth);
  scope.open.delete(key);
}

/** Field by field, as deep as the trees go (a recursive schema stops at its cycle). */
export function diffSchema(
  walk: SchemaWalk,
  before: SchemaNode | undefined,
  after: SchemaNode | undefined,
  where: string,
  depth = 0,
): void {
  if (!before || !after || depth > MAX_DEPTH) return;
  if (before.kind === 'ref' || after.kind === 'ref') {
    diffNamedSchemas(walk, before, after, where, depth);
    return;
  }
  const { changes, side, operationId } = walk;
  if (typeName(before) !== typeName(after) && !(before.kind === 'object' && after.kind === 'object')) {
    const narrowing =
      side === 'request' ? narrowed(before, after) : narrowed(after, before) || before.kind !== after.kind;
    changes.push({
      kind: 'changed',
      operationId,
      where,
      detail: `type ${typeName(before)} → ${typeName(after)}`,
      breaking: narrowing
        ? side === 'request'
          ? 'a narrowed type: values accepted before are refused now'
          : 'a changed type: readers of the old type break'
        : undefined,
    });
    return;
  }
  if (before.nullable && !after.nullable && side === 'request')
    changes.push({
      kind: 'changed',
      operationId,
      where,
      detail: 'no longer nullable',
      breaking: 'a narrowed type: null is refused now',
    });
  if (!before.nullable && after.nullable && side === 'response')
    changes.push({
      kind: 'changed',
      operationId,
      where,
      detail: 'may now be null',
      breaking: 'a changed type: readers may now get null',
    });
  if (before.enum || after.enum) diffEnum(walk, before, after, where);
  if (before.kind === 'array' || before.kind === 'map') {
    diffSchema(
      walk,
      before.kind === 'array' ? before.items : before.values,
      after.kind === 'array' ? after.items : after.values,
      `${where}[]`,
      depth + 1,
    );
    return;
  }
  diffFields(walk, before, after, where, depth);
}

/** An object's fields: added, removed, required or no longer always present, and each one's schema. */
function diffFields(walk: SchemaWalk, before: SchemaNode, after: SchemaNode, where: string, depth: number): void {
  const { changes, side, operationId } = walk;
  const oldFields = new Map((before.properties ?? []).map((property) => [property.name, property]));
  const newFields = new Map((after.properties ?? []).map((property) => [property.name, property]));
  for (const [name, field] of newFields) {
    const previous = oldFields.get(name);
    const at = `${where}.${name}`;
    if (!previous) {
      changes.push({
        kind: 'added',
        operationId,
        where: at,
        detail: `field ${name} added${field.required ? ' (required)' : ''}`,
        breaking:
          field.required && side === 'request' ? 'a new required field: requests without it are refused' : undefined,
      });
      continue;
    }
    if (!previous.required && field.required && side === 'request') {
      changes.push({
        kind: 'changed',
        operationId,
        where: at,
        detail: `field ${name} is now required`,
        breaking: 'a new required field: requests without it are refused',
      });
    }
    if (previous.required && !field.required && side === 'response') {
      changes.push({
        kind: 'changed',
        operationId,
        where: at,
        detail: `field ${name} is no longer always present`,
        breaking: 'a response field readers rely on may be missing',
      });
    }
    diffSchema(walk, previous.node, field.node, at, depth + 1);
  }
  for (const [name] of oldFields) {
    if (newFields.has(name)) continue;
    changes.push({
      kind: 'removed',
      operationId,
      where: `${where}.${name}`,
      detail: `field ${name} removed`,
      breaking: side === 'response' ? 'a removed response field: readers of it break' : undefined,
    });
  }
}
