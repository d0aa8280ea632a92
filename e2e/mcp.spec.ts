import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from './fixtures';

/** The SDK's own client, connected to the production build's /mcp. */
async function connect(baseURL: string | undefined): Promise<Client> {
  const client = new Client({ name: 'kilowise-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseURL)));
  return client;
}

type Content = { type: string; text?: string }[];
const textOf = (result: object) =>
  (('content' in result ? result.content : []) as Content).map((part) => part.text ?? '').join('\n');

test.describe('the docs MCP server at /mcp', () => {
  test('lists its tools, searches, then reads the page it found', async ({ baseURL }) => {
    const client = await connect(baseURL);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'search_docs',
        'read_page',
        'get_operation',
        'get_schema',
        'get_sdk_symbol',
        'sandbox_request',
        'sandbox_control',
        'list_recipes',
        'run_recipe',
      ]);
      for (const tool of tools) expect(tool.description?.length ?? 0).toBeGreaterThan(60);
      const search = textOf(
        await client.callTool({ name: 'search_docs', arguments: { query: 'ready time', kind: 'guide', limit: 3 } }),
      );
      const path = /path: `([^`#]+)/.exec(search)?.[1];
      expect(path).toMatch(/^\/(docs|sdk)\//);
      const page = textOf(await client.callTool({ name: 'read_page', arguments: { path } }));
      expect(page).toMatch(/^# /);
      expect(page.toLowerCase()).toContain('ready');
      const resource = await client.readResource({ uri: 'kilowise-docs:///docs/smart-charging' });
      expect(JSON.stringify(resource.contents)).toContain('Smart charging');
    } finally {
      await client.close();
    }
  });

  test('get_operation for getLocations has userId, its schemas and the kilowise-client call', async ({ baseURL }) => {
    const client = await connect(baseURL);
    try {
      const text = textOf(
        await client.callTool({
          name: 'get_operation',
          arguments: { operationId: 'getLocations', language: 'python' },
        }),
      );
      expect(text).toContain('`GET /v2/kilowise/users/{userId}/locations`');
      expect(text).toContain('| `userId` | path | yes |');
      expect(text).toContain('"spotPriceAreaId"');
      expect(text).toContain('kilowise.locations.list');
      expect(text).toContain('import requests');
      const byPath = textOf(
        await client.callTool({
          name: 'get_operation',
          arguments: { method: 'get', path: '/v2/kilowise/users/user-4711/locations' },
        }),
      );
      expect(byPath).toContain('(getLocations)');
    } finally {
      await client.close();
    }
  });

  test("a session's sandbox keeps what it adds, and a second session does not see it", async ({ baseURL }) => {
    const first = await connect(baseURL);
    const second = await connect(baseURL);
    try {
      const body = {
        name: 'Agent cabin',
        coordinates: { latitude: 61.5, longitude: 16.4 },
        countryCode: 'SE',
        postalCode: '82050',
        streetAddress: 'Skogsvägen 1',
        city: 'Los',
      };
      const added = textOf(
        await first.callTool({
          name: 'sandbox_request',
          arguments: { method: 'POST', path: '/v2/kilowise/users/user-4711/locations', body },
        }),
      );
      expect(added).toContain('→ 200');
      const listed = textOf(
        await first.callTool({
          name: 'sandbox_request',
          arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' },
        }),
      );
      expect(listed).toContain('Agent cabin');
      const other = textOf(
        await second.callTool({
          name: 'sandbox_request',
          arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' },
        }),
      );
      expect(other).toContain('→ 200');
      expect(other).not.toContain('Agent cabin');
      const refused = textOf(
        await first.callTool({
          name: 'sandbox_request',
          arguments: {
            method: 'POST',
            path: '/v2/kilowise/users/user-4711/locations',
            body: { name: 'No coordinates' },
          },
        }),
      );
      expect(refused).toContain('→ 400');
      expect(refused).toContain('coordinates');
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("lists the recipes and runs one on the session's sandbox, which keeps what it made", async ({ baseURL }) => {
    const client = await connect(baseURL);
    try {
      const list = textOf(await client.callTool({ name: 'list_recipes', arguments: {} }));
      expect(list).toContain('## first-smart-charging-smartcar: First smart charging with a Smartcar vehicle');
      const run = textOf(
        await client.callTool({
          name: 'run_recipe',
          arguments: { workflowId: 'onboard-ocpp-charger', inputs: { chargerName: 'Agent garage' } },
        }),
      );
      expect(run).toContain('every step succeeded');
      expect(run).toMatch(
        /2\. \*\*register-charger\*\* \(registerCharger\): POST \/v2\/kilowise\/devices\/register-charger → 200/,
      );
      const deviceId = /deviceId = "(dev-[0-9a-f]+)"/.exec(run)?.[1];
      expect(deviceId).toMatch(/^dev-[0-9a-f]+$/);
      const devices = textOf(
        await client.callTool({
          name: 'sandbox_request',
          arguments: { method: 'GET', path: '/v2/kilowise/devices', query: { userId: 'user-4711' } },
        }),
      );
      expect(devices).toContain(`"id": "${deviceId ?? ''}"`);
      const failed = textOf(
        await client.callTool({
          name: 'run_recipe',
          arguments: { workflowId: 'charge-now-and-back-to-smart', inputs: { deviceId: 'dev-nope' } },
        }),
      );
      expect(failed).toContain('Failed: The criterion $statusCode == 200 does not hold (status 404');
      const missing = await client.callTool({ name: 'run_recipe', arguments: { workflowId: 'onboard-charger' } });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain('onboard-ocpp-charger');
    } finally {
      await client.close();
    }
  });

  test('bad input gets tool errors naming the nearest matches, and bad messages JSON-RPC errors', async ({
    baseURL,
    request,
  }) => {
    const client = await connect(baseURL);
    try {
      const operation = await client.callTool({ name: 'get_operation', arguments: { operationId: 'getLocation' } });
      expect(operation.isError).toBe(true);
      expect(textOf(operation)).toBe(
        'No operation named "getLocation". Nearest: getLocations, addLocation, deleteLocation.',
      );
      const schema = await client.callTool({ name: 'get_schema', arguments: { name: 'EvPrefs' } });
      expect(schema.isError).toBe(true);
      expect(textOf(schema)).toContain('EvPreferences');
      const page = await client.callTool({ name: 'read_page', arguments: { path: '/docs/smart-chargin' } });
      expect(textOf(page)).toContain('/docs/smart-charging');
      const symbol = await client.callTool({
        name: 'get_sdk_symbol',
        arguments: { package: 'kilowise-client', name: 'VehiclePref' },
      });
      expect(textOf(symbol)).toContain('VehiclePreferences');
      const tooLong = await client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(500) } });
      expect(tooLong.isError).toBe(true);
    } finally {
      await client.close();
    }
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    // Sent as written (a Buffer): text that does not parse is a parse error, -32700.
    const notJson = await request.post('/mcp', { headers, data: Buffer.from('{ not json') });
    expect(notJson.status()).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);
    // A string is sent as JSON ("{ not json"): JSON, but no message, is an Invalid Request, -32600.
    const notMessage = await request.post('/mcp', { headers, data: '{ not json' });
    expect(notMessage.status()).toBe(400);
    expect((await notMessage.json()).error.code).toBe(-32600);
    // GET opens no stream here, with a session or without: 405 naming what /mcp serves.
    const noSession = await request.get('/mcp');
    expect(noSession.status()).toBe(405);
    expect(noSession.headers()['allow']).toBe('POST, DELETE');
    const unknownSession = await request.post('/mcp', {
      headers: {
        'mcp-session-id': 'nope',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(unknownSession.status()).toBe(404);
  });
});
