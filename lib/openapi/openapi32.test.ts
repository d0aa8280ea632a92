import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToMarkdown } from '../markdown/api';
import { buildOperationContract } from '../contract/build';
import { httpRequestOf, initialDraft } from '../contract/request-draft';
import { readAnswer, type PlaygroundAnswer } from '../playground/response';
import { httpSample } from '../samples/http';
import { createSandbox } from '../sandbox/sandbox';
import type { SdkReference } from '../typedoc/model';
import { diffApiModels } from './diff';
import type { SpecSettings } from './load';
import type { ApiModel } from './model';
import { buildApi, type ApiBuild } from './pipeline';
import { frameItem, splitItems, streamContentType, streamEnd } from './sequential-media';
import type { Json } from './schema-tree';
import { validateSpec } from './validate';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const fromFile = (name: string): SpecSettings => ({
  source: { kind: 'snapshot', location: fixture(name) },
  fallbackToSnapshot: false,
});

/** The model with the machine-specific fixture path replaced, for the checked-in expected output. */
const portable = (model: ApiModel) =>
  `${JSON.stringify({ ...model, source: { ...model.source, location: path.basename(model.source.location) } }, null, 2)}\n`;

/** A foreign document's contract has no kilowise-client to join. */
const NO_SDK = { symbols: [], operations: [] } as unknown as SdkReference;

const operationOf = (model: ApiModel, id: string) => {
  const found = model.tags.flatMap((tag) => tag.operations).find((operation) => operation.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** A minimal valid 3.2 document with these tags, each operation tagged with the first. */
const withTags = (tags: object[]) => ({
  openapi: '3.2.0',
  info: { title: 'Tags', version: '1' },
  tags,
  paths: { '/a': { get: { operationId: 'a', tags: ['a'], responses: { '204': { description: 'Done' } } } } },
});

// Each model is built in its describe's hook, not as the describe collects its tests: a mutant (Stryker) is
// switched on only when the tests run, and a failed build then fails the describe's tests.
describe('OpenAPI 3.2 in full (a whole document, as a real API writes one)', () => {
  let model: ApiBuild['model'];
  let document: ApiBuild['document'];
  let warnings: ApiBuild['warnings'];
  beforeAll(async () => {
    ({ model, document, warnings } = await buildApi(fromFile('v32-telemetry.yaml')));
  });

  it('matches the expected model, with nothing it cannot show', async () => {
    expect(warnings).toEqual([]);
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/v32-telemetry.model.json');
  });

  it('keeps QUERY and the additionalOperations methods, each with an anchor (one made for an operation without an id)', () => {
    const meters = model.tags.find((tag) => tag.name === 'meters');
    expect(meters?.operations.map((operation) => `${operation.method} ${operation.operationId}`)).toEqual([
      'get listMeters',
      'query searchMeters',
      'get getMeter',
      'LINK link-meters-meterId-',
      'PURGE purgeMeterCache',
    ]);
  });

  it('nests tags under their parents, labelled by their summary; a badge tag marks operations without grouping them', () => {
    expect(model.tags.map((tag) => [tag.name, tag.label, tag.parent, tag.kind])).toEqual([
      ['meters', 'Meters', undefined, 'nav'],
      ['readings', 'Meter readings', 'meters', 'nav'],
      ['live', 'Live streams', 'readings', 'nav'],
      ['exports', 'Bulk exports', undefined, 'nav'],
    ]);
    expect(operationOf(model, 'searchMeters').badges).toEqual(['Beta']);
    expect(operationOf(model, 'listMeters').badges).toBeUndefined();
  });

  it('describes a streamed response by its item schema, with the item example', () => {
    const [events, lines] = operationOf(model, 'streamReadings').responses[0]?.media ?? [];
    expect(events).toMatchObject({ contentType: 'text/event-stream', itemSchema: { kind: 'object' } });
    expect(events?.schema).toBeUndefined();
    expect(JSON.parse(events?.example ?? '{}')).toMatchObject({ event: 'reading' });
    // A $ref'd item schema's own example is the item's example.
    expect(lines).toMatchObject({ contentType: 'application/jsonl', itemSchema: { kind: 'ref', refName: 'Reading' } });
    expect(JSON.parse(lines?.example ?? '{}')).toEqual({ at: '2026-11-24T12:00:00Z', kWh: 0.42, quality: 'measured' });
  });

  it('reads a querystring parameter as one schema, and the samples send its example as the query', () => {
    const readings = operationOf(model, 'listReadings');
    expect(readings.parameters.find((parameter) => parameter.in === 'querystring')).toMatchObject({
      name: 'filter',
      schema: { kind: 'ref', refName: 'ReadingWindow' },
    });
    expect(readings.sampleRequest.query).toEqual([
      ['from', '2026-11-24T00:00:00Z'],
      ['to', '2026-11-25T00:00:00Z'],
      ['resolution', 'PT15M'],
    ]);
  });

  it('keeps response summaries, the server name, dataValue examples and the security schemes 3.2 adds', () => {
    expect(operationOf(model, 'listMeters').responses[0]?.summary).toBe('A page of meters');
    expect(model.serverName).toBe('Sandbox');
    expect(JSON.parse(operationOf(model, 'listMeters').responses[0]?.media[0]?.example ?? '[]')).toHaveLength(2);
    expect(operationOf(model, 'searchMeters').sampleRequest.body?.text).toBe(
      JSON.stringify({ status: 'online', phases: 3 }, null, 2),
    );
    const [apiKey, oauth] = model.securitySchemes;
    expect(apiKey).toMatchObject({ name: 'apiKey', deprecated: true });
    expect(oauth).toMatchObject({
      oauth2MetadataUrl: 'https://auth.gridline.example/.well-known/oauth-authorization-server',
    });
    expect(oauth?.flows?.[0]).toMatchObject({
      flow: 'deviceAuthorization',
      deviceAuthorizationUrl: 'https://auth.gridline.example/device',
      scopes: [{ name: 'readings:read' }],
    });
  });

  it('resolves a ref to the document by its $self URI as a ref into the document', () => {
    const items = operationOf(model, 'searchMeters').responses[0]?.media[0]?.schema?.items;
    expect(items).toEqual({ kind: 'ref', refName: 'Meter' });
  });

  it('writes /api.md with nested tags, the methods as sent, streams and the schemes', () => {
    const markdown = apiToMarkdown(model, 'https://docs.example');
    expect(markdown).toContain('## Meters › Meter readings › Live streams');
    expect(markdown).toContain('`QUERY /meters`');
    expect(markdown).toContain('`LINK /meters/{meterId}`');
    expect(markdown).toContain('(text/event-stream, a stream of object; application/jsonl, a stream of Reading)');
    expect(markdown).toContain('| `filter` | querystring | ReadingWindow |');
    expect(markdown).toContain('- **200**: A page of meters. The meters, oldest first.');
    expect(markdown).toMatch(/Authentication `apiKey`: API key `X-Gridline-Key` in the header \(\*\*deprecated\*\*\)/);
    expect(markdown).toContain('Flow `deviceAuthorization`: device authorization https://auth.gridline.example/device');
  });

  it('writes samples that send QUERY and LINK as they are', () => {
    expect(httpSample('curl', operationOf(model, 'searchMeters').sampleRequest)).toContain('--request QUERY');
    expect(httpSample('python', operationOf(model, 'link-meters-meterId-').sampleRequest)).toMatch(
      /requests\.request\(\s*"LINK",/,
    );
  });

  describe('the playground and its sandbox', () => {
    let contract: ReturnType<typeof buildOperationContract>;
    let sandbox: ReturnType<typeof createSandbox>;
    beforeAll(() => {
      contract = buildOperationContract(document, model, NO_SDK);
      sandbox = createSandbox(contract, { streamDelayMs: 0 });
    });
    const send = (id: string) => {
      const operation = contract.operations.find((candidate) => candidate.operationId === id);
      if (!operation) throw new Error(`no operation ${id}`);
      const request = httpRequestOf(operation, initialDraft(operation), contract.serverUrl);
      return sandbox.handle(
        new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
      );
    };

    it('routes QUERY with its body, and the additionalOperations methods', async () => {
      const query = await send('searchMeters');
      expect(query.status).toBe(200);
      expect(await query.json()).toEqual([{ id: 'mtr_7Qk2', site: 'Harbour Road 12', phases: 3, status: 'online' }]);
      expect((await send('purgeMeterCache')).status).toBe(204);
      expect((await send('link-meters-meterId-')).status).toBe(204);
      // The contract checks the QUERY body as it checks a POST's.
      const refused = await sandbox.handle(
        new Request(`${contract.serverUrl}/meters`, {
          method: 'QUERY',
          body: '{"phases":2}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('phases');
    });

    it('makes the querystring schema a form of query fields, and checks them', async () => {
      const readings = contract.operations.find((operation) => operation.operationId === 'listReadings');
      expect(
        readings?.parameters
          .filter((parameter) => parameter.querystring === 'filter')
          .map((parameter) => [parameter.name, parameter.required, parameter.example]),
      ).toEqual([
        ['from', true, '2026-11-24T00:00:00Z'],
        ['to', true, '2026-11-25T00:00:00Z'],
        ['resolution', false, 'PT15M'],
      ]);
      expect((await send('listReadings')).status).toBe(200);
      const refused = await sandbox.handle(
        new Request(
          `${contract.serverUrl}/meters/mtr_7Qk2/readings?from=2026-11-24T00:00:00Z&to=2026-11-25T00:00:00Z&resolution=PT5M`,
        ),
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('resolution');
    });

    it('answers a streamed response with a short stream, which the playground reads item by item', async () => {
      const response = await send('streamReadings');
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const seen: number[] = [];
      const answer = await readAnswer(response, 1, 'x-kilowise-sandbox', (partial: PlaygroundAnswer) =>
        seen.push(partial.stream?.items.length ?? 0),
      );
      expect(answer.stream).toMatchObject({ open: false });
      expect(answer.stream?.items).toHaveLength(3);
      expect(answer.stream?.items[0]).toMatch(/^event: reading\nid: 1\ndata: \{"at":"2026-11-24T12:00:00Z"/);
      // Shown as they came: the count grew one item at a time.
      expect(seen).toEqual(expect.arrayContaining([0, 1, 2, 3]));
      expect(answer.fromSandbox).toBe(true);
    });
  });

  it('stops reading a stream when its signal aborts, after showing what arrived', async () => {
    const contract = buildOperationContract(document, model, NO_SDK);
    const slow = createSandbox(contract, { streamDelayMs: 200 });
    const response = await slow.handle(new Request(`${contract.serverUrl}/meters/mtr_7Qk2/readings/live`));
    const controller = new AbortController();
    let shown = 0;
    const reading = readAnswer(
      response,
      1,
      'x-kilowise-sandbox',
      (partial) => {
        shown = partial.stream?.items.length ?? 0;
        if (shown === 1) controller.abort();
      },
      controller.signal,
    );
    await expect(reading).rejects.toThrow('The request was stopped');
    expect(shown).toBe(1);
  });

  it('says in spec:diff when a response becomes a stream, and when an operation moves tag', () => {
    const before = structuredClone(model);
    const after = structuredClone(model);
    const export200 = operationOf(before, 'createExport').responses[0];
    if (export200?.media[0])
      export200.media[0] = { contentType: 'application/json', schema: { kind: 'ref', refName: 'Reading' } };
    operationOf(after, 'getMeter').tag = 'exports';
    const changes = diffApiModels(before, after);
    expect(changes).toContainEqual(
      expect.objectContaining({
        where: 'createExport: response 200',
        detail: 'now a stream (application/json-seq) of items',
        breaking: expect.any(String),
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ operationId: 'getMeter', detail: 'moved from tag meters to exports' }),
    );
  });
});

describe('OpenAPI 3.2 tags: bad parents stop the build, naming the tags', () => {
  it('a parent that is not declared', async () => {
    const document = withTags([{ name: 'a', parent: 'ghost' }]);
    const bundled = await validateSpec(document, 'tags.yaml');
    const { normaliseSpec } = await import('./normalise');
    expect(() => normaliseSpec(bundled, { kind: 'snapshot', location: 'tags.yaml' })).toThrow(
      '[openapi] tags.yaml: tag "a" has the parent "ghost", which is not a declared tag',
    );
  });

  it('a cycle of parents', async () => {
    const document = withTags([
      { name: 'a', parent: 'c' },
      { name: 'b', parent: 'a' },
      { name: 'c', parent: 'b' },
    ]);
    const bundled = await validateSpec(document, 'tags.yaml');
    const { normaliseSpec } = await import('./normalise');
    expect(() => normaliseSpec(bundled, { kind: 'snapshot', location: 'tags.yaml' })).toThrow(
      'tags form a cycle of parents: "a" → "c" → "b" → "a"',
    );
  });
});

describe('OpenAPI 3.2 validation', () => {
  it('checks a 3.2 document against the 3.2 schema, naming where it fails', async () => {
    const document = { ...withTags([{ name: 'a', kind: 7 }]) };
    await expect(validateSpec(document, 'bad.yaml')).rejects.toThrow(
      /^\[openapi\] bad\.yaml: invalid document: #\/tags\/0\/kind must be string/,
    );
  });

  it('refuses a field 3.2 does not have', async () => {
    const document = {
      ...withTags([{ name: 'a' }]),
      paths: { '/a': { get: { operationId: 'a', responses: { '204': { description: 'Done' } } }, fetch: {} } },
    };
    await expect(validateSpec(document as Json, 'bad.yaml')).rejects.toThrow(
      /invalid document: #\/paths\/~1a must NOT have unevaluated properties \(fetch\)/,
    );
  });
});

describe('sequential media', () => {
  const types = [
    'text/event-stream',
    'application/jsonl',
    'application/x-ndjson',
    'application/json-seq',
    'multipart/mixed',
  ];
  for (const type of types) {
    it(`frames and splits ${type} back into its items, an unfinished one kept for later`, () => {
      const items = [{ n: 1 }, { n: 2 }];
      const text = items.map((item, index) => frameItem(type, item, index)).join('') + streamEnd(type);
      const { items: read, rest } = splitItems(streamContentType(type), text);
      expect(read.map((item) => (type === 'text/event-stream' ? item.split('data: ')[1] : item))).toEqual([
        '{"n":1}',
        '{"n":2}',
      ]);
      expect(rest.trim()).toBe('');
      const half = text.slice(0, text.indexOf('{"n":2}') + 3);
      expect(splitItems(streamContentType(type), half).items).toHaveLength(1);
    });
  }
});
