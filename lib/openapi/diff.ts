import type { ApiMedia, ApiModel, ApiOperation, ApiParameter, ApiWebhook, SchemaNode } from './model';
import { resolveRef, schemaIndex, type SchemaIndex } from './schema-index';
import { wireMethod } from './methods';

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

export interface DiffOptions {
  /** Renamed anchors of the anchor manifest (`operation/old` → `operation/new`), to say whether a rename is covered. */
  anchorAliases?: Readonly<Record<string, string>>;
}

/** The component schemas of both models, and the named schemas being compared on the current path (a cycle stops there). */
interface Scope {
  before: SchemaIndex;
  after: SchemaIndex;
  open: Set<string>;
}

const MAX_DEPTH = 8;
type Side = 'request' | 'response';

const operationsOf = (model: ApiModel) => model.tags.flatMap((tag) => tag.operations);
const endpoint = (operation: ApiOperation) => `${wireMethod(operation.method)} ${operation.path}`;
/** What a body holds: its schema, or for a 3.2 stream (`itemSchema`) each item's. */
const bodyOf = (media: ApiMedia | undefined) => media?.itemSchema ?? media?.schema;
const parameterKey = (parameter: ApiParameter) =>
  `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;

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
function diffEnum(
  before: SchemaNode,
  after: SchemaNode,
  side: Side,
  where: string,
  operationId: string | undefined,
  changes: ApiChange[],
): void {
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
function diffNamedSchemas(
  scope: Scope,
  before: SchemaNode,
  after: SchemaNode,
  side: Side,
  where: string,
  operationId: string | undefined,
  changes: ApiChange[],
  depth: number,
): void {
  const key = `${before.refName ?? ''}→${after.refName ?? ''}`;
  if (scope.open.has(key)) return;
  scope.open.add(key);
  const annotations = (node: SchemaNode) => (node.kind === 'ref' && node.nullable ? { nullable: true } : {});
  const old = resolveRef(before, scope.before);
  const now = resolveRef(after, scope.after);
  if (old && now)
    diffSchema(
      scope,
      { ...old, ...annotations(before) },
      { ...now, ...annotations(after) },
      side,
      where,
      operationId,
      changes,
      depth,
    );
  scope.open.delete(key);
}

/** Field by field, as deep as the trees go (a recursive schema stops at its cycle). */
function diffSchema(
  scope: Scope,
  before: SchemaNode | undefined,
  after: SchemaNode | undefined,
  side: Side,
  where: string,
  operationId: string | undefined,
  changes: ApiChange[],
  depth = 0,
): void {
  if (!before || !after || depth > MAX_DEPTH) return;
  if (before.kind === 'ref' || after.kind === 'ref') {
    diffNamedSchemas(scope, before, after, side, where, operationId, changes, depth);
    return;
  }
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
  if (before.enum || after.enum) diffEnum(before, after, side, where, operationId, changes);
  if (before.kind === 'array' || before.kind === 'map') {
    diffSchema(
      scope,
      before.kind === 'array' ? before.items : before.values,
      after.kind === 'array' ? after.items : after.values,
      side,
      `${where}[]`,
      operationId,
      changes,
      depth + 1,
    );
    return;
  }
  diffFields(scope, before, after, side, where, operationId, changes, depth);
}

/** An object's fields: added, removed, required or no longer always present, and each one's schema. */
function diffFields(
  scope: Scope,
  before: SchemaNode,
  after: SchemaNode,
  side: Side,
  where: string,
  operationId: string | undefined,
  changes: ApiChange[],
  depth: number,
): void {
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
    diffSchema(scope, previous.node, field.node, side, at, operationId, changes, depth + 1);
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

function diffOperation(scope: Scope, before: ApiOperation, after: ApiOperation, changes: ApiChange[]): void {
  const id = after.operationId;
  diffParameters(scope, before, after, changes);
  diffRequestBody(scope, before, after, changes);
  diffResponses(scope, before, after, changes);
  if (!before.deprecated && after.deprecated)
    changes.push({
      kind: 'changed',
      operationId: id,
      where: `${id}: ${endpoint(after)}`,
      detail: 'operation deprecated',
    });
  if (before.tag !== after.tag)
    changes.push({
      kind: 'changed',
      operationId: id,
      where: `${id}: ${endpoint(after)}`,
      detail: `moved from tag ${before.tag} to ${after.tag}`,
    });
}

/** Parameters by where and name: added, removed, newly required or deprecated, and each one's schema. */
function diffParameters(scope: Scope, before: ApiOperation, after: ApiOperation, changes: ApiChange[]): void {
  const id = after.operationId;
  const parameters = new Map(before.parameters.map((parameter) => [parameterKey(parameter), parameter]));
  for (const parameter of after.parameters) {
    const previous = parameters.get(parameterKey(parameter));
    const where = `${id}: ${parameter.in} parameter ${parameter.name}`;
    if (!previous) {
      changes.push({
        kind: 'added',
        operationId: id,
        where,
        detail: `${parameter.required ? 'required' : 'optional'} parameter added`,
        breaking: parameter.required ? 'a new required parameter' : undefined,
      });
      continue;
    }
    if (!previous.required && parameter.required)
      changes.push({
        kind: 'changed',
        operationId: id,
        where,
        detail: 'now required',
        breaking: 'a new required parameter',
      });
    if (!previous.deprecated && parameter.deprecated)
      changes.push({ kind: 'changed', operationId: id, where, detail: 'deprecated' });
    diffSchema(scope, previous.schema, parameter.schema, 'request', where, id, changes);
  }
  const kept = new Set(after.parameters.map(parameterKey));
  for (const parameter of before.parameters) {
    if (!kept.has(parameterKey(parameter)))
      changes.push({
        kind: 'removed',
        operationId: id,
        where: `${id}: ${parameter.in} parameter ${parameter.name}`,
        detail: 'parameter removed',
      });
  }
}

/** The request body: added, removed, newly required, and its schema, read as a request. */
function diffRequestBody(scope: Scope, before: ApiOperation, after: ApiOperation, changes: ApiChange[]): void {
  const id = after.operationId;
  const oldBody = before.requestBody;
  const newBody = after.requestBody;
  if (!oldBody && newBody) {
    changes.push({
      kind: 'added',
      operationId: id,
      where: `${id}: request body`,
      detail: `request body added${newBody.required ? ' (required)' : ''}`,
      breaking: newBody.required ? 'a new required request body' : undefined,
    });
  } else if (oldBody && !newBody) {
    changes.push({ kind: 'removed', operationId: id, where: `${id}: request body`, detail: 'request body removed' });
  } else if (oldBody && newBody) {
    if (!oldBody.required && newBody.required)
      changes.push({
        kind: 'changed',
        operationId: id,
        where: `${id}: request body`,
        detail: 'now required',
        breaking: 'a new required request body',
      });
    diffSchema(
      scope,
      bodyOf(oldBody.media[0]),
      bodyOf(newBody.media[0]),
      'request',
      `${id}: request body`,
      id,
      changes,
    );
  }
}

/** Responses by status: added, removed (breaking), a body that becomes a stream or stops being one, and each schema. */
function diffResponses(scope: Scope, before: ApiOperation, after: ApiOperation, changes: ApiChange[]): void {
  const id = after.operationId;
  const responses = new Map(before.responses.map((response) => [response.status, response]));
  for (const response of after.responses) {
    const previous = responses.get(response.status);
    const where = `${id}: response ${response.status}`;
    if (!previous) {
      changes.push({ kind: 'added', operationId: id, where, detail: 'response added' });
      continue;
    }
    const [wasStream, isStream] = [Boolean(previous.media[0]?.itemSchema), Boolean(response.media[0]?.itemSchema)];
    if (wasStream !== isStream) {
      changes.push({
        kind: 'changed',
        operationId: id,
        where,
        detail: isStream
          ? `now a stream (${response.media[0]?.contentType ?? ''}) of items`
          : `no longer a stream: one ${response.media[0]?.contentType ?? ''} document`,
        breaking: 'a body read whole before is now read item by item, or the reverse: readers break',
      });
      continue;
    }
    diffSchema(
      scope,
      bodyOf(previous.media[0]),
      bodyOf(response.media[0]),
      'response',
      isStream ? `${where} (each item)` : where,
      id,
      changes,
    );
  }
  const statuses = new Set(after.responses.map((response) => response.status));
  for (const response of before.responses) {
    if (!statuses.has(response.status))
      changes.push({
        kind: 'removed',
        operationId: id,
        where: `${id}: response ${response.status}`,
        detail: 'response removed',
        breaking: 'a removed response',
      });
  }
}

/**
 * Webhooks by anchor: added, removed (breaking: receivers stop getting those events), and their payloads field by
 * field, read as partners read a response (a removed field breaks their handler).
 */
function diffWebhooks(scope: Scope, before: readonly ApiWebhook[], after: readonly ApiWebhook[]): ApiChange[] {
  const changes: ApiChange[] = [];
  const old = new Map(before.map((webhook) => [webhook.anchor, webhook]));
  const now = new Set(after.map((webhook) => webhook.anchor));
  for (const webhook of after) {
    const previous = old.get(webhook.anchor);
    const where = `webhook ${webhook.name}`;
    if (!previous) {
      changes.push({ kind: 'added', where, detail: `webhook ${webhook.name} added` });
      continue;
    }
    if (previous.method !== webhook.method)
      changes.push({
        kind: 'changed',
        where,
        detail: `now sent as ${wireMethod(webhook.method)}`,
        breaking: 'a changed method: receivers that route by it miss the event',
      });
    if (!previous.deprecated && webhook.deprecated) changes.push({ kind: 'changed', where, detail: 'deprecated' });
    diffSchema(
      scope,
      bodyOf(previous.requestBody?.media[0]),
      bodyOf(webhook.requestBody?.media[0]),
      'response',
      `${where}: payload`,
      undefined,
      changes,
    );
  }
  for (const [anchor, webhook] of old) {
    if (!now.has(anchor))
      changes.push({
        kind: 'removed',
        where: `webhook ${webhook.name}`,
        detail: `webhook ${webhook.name} removed`,
        breaking: 'a removed webhook: receivers stop getting its events',
      });
  }
  return changes;
}

/**
 * Every change from `before` to `after`. Operations are matched by operationId; an operation whose id
 * changed is found by its method and path, and one whose path changed by its id.
 */
export function diffApiModels(before: ApiModel, after: ApiModel, options: DiffOptions = {}): ApiChange[] {
  const changes: ApiChange[] = [];
  const aliases = options.anchorAliases ?? {};
  const scope: Scope = {
    before: schemaIndex(before),
    after: schemaIndex(after),
    open: new Set(),
  };
  const oldById = new Map(operationsOf(before).map((operation) => [operation.operationId, operation]));
  const newById = new Map(operationsOf(after).map((operation) => [operation.operationId, operation]));
  const oldByEndpoint = new Map(operationsOf(before).map((operation) => [endpoint(operation), operation]));
  const matched = new Set<string>();
  for (const operation of newById.values()) {
    let previous = oldById.get(operation.operationId);
    if (previous) {
      if (endpoint(previous) !== endpoint(operation)) {
        changes.push({
          kind: 'changed',
          operationId: operation.operationId,
          where: `${operation.operationId}: ${endpoint(previous)}`,
          detail: `now ${endpoint(operation)} (anchors name the operationId, so links to #operation/${operation.operationId} still land)`,
          breaking: 'a changed path or method: requests to the old one fail',
        });
      }
    } else {
      previous = oldByEndpoint.get(endpoint(operation));
      if (previous && !newById.has(previous.operationId)) {
        const covered = aliases[`operation/${previous.operationId}`] === `operation/${operation.operationId}`;
        changes.push({
          kind: 'changed',
          operationId: operation.operationId,
          where: endpoint(operation),
          detail: `operationId ${previous.operationId} → ${operation.operationId}; ${covered ? 'the anchor manifest has an alias, so old links still land' : `no alias in the anchor manifest: links to #operation/${previous.operationId} break (npm run spec:anchors adds one)`}`,
          breaking: covered
            ? 'a changed operationId: generated clients and SDK methods that name it break'
            : 'a changed operationId: links and generated clients that name it break',
        });
      } else {
        previous = undefined;
        changes.push({
          kind: 'added',
          operationId: operation.operationId,
          where: endpoint(operation),
          detail: `operation ${operation.operationId} added: ${operation.summary}`,
        });
      }
    }
    if (previous) {
      matched.add(previous.operationId);
      diffOperation(scope, previous, operation, changes);
    }
  }
  for (const operation of oldById.values()) {
    if (!matched.has(operation.operationId)) {
      changes.push({
        kind: 'removed',
        where: endpoint(operation),
        detail: `operation ${operation.operationId} removed`,
        breaking: 'a removed operation',
      });
    }
  }
  changes.push(...diffWebhooks(scope, before.webhooks, after.webhooks));
  return changes;
}

/** The report as text, breaking changes first, one line each. */
export function formatChanges(changes: readonly ApiChange[], title = 'API changes'): string {
  if (changes.length === 0) return `${title}: none.`;
  const breaking = changes.filter((change) => change.breaking);
  const other = changes.filter((change) => !change.breaking);
  const line = (change: ApiChange) =>
    `  ${change.kind === 'added' ? '+' : change.kind === 'removed' ? '-' : '~'} ${change.where}: ${change.detail}${change.breaking ? ` (breaking: ${change.breaking})` : ''}`;
  return [
    `${title}: ${changes.length} change${changes.length === 1 ? '' : 's'}, ${breaking.length} breaking`,
    ...(breaking.length > 0 ? ['', 'Breaking:', ...breaking.map(line)] : []),
    ...(other.length > 0 ? ['', 'Other changes:', ...other.map(line)] : []),
  ].join('\n');
}
