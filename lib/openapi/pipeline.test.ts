import { httpSample } from '../samples/http';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SpecSettings } from './load';
import type { ApiModel, SchemaNode } from './model';
import { buildApiModel } from './pipeline';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const fromFile = (name: string): SpecSettings => ({
  source: { kind: 'snapshot', location: fixture(name) },
  fallbackToSnapshot: false,
});
const build = (name: string) => buildApiModel(fromFile(name));

/** The model with the machine-specific fixture path replaced, for checked-in expected outputs. */
function portable(model: ApiModel): string {
  return `${JSON.stringify({ ...model, source: { ...model.source, location: path.basename(model.source.location) } }, null, 2)}\n`;
}

describe('spec pipeline: good documents', () => {
  it('normalises an OpenAPI 3.0 JSON document', async () => {
    const model = await build('v30-sessions.json');
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/v30-sessions.model.json');
    const [sessions, other] = model.tags;
    expect(sessions?.operations.map((operation) => operation.operationId)).toEqual(['listSessions']);
    // Untagged operations are kept, under "Other".
    expect(other).toMatchObject({
      name: 'Other',
      slug: 'other',
      operations: [{ operationId: 'deleteSessions', deprecated: true }],
    });
    // Path-level parameters apply to every operation of the path.
    expect(sessions?.operations[0]?.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'path:deviceId',
      'query:status',
    ]);
  });

  it('normalises an OpenAPI 3.1 YAML document, with null types, $ref siblings and oneOf', async () => {
    const model = await build('v31-prices.yaml');
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/v31-prices.model.json');
    const area = model.schemas.find((schema) => schema.name === 'Area')?.node;
    const name = area?.properties?.find((property) => property.name === 'name')?.node;
    expect(name).toMatchObject({ kind: 'primitive', type: 'string', nullable: true });
    const kind = area?.properties?.find((property) => property.name === 'kind')?.node;
    expect(kind?.kind).toBe('oneOf');
    const body = model.tags
      .flatMap((tag) => tag.operations)
      .find((operation) => operation.operationId === 'addArea')?.requestBody;
    expect(body?.media[0]?.schema).toMatchObject({
      kind: 'ref',
      refName: 'Area',
      descriptionHtml: '<p>The area to add.</p>',
    });
    // An operation with `security: []` is public.
    expect(model.tags[0]?.operations[0]?.security).toEqual([]);
  });

  it('builds recursive schemas finitely: a reference to a component schema stays a reference', async () => {
    const model = await build('circular.yaml');
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/circular.model.json');
    const tree = model.schemas[0]?.node as SchemaNode;
    const children = tree.properties?.find((property) => property.name === 'children')?.node;
    expect(children).toMatchObject({ kind: 'array', items: { kind: 'ref', refName: 'TreeNode' } });
    expect(JSON.stringify(model).length).toBeLessThan(20_000);
  });

  it('keeps raw HTML and script links from descriptions inert', async () => {
    const model = await build('v31-prices.yaml');
    const html = model.tags[0]?.operations[0]?.descriptionHtml ?? '';
    expect(html).toContain('Prices in EUR per kWh.');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });

  it("describes each operation's sample request: the required parameters' examples and the key header", async () => {
    const model = await build('v30-sessions.json');
    const request = model.tags[0]?.operations[0]?.sampleRequest;
    expect(request).toMatchObject({
      method: 'get',
      path: '/v2/devices/{deviceId}/sessions',
      pathParams: { deviceId: 'dev-1' },
      apiKeyHeader: 'x-api-key',
    });
    expect(request && httpSample('curl', request)).toBe(
      `curl https://api.example.test/v2/devices/dev-1/sessions \\\n  --header "x-api-key: $KILOWISE_API_KEY"`,
    );
  });

  it('accepts the pinned Kilowise contract with all 49 operations', async () => {
    const model = await buildApiModel({
      source: { kind: 'snapshot', location: 'content/openapi/kilowise-openapi.yaml' },
      fallbackToSnapshot: false,
    });
    const operations = model.tags.flatMap((tag) => tag.operations);
    expect(operations).toHaveLength(49);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(49);
    expect(operations.every((operation) => operation.security.includes('apiKey') || operation.tag === 'OAuth')).toBe(
      true,
    );
    expect(operations.find((operation) => operation.operationId === 'getSmartcarStatus')?.deprecated).toBe(true);
  });

  it('describes every operation, parameter and schema of the pinned contract', async () => {
    const model = await buildApiModel({
      source: { kind: 'snapshot', location: 'content/openapi/kilowise-openapi.yaml' },
      fallbackToSnapshot: false,
    });
    const operations = model.tags.flatMap((tag) => tag.operations);
    const undescribed = [
      ...operations
        .filter((operation) => !operation.descriptionHtml)
        .map((operation) => `operation ${operation.operationId}`),
      ...operations.flatMap((operation) =>
        operation.parameters
          .filter((parameter) => !parameter.descriptionHtml)
          .map((parameter) => `parameter ${operation.operationId}.${parameter.name}`),
      ),
      ...model.schemas.filter((schema) => !schema.node.descriptionHtml).map((schema) => `schema ${schema.name}`),
    ];
    expect(undescribed).toEqual([]);
  });
});

describe('spec pipeline: each failure is one line naming the source', () => {
  const cases: [string, RegExp][] = [
    ['broken-invalid.yaml', /^\[openapi\] .*broken-invalid\.yaml: invalid document: .*responses/],
    ['broken-ref.yaml', /^\[openapi\] .*broken-ref\.yaml: unresolvable \$ref: .*Missing/],
    [
      'broken-duplicate-ids.yaml',
      /^\[openapi\] .*broken-duplicate-ids\.yaml: duplicate operationIds: "getThing" \(GET \/a, GET \/b\)$/,
    ],
    ['broken-syntax.yaml', /^\[openapi\] .*broken-syntax\.yaml: the body is neither JSON nor YAML \(YAML: /],
    [
      'broken-html.txt',
      /^\[openapi\] .*broken-html\.txt: the body is neither JSON nor YAML describing an OpenAPI document$/,
    ],
    [
      'broken-version.json',
      /^\[openapi\] .*broken-version\.json: invalid document: this is Swagger 2\.0; OpenAPI 3\.0, 3\.1 or 3\.2 is required$/,
    ],
    ['no-such-file.yaml', /^\[openapi\] .*no-such-file\.yaml: cannot read the snapshot/],
  ];
  for (const [name, message] of cases) {
    it(name, async () => {
      const error = await build(name).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      const text = (error as Error).message;
      expect(text).toMatch(message);
      expect(text.split('\n')).toHaveLength(1);
    });
  }
});

describe('remote specs', () => {
  const snapshotText = () => import('node:fs/promises').then((fs) => fs.readFile(fixture('v30-sessions.json'), 'utf8'));
  const url = 'https://specs.example.test/v3/api-docs';
  const remote = (fallbackToSnapshot = false): SpecSettings => ({
    source: { kind: 'url', location: url },
    fallbackToSnapshot,
  });

  it('fetches JSON from the URL and records where it came from', async () => {
    const body = await snapshotText();
    const fetchStub = vi.fn(async () => new Response(body, { status: 200 }));
    const model = await buildApiModel(remote(), { fetch: fetchStub });
    expect(model.source).toEqual({ kind: 'url', location: url });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx, then names the URL and the HTTP error', async () => {
    const fetchStub = vi.fn(async () => new Response('down', { status: 503, statusText: 'Service Unavailable' }));
    await expect(buildApiModel(remote(), { fetch: fetchStub, retries: 2, retryDelayMs: 1 })).rejects.toThrow(
      `[openapi] ${url}: HTTP 503 Service Unavailable, after 3 attempts`,
    );
    expect(fetchStub).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404', async () => {
    const fetchStub = vi.fn(async () => new Response('missing', { status: 404 }));
    await expect(buildApiModel(remote(), { fetch: fetchStub, retryDelayMs: 1 })).rejects.toThrow(/HTTP 404/);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('names an unreachable URL, and a timeout', async () => {
    const refusal = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:443') });
    const refused = vi.fn(async () => {
      throw refusal;
    });
    const failure = buildApiModel(remote(), { fetch: refused, retries: 1, retryDelayMs: 1 });
    await expect(failure).rejects.toThrow(`[openapi] ${url}: unreachable (fetch failed), after 2 attempts`);
    // The fetch's own error stays the cause, for the scripts' wrapper to print (lib/build/run-main.ts).
    await expect(failure).rejects.toMatchObject({ cause: refusal });
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    await expect(buildApiModel(remote(), { fetch: hanging, retries: 0, timeoutMs: 20 })).rejects.toThrow(
      `[openapi] ${url}: unreachable (timed out after 20 ms), after 1 attempt`,
    );
  });

  it('falls back to the snapshot with a warning when configured, and says so in the model', async () => {
    const warn = vi.fn();
    const fetchStub = vi.fn(async () => new Response('<html>oops</html>', { status: 200 }));
    const model = await buildApiModel(remote(true), { fetch: fetchStub, warn });
    expect(model.source.kind).toBe('snapshot');
    expect(model.source.fallbackReason).toMatch(/neither JSON nor YAML/);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'KILOWISE_OPENAPI_FALLBACK=snapshot, so building from content/openapi/kilowise-openapi.yaml',
      ),
    );
    expect(model.tags.flatMap((tag) => tag.operations)).toHaveLength(49);
  });
});
