import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { handleMcp } from './http';
import { LIMITS } from './limits';
import { connectClient, sessionRequest, textOf } from './testing';

let client: Client;
beforeAll(async () => {
  client = await connectClient('192.0.2.80');
}, 60_000);
afterAll(async () => {
  await client.close();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return { text: textOf(result), isError: result.isError === true };
};

/** The JSON-RPC error a request ends with. */
async function rpcErrorOf(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('the MCP server by the specification', () => {
  it('answers resources/read of an unknown URI with -32002, naming it', async () => {
    for (const uri of ['kilowise-docs:///docs/no-such-page', 'https://example.com/elsewhere', 'no-scheme']) {
      const error = await rpcErrorOf(client.readResource({ uri }));
      expect(error.code, uri).toBe(-32002);
      expect(error.message, uri).toContain(`Resource not found: ${uri}`);
      expect(error.data, uri).toEqual({ uri });
    }
    const page = await client.readResource({ uri: 'kilowise-docs:///docs/smart-charging' });
    expect(JSON.stringify(page.contents)).toContain('Smart charging');
    const openapi = await client.readResource({ uri: 'kilowise-docs://openapi.json' });
    expect(openapi.contents[0]?.mimeType).toBe('application/json');
  });

  it("get_schema knows only the contract's schemas, none of Object.prototype's", async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const { text, isError } = await call('get_schema', { name });
      expect(isError, name).toBe(true);
      expect(text, name).toMatch(new RegExp(`^No schema named "${name}"\\.`));
    }
    expect((await call('get_schema', { name: 'EvPreferences' })).text).toMatch(/^# EvPreferences\n/);
  });

  it('run_recipe refuses unknown inputs and wrong types, naming them, before any step runs', async () => {
    const devices = async () =>
      (await call('sandbox_request', { method: 'GET', path: '/v2/kilowise/devices', query: { userId: 'user-4711' } }))
        .text;
    const before = await devices();
    const refused = await call('run_recipe', {
      workflowId: 'onboard-ocpp-charger',
      inputs: { chargerName: 'Probe garage', chargerNmae: 'typo', userId: 4711 },
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toBe(
      'The inputs of onboard-ocpp-charger do not fit it, so no step ran: no input named "chargerNmae" (its inputs: userId, vendorDeviceId, chargerName, locationId); "userId" must be a string, not the number 4711. list_recipes lists each recipe\'s inputs with their types.',
    );
    const typed = await call('run_recipe', {
      workflowId: 'first-smart-charging-smartcar',
      inputs: { targetSoC: '80' },
    });
    expect(typed.text).toContain('"targetSoC" must be an integer, not the string "80"');
    expect(await devices()).toBe(before);
    const ran = await call('run_recipe', {
      workflowId: 'onboard-ocpp-charger',
      inputs: { chargerName: 'Probe garage' },
    });
    expect(ran.text).toContain('every step succeeded');
  });
});

describe('search_docs answers as the search box does (#50)', () => {
  it('gives sections under their page, each with the passage that matches, and never ends empty', async () => {
    const { text, isError } = await call('search_docs', { query: 'how do I charge immediately', limit: 5 });
    expect(isError).toBe(false);
    const lines = text.split('\n');
    // The first result's page heads it, then the section with its path, then its passage.
    const heading = lines.findIndex((line) => line.startsWith('## '));
    expect(lines[heading]).toBe('## Docs › Smart charging');
    expect(lines[heading + 1]).toMatch(
      /^1\. \*\*Charge now\*\* \(guide\) — path: `\/docs\/smart-charging#charge-now`$/,
    );
    expect(lines[heading + 2]).toMatch(/^ {3}> .*\bnow\b/i);
    const empty = await call('search_docs', { query: 'qwallbxq' });
    expect(empty.text).toContain('No results for "qwallbxq"');
    expect(empty.text).toMatch(/The closest sections:\n- \*\*[^*]+\*\* — path: `\//);
  });
});

describe('sandbox_request bounds its input before any work', () => {
  const path = '/v2/kilowise/countries';

  it('refuses more query parameters or headers than it takes, naming the limit', async () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 'v']));
    const query = await call('sandbox_request', { method: 'GET', path, query: many(LIMITS.queryParams + 1) });
    expect(query).toEqual({
      isError: true,
      text: `The query has ${LIMITS.queryParams + 1} parameters; the sandbox takes at most ${LIMITS.queryParams}.`,
    });
    const headers = await call('sandbox_request', { method: 'GET', path, headers: many(LIMITS.headers + 1) });
    expect(headers).toEqual({
      isError: true,
      text: `The request has ${LIMITS.headers + 1} headers; the sandbox takes at most ${LIMITS.headers}.`,
    });
    expect((await call('sandbox_request', { method: 'GET', path, query: many(LIMITS.queryParams) })).text).toMatch(
      /→ 200/,
    );
  });

  it('refuses 40,000 query parameters at once, without blocking the server for seconds', async () => {
    const started = performance.now();
    const { text, isError } = await call('sandbox_request', {
      method: 'GET',
      path,
      query: Object.fromEntries(Array.from({ length: 40_000 }, (_, index) => [`k${index}`, ''])),
    });
    expect(isError).toBe(true);
    expect(text).toContain(`more than the maximum of ${LIMITS.inputElements} elements`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a body nested deeper than its bound with an error naming it, not a stack overflow', async () => {
    // Written by hand: JSON.stringify, the SDK client's too, overflows the stack on 9,000 levels (under the SDK's bound of elements).
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const transport = client.transport as StreamableHTTPClientTransport;
    const callWithBody = async (body: string) => {
      const arguments_ = `{"method":"POST","path":"${path}","body":${body}}`;
      const answer = await handleMcp(
        sessionRequest(
          transport.sessionId ?? '',
          `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"sandbox_request","arguments":${arguments_}}}`,
          { protocolVersion: transport.protocolVersion ?? '' },
        ),
      );
      const { result, error } = (await answer.json()) as {
        result?: { isError?: boolean };
        error?: { message: string };
      };
      return result
        ? { text: textOf(result), isError: result.isError === true }
        : { text: error?.message, isError: true };
    };
    // Past the message's own bound, /mcp refuses it at the door, before the SDK walks it (http.ts).
    expect(await callWithBody(nested(9_000))).toEqual({
      text: 'Invalid Request: a message may nest at most 100 levels deep',
      isError: true,
    });
    const { text: over, isError } = await callWithBody(nested(LIMITS.bodyDepth + 1));
    expect(isError).toBe(true);
    expect(over).toBe(
      `The body is nested more than ${LIMITS.bodyDepth} levels deep; the sandbox takes at most ${LIMITS.bodyDepth}.`,
    );
    // At the bound, the body reaches the sandbox (which answers as the API would).
    const { text } = await callWithBody(nested(LIMITS.bodyDepth));
    expect(text).toMatch(/^POST \/v2\/kilowise\/countries → \d{3}/);
  });
});

describe('get_operation by method and path', () => {
  it('names the operation whose path fits with the most literal segments, with or without a trailing slash', async () => {
    const steve = await call('get_operation', { method: 'get', path: '/v2/kilowise/devices/steve-url/', depth: 0 });
    expect(steve.text).toMatch(/^# .* \(getSteveUrl\)/);
    const device = await call('get_operation', { method: 'GET', path: '/v2/kilowise/devices/dev-1?x=1', depth: 0 });
    expect(device.text).toMatch(/^# .* \(getDevice\)/);
    const template = await call('get_operation', {
      method: 'DELETE',
      path: '/v2/kilowise/devices/{deviceId}',
      depth: 0,
    });
    expect(template.text).toMatch(/^# .* \(deleteDevice\)/);
  });
});
