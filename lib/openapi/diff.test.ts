import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { diffApiModels, formatChanges, type ApiChange } from './diff';
import type { ApiModel } from './model';
import { normaliseSpec } from './normalise';
import { validateSpec } from './validate';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixture documents are edited freely in the tests

const BASE = 'lib/openapi/fixtures/diff/base.yaml';
const base = (): Doc => parseYaml(readFileSync(BASE, 'utf8')) as Doc;

async function modelOf(document: Doc): Promise<ApiModel> {
  return normaliseSpec(await validateSpec(structuredClone(document), BASE), { kind: 'snapshot', location: BASE });
}

async function changesAfter(
  edit: (document: Doc) => void,
  aliases?: Record<string, string>,
  start: (document: Doc) => void = () => undefined,
): Promise<ApiChange[]> {
  const before = base();
  start(before);
  const after = structuredClone(before);
  edit(after);
  return diffApiModels(await modelOf(before), await modelOf(after), { anchorAliases: aliases });
}

const summary1 = (change: ApiChange) =>
  `${change.kind} ${change.where}: ${change.detail}${change.breaking ? ` [${change.breaking}]` : ''}`;
const summary = (changes: readonly ApiChange[]) => changes.map(summary1);

describe('diffApiModels', () => {
  it('finds nothing between a document and itself', async () => {
    expect(await changesAfter(() => undefined)).toEqual([]);
  });

  it('a removed operation is breaking; an added one is not', async () => {
    expect(summary(await changesAfter((doc) => delete doc.paths['/users/{userId}/locations'].post))).toEqual([
      'removed POST /users/{userId}/locations: operation addLocation removed [a removed operation]',
    ]);
    const added = await changesAfter((doc) => {
      doc.paths['/countries'] = {
        get: { operationId: 'getCountries', summary: 'List countries', responses: { '200': { description: 'ok' } } },
      };
    });
    expect(summary(added)).toEqual(['added GET /countries: operation getCountries added: List countries']);
  });

  it('a new required parameter, or one that becomes required, is breaking; an optional one is not', async () => {
    const required = await changesAfter((doc) =>
      doc.paths['/users/{userId}/locations'].get.parameters.push({
        name: 'country',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    );
    expect(summary(required)).toEqual([
      'added getLocations: query parameter country: required parameter added [a new required parameter]',
    ]);
    const now = await changesAfter((doc) => (doc.paths['/users/{userId}/locations'].get.parameters[0].required = true));
    expect(summary(now)).toEqual([
      'changed getLocations: query parameter limit: now required [a new required parameter]',
    ]);
    const optional = await changesAfter((doc) =>
      doc.paths['/users/{userId}/locations'].get.parameters.push({
        name: 'page',
        in: 'query',
        schema: { type: 'integer' },
      }),
    );
    expect(optional.every((change) => !change.breaking)).toBe(true);
  });

  it('a new required field breaks requests, not responses', async () => {
    const changes = await changesAfter((doc) => {
      const location = doc.components.schemas.Location;
      location.properties.postalCode = { type: 'string' };
      location.required.push('postalCode');
    });
    expect(summary(changes)).toEqual([
      'added getLocations: response 200[].postalCode: field postalCode added (required)',
      'added addLocation: request body.postalCode: field postalCode added (required) [a new required field: requests without it are refused]',
      'added addLocation: response 201.postalCode: field postalCode added (required)',
    ]);
  });

  it('a removed enum value is breaking wherever it is; an added one is not', async () => {
    const removed = await changesAfter((doc) => (doc.components.schemas.Location.properties.kind.enum = ['HOME']));
    expect(removed).toHaveLength(3);
    expect(
      removed.every(
        (change) => change.breaking === 'a removed enum value' && change.detail === 'enum value WORK removed',
      ),
    ).toBe(true);
    const added = await changesAfter((doc) =>
      doc.components.schemas.Location.properties.kind.enum.push('SUMMER_HOUSE'),
    );
    expect(added.map((change) => change.detail)).toEqual([
      'enum value SUMMER_HOUSE added',
      'enum value SUMMER_HOUSE added',
      'enum value SUMMER_HOUSE added',
    ]);
    expect(added.some((change) => change.breaking)).toBe(false);
  });

  it('a narrowed type breaks requests, and a changed type breaks readers of responses', async () => {
    const changes = await changesAfter(
      (doc) => (doc.components.schemas.Location.properties.capacity = { type: 'integer' }),
    );
    expect(summary(changes)).toEqual([
      'changed getLocations: response 200[].capacity: type number → integer',
      'changed addLocation: request body.capacity: type number → integer [a narrowed type: values accepted before are refused now]',
      'changed addLocation: response 201.capacity: type number → integer',
    ]);
  });

  it('a widened type breaks readers of responses, not requests; a field that changes shape says to what', async () => {
    const widened = await changesAfter(
      (doc) => (doc.components.schemas.Location.properties.capacity = { type: 'number' }),
      undefined,
      (doc) => (doc.components.schemas.Location.properties.capacity = { type: 'integer' }),
    );
    expect(summary(widened)).toEqual([
      'changed getLocations: response 200[].capacity: type integer → number [a changed type: readers of the old type break]',
      'changed addLocation: request body.capacity: type integer → number',
      'changed addLocation: response 201.capacity: type integer → number [a changed type: readers of the old type break]',
    ]);
    const reshaped = await changesAfter((doc) => {
      const fields = doc.components.schemas.Location.properties;
      fields.name = { type: 'array', items: { type: 'string' } };
      fields.capacity = { type: 'object', additionalProperties: { type: 'number' } };
    });
    expect(reshaped.filter((change) => change.where.startsWith('addLocation: request')).map(summary1)).toEqual([
      'changed addLocation: request body.name: type string → array of string [a narrowed type: values accepted before are refused now]',
      'changed addLocation: request body.capacity: type number → map of number [a narrowed type: values accepted before are refused now]',
    ]);
  });

  it('a field that may now be null breaks readers of responses; one no longer nullable breaks requests', async () => {
    const nullable = await changesAfter((doc) => (doc.components.schemas.Location.properties.name.nullable = true));
    expect(summary(nullable)).toEqual([
      'changed getLocations: response 200[].name: may now be null [a changed type: readers may now get null]',
      'changed addLocation: response 201.name: may now be null [a changed type: readers may now get null]',
    ]);
    const strict = await changesAfter(
      (doc) => delete doc.components.schemas.Location.properties.name.nullable,
      undefined,
      (doc) => (doc.components.schemas.Location.properties.name.nullable = true),
    );
    expect(summary(strict)).toEqual([
      'changed addLocation: request body.name: no longer nullable [a narrowed type: null is refused now]',
    ]);
  });

  it('a list of values set narrows requests; a list lifted widens responses', async () => {
    const limited = await changesAfter(
      (doc) => (doc.components.schemas.Location.properties.name.enum = ['Home', 'Office']),
    );
    expect(summary(limited)).toEqual([
      'changed getLocations: response 200[].name: now limited to Home, Office',
      'changed addLocation: request body.name: now limited to Home, Office [a narrowed type: values accepted before are refused now]',
      'changed addLocation: response 201.name: now limited to Home, Office',
    ]);
    const lifted = await changesAfter((doc) => delete doc.components.schemas.Location.properties.kind.enum);
    expect(summary(lifted)).toEqual([
      'changed getLocations: response 200[].kind: no longer limited to a list of values [a widened type: readers may get values they do not know]',
      'changed addLocation: request body.kind: no longer limited to a list of values',
      'changed addLocation: response 201.kind: no longer limited to a list of values [a widened type: readers may get values they do not know]',
    ]);
  });

  it('a header parameter is the same parameter whatever the case of its name', async () => {
    const headers = (doc: Doc) => doc.paths['/users/{userId}/locations'].get.parameters as Doc[];
    const renamed = await changesAfter(
      (doc) => (headers(doc)[1]!.name = 'x-request-id'),
      undefined,
      (doc) => headers(doc).push({ name: 'X-Request-Id', in: 'header', schema: { type: 'string' } }),
    );
    expect(renamed).toEqual([]);
  });

  it('a removed response, and a removed response field, are breaking', async () => {
    const response = await changesAfter((doc) => delete doc.paths['/users/{userId}/locations'].get.responses['404']);
    expect(summary(response)).toEqual(['removed getLocations: response 404: response removed [a removed response]']);
    const field = await changesAfter((doc) => delete doc.components.schemas.Location.properties.capacity);
    expect(field.filter((change) => change.breaking).map((change) => change.where)).toEqual([
      'getLocations: response 200[].capacity',
      'addLocation: response 201.capacity',
    ]);
  });

  it('a changed path keeps the anchor; a changed operationId says whether an alias covers it', async () => {
    const moved = await changesAfter((doc) => {
      doc.paths['/v2/users/{userId}/locations'] = doc.paths['/users/{userId}/locations'];
      delete doc.paths['/users/{userId}/locations'];
    });
    expect(moved.filter((change) => change.breaking).map((change) => change.detail)).toEqual([
      'now GET /v2/users/{userId}/locations (anchors name the operationId, so links to #operation/getLocations still land)',
      'now POST /v2/users/{userId}/locations (anchors name the operationId, so links to #operation/addLocation still land)',
    ]);
    const rename = (doc: Doc) => (doc.paths['/users/{userId}/locations'].get.operationId = 'listLocations');
    const uncovered = await changesAfter(rename);
    expect(summary(uncovered)).toEqual([
      'changed GET /users/{userId}/locations: operationId getLocations → listLocations; no alias in the anchor manifest: links to #operation/getLocations break (npm run spec:anchors adds one) [a changed operationId: links and generated clients that name it break]',
    ]);
    const covered = await changesAfter(rename, { 'operation/getLocations': 'operation/listLocations' });
    expect(covered[0]?.detail).toContain('the anchor manifest has an alias, so old links still land');
  });

  it('lists webhooks added, changed field by field and removed; a removed one is breaking', async () => {
    const payload = {
      type: 'object',
      required: ['sessionId'],
      properties: { sessionId: { type: 'string' }, energyKwh: { type: 'number' } },
    };
    const hook = {
      post: {
        summary: 'A session ended',
        requestBody: { content: { 'application/json': { schema: payload } } },
        responses: { '200': { description: 'Received.' } },
      },
    };
    const withHooks = (doc: Doc) => {
      doc.openapi = '3.1.0';
      doc.webhooks = { sessionEnded: structuredClone(hook), priceUpdated: structuredClone(hook) };
    };
    const changes = await changesAfter(
      (doc) => {
        delete doc.webhooks.priceUpdated;
        doc.webhooks.sessionEnded.post.summary = 'A charging session ended';
        delete doc.webhooks.sessionEnded.post.requestBody.content['application/json'].schema.properties.energyKwh;
        doc.webhooks.deviceOffline = structuredClone(hook);
      },
      undefined,
      withHooks,
    );
    expect(summary(changes)).toEqual([
      'removed webhook sessionEnded: payload.energyKwh: field energyKwh removed [a removed response field: readers of it break]',
      'added webhook deviceOffline: webhook deviceOffline added',
      'removed webhook priceUpdated: webhook priceUpdated removed [a removed webhook: receivers stop getting its events]',
    ]);
  });

  it('prints breaking changes first, one line each', async () => {
    const changes = await changesAfter((doc) => {
      delete doc.paths['/users/{userId}/locations'].get.responses['404'];
      doc.components.schemas.Location.properties.kind.enum.push('SUMMER_HOUSE');
    });
    expect(formatChanges(changes).split('\n').slice(0, 4)).toEqual([
      'API changes: 4 changes, 1 breaking',
      '',
      'Breaking:',
      '  - getLocations: response 404: response removed (breaking: a removed response)',
    ]);
    expect(formatChanges([])).toBe('API changes: none.');
  });
});
