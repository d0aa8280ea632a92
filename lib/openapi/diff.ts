// The changes between two API models, for the previews' report and the changelog: operations, parameters,
// request and response bodies and webhooks, each flagged as breaking with its reason (ApiChange). The bodies'
// schemas are compared field by field in lib/openapi/diff-schema.ts.
import type { ApiMedia, ApiModel, ApiOperation, ApiParameter, ApiWebhook } from './model';
import { schemaIndex } from './schema-index';
import { diffSchema, type ApiChange, type Scope } from './diff-schema';
import { wireMethod } from './methods';

export type { ApiChange } from './diff-schema';

export interface DiffOptions {
  /** Renamed anchors of the anchor manifest (`operation/old` → `operation/new`), to say whether a rename is covered. */
  anchorAliases?: Readonly<Record<string, string>>;
}

const operationsOf = (model: ApiModel) => model.tags.flatMap((tag) => tag.operations);
const endpoint = (operation: ApiOperation) => `${wireMethod(operation.method)} ${operation.path}`;
/** What a body holds: its schema, or for a 3.2 stream (`itemSchema`) each item's. */
const bodyOf = (media: ApiMedia | undefined) => media?.itemSchema ?? media?.schema;
const parameterKey = (parameter: ApiParameter) =>
  `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;

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
    diffSchema({ scope, changes, side: 'request', operationId: id }, previous.schema, parameter.schema, where);
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
      { scope, changes, side: 'request', operationId: id },
      bodyOf(oldBody.media[0]),
      bodyOf(newBody.media[0]),
      `${id}: request body`,
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
      { scope, changes, side: 'response', operationId: id },
      bodyOf(previous.media[0]),
      bodyOf(response.media[0]),
      isStream ? `${where} (each item)` : where,
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
      { scope, changes, side: 'response', operationId: undefined },
      bodyOf(previous.requestBody?.media[0]),
      bodyOf(webhook.requestBody?.media[0]),
      `${where}: payload`,
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
