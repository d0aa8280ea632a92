import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import * as route from '@/app/mcp/route';
import { createMemoryStore } from '../store/memory';
import { StoreBusyError, StoreUnavailableError, type StateStore } from '../store/store';
import { docsData } from './data';
import { trustedProxies } from '../security/client-address';
import { clientOf } from '../security/client-key';
import { createMcpHandler, handleMcp } from './http';
import { batchProblem, MAX_MESSAGE_BYTES } from './json-rpc';
import { BUSY_RETRIES } from './server-pool';
import { STATE_CONTENDED, STATE_TOO_LARGE, STORE_UNAVAILABLE } from './session-requests';
import { createSessions, SESSION_LIMITS } from './sessions';
import { connectClient, initializeRequest, MCP_URL, sessionRequest, textOf } from './testing';

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** A POST whose body arrives in chunks, with no Content-Length: `chunks` of `size` bytes, counting what was pulled. */
function chunkedPost(chunks: number, size: number): { request: Request; pulled: () => number } {
  let sent = 0;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      // A JSON string that never closes: it must not matter, since the read stops at the limit.
      controller.enqueue(new TextEncoder().encode(sent === 0 ? `"${'x'.repeat(size - 1)}` : 'x'.repeat(size)));
      sent += 1;
      pulled += size;
    },
  });
  const request = new Request(MCP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
    duplex: 'half',
  } as RequestInit);
  expect(request.headers.get('content-length')).toBeNull();
  return { request, pulled: () => pulled };
}

describe('/mcp over HTTP', () => {
  it("refuses a flood of initialize from one client with 429 naming the limit, and keeps other clients' sessions", async () => {
    const other = await connectClient('203.0.113.7');
    clients.push(other);
    const answers = await Promise.all(
      Array.from({ length: 201 }, (_, index) => handleMcp(initializeRequest('198.51.100.9', index + 1))),
    );
    // The session opened before the flood still answers.
    expect((await other.listTools()).tools.length).toBeGreaterThan(0);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SESSION_LIMITS.startsPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(201 - SESSION_LIMITS.startsPerMinute);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused?.json()) as { jsonrpc: string; id: number; error: { code: number; message: string } };
    expect(body.jsonrpc).toBe('2.0');
    expect(body.id).toBeGreaterThan(SESSION_LIMITS.startsPerMinute);
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toMatch(
      new RegExp(`^Too many sessions: one client may start at most ${SESSION_LIMITS.startsPerMinute} a minute\\.`),
    );
    // Another address is not held back by the flood.
    clients.push(await connectClient('198.51.100.10'));
  }, 60_000);

  it('counts the bytes of a chunked body as they arrive and refuses past the limit with 413 naming it', async () => {
    const { request, pulled } = chunkedPost(80, 64 * 1024);
    const answer = await handleMcp(request);
    expect(answer.status).toBe(413);
    const body = (await answer.json()) as { error: { code: number; message: string } };
    expect(body.error.message).toBe(`Payload too large: an MCP message may be at most ${MAX_MESSAGE_BYTES} bytes`);
    // The read stopped at the limit, not at the SDK's 4 MB or the end of the body.
    expect(pulled()).toBeLessThanOrEqual(MAX_MESSAGE_BYTES + 3 * 64 * 1024);
    // A declared length over the limit is refused before reading.
    const declared = new Request(MCP_URL, {
      method: 'POST',
      headers: { 'content-length': String(MAX_MESSAGE_BYTES + 1), 'content-type': 'application/json' },
    });
    expect((await handleMcp(declared)).status).toBe(413);
  });

  it('reads a chunked message under the limit whole', async () => {
    const message = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'chunked', version: '1' } },
    });
    const bytes = new TextEncoder().encode(message);
    const request = new Request(MCP_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': '192.0.2.44',
      },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let start = 0; start < bytes.length; start += 7) controller.enqueue(bytes.slice(start, start + 7));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const answer = await handleMcp(request);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-session-id')).toBeTruthy();
  });

  it('answers OPTIONS with the methods it serves, and 405 with the same Allow for every other method Next knows', async () => {
    const handlers = route as unknown as Record<
      string,
      ((request: Request) => Response | Promise<Response>) | undefined
    >;
    // Every method Next.js routes is exported, so Next adds none of its own (its OPTIONS would list every export).
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'])
      expect(handlers[method], method).toBeTypeOf('function');
    const options = await handlers.OPTIONS?.(new Request(MCP_URL, { method: 'OPTIONS' }));
    expect(options?.status).toBe(204);
    const allow = options?.headers.get('allow');
    expect(allow).toBe('POST, DELETE');
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH']) {
      const answer = await handlers[method]?.(new Request(MCP_URL, { method }));
      expect(answer?.status, method).toBe(405);
      expect(answer?.headers.get('allow'), method).toBe(allow);
    }
    for (const method of allow?.split(', ') ?? []) {
      const answer = await handlers[method]?.(
        new Request(MCP_URL, { method, headers: { 'x-forwarded-for': '192.0.2.45' } }),
      );
      expect(answer?.status, method).not.toBe(405);
    }
  });

  it('keys a client on the address the nearest proxy saw, an IPv6 address on its /64', () => {
    // In process, as on a Vercel-style host: the platform wrote X-Forwarded-For (lib/security/client-address.ts).
    const from = (headers: Record<string, string>) =>
      clientOf(new Request(MCP_URL, { headers }), 'platform', trustedProxies(undefined));
    // nginx's $proxy_add_x_forwarded_for appends the peer's address to whatever the client claimed.
    expect(from({ 'x-forwarded-for': '10.9.9.9, 203.0.113.5' })).toBe('203.0.113.5');
    expect(from({ 'x-forwarded-for': '203.0.113.5' })).toBe('203.0.113.5');
    expect(from({ 'x-forwarded-for': '::ffff:127.0.0.1' })).toBe('127.0.0.1');
    expect(from({ 'x-forwarded-for': '203.0.113.5:51234' })).toBe('203.0.113.5');
    expect(from({ 'x-forwarded-for': '2001:db8:aa:bb:1:2:3:4' })).toBe('2001:db8:aa:bb::/64');
    expect(from({ 'x-forwarded-for': '2001:db8:aa:bb::9' })).toBe(
      from({ 'x-forwarded-for': '[2001:db8:aa:bb:ffff::1]:443' }),
    );
    expect(from({ 'x-forwarded-for': '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    expect(from({ 'x-forwarded-for': '::1' })).toBe('0:0:0:0::/64');
    expect(from({ 'x-forwarded-for': 'not an address', 'x-real-ip': '198.51.100.3' })).toBe('198.51.100.3');
    expect(from({})).toBe('unknown');
  });
});

/** A POST of one JSON-RPC message in session `sessionId`, as the SDK's client sends it. */
const inSession = (sessionId: string, message: object, method = 'POST') =>
  new Request(MCP_URL, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'x-forwarded-for': '192.0.2.60',
    },
    body: method === 'POST' ? JSON.stringify(message) : undefined,
  });

const sessionOf = (client: Client) => (client.transport as StreamableHTTPClientTransport).sessionId ?? '';

/** `/mcp` over an in-memory store of its own, with `limits`, its store wrapped by `wrap`. */
const handlerOver = (limits = SESSION_LIMITS, wrap = (store: StateStore) => store) =>
  createMcpHandler(() =>
    Promise.resolve({
      settings: { limits, logCalls: false, trustedProxies: trustedProxies(undefined) },
      sessions: createSessions(wrap(createMemoryStore(limits)), () => docsData().contract),
    }),
  );

describe('/mcp sessions in the session store', () => {
  it("answers an unknown, ended or malformed session with MCP's 404, GET with 405, and DELETE ends a session", async () => {
    const client = await connectClient('192.0.2.60');
    const sessionId = sessionOf(client);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const list = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    expect((await handleMcp(inSession(sessionId, list))).status).toBe(200);
    for (const id of ['nope', crypto.randomUUID(), 'x'.repeat(5000), `${sessionId}0`]) {
      const answer = await handleMcp(inSession(id, list));
      expect(answer.status, id).toBe(404);
      expect(await answer.json(), id).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32001, message: expect.stringMatching(/^Session not found/) as unknown },
      });
    }
    const again = await handleMcp(
      inSession(sessionId, {
        ...list,
        method: 'initialize',
        params: (JSON.parse(await initializeRequest('x').text()) as { params: object }).params,
      }),
    );
    expect(again.status).toBe(400);
    const stream = await handleMcp(inSession(sessionId, {}, 'GET'));
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST, DELETE');
    const sessionless = await handleMcp(new Request(MCP_URL, { headers: { accept: 'text/event-stream' } }));
    expect(sessionless.status).toBe(405);
    expect(sessionless.headers.get('allow')).toBe('POST, DELETE');
    expect(stream.headers.get('allow')).toBe('POST, DELETE');
    expect((await handleMcp(inSession(sessionId, {}, 'DELETE'))).status).toBe(200);
    expect((await handleMcp(inSession(sessionId, list))).status).toBe(404);
    await client.close();
  });

  it('refuses a change past the state a session may keep with a JSON-RPC error naming the limit, and keeps the sandbox as it was', async () => {
    // The examples' world with its timeline is about 5 KB, and each call adds its entry to the request log (under
    // 1 KB for a small one): 8,000 bytes leave room for a little.
    const limits = { ...SESSION_LIMITS, stateBytes: 8000 };
    const handler = handlerOver(limits);
    const client = await connectClient('192.0.2.61', () => handler);
    const add = (name: string, text = 'Storgatan 1') =>
      client.callTool({
        name: 'sandbox_request',
        arguments: {
          method: 'POST',
          path: '/v2/kilowise/users/user-4711/locations',
          body: {
            name,
            coordinates: { latitude: 59.3, longitude: 18.1 },
            countryCode: 'SE',
            postalCode: '11455',
            streetAddress: text,
            city: 'Stockholm',
          },
        },
      });
    expect(textOf(await add('Small'))).toContain('→ 200');
    // The world's size depends on the hour it was made (the rest of the day's prices and events), so large
    // locations are added until one is refused: at about 1 KB each, within five of them.
    let refused: unknown;
    let tries = 0;
    while (refused === undefined && tries < 5) {
      tries += 1;
      refused = await add(`big-${tries}-${'x'.repeat(480)}`, 'y'.repeat(490)).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(STATE_TOO_LARGE);
    expect((refused as McpError).message).toMatch(
      /past the limit of 8000 bytes a session's state may take in the session store \(in-memory\)/,
    );
    const listed = textOf(
      await client.callTool({
        name: 'sandbox_request',
        arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' },
      }),
    );
    expect(listed).toContain('Small');
    expect(listed).not.toContain(`big-${tries}-`);
    await client.close();
    // A dozen sandbox calls, the first loading the docs' data: seconds on a busy machine.
  }, 30_000);

  it("runs a sandbox call again when its session's state kept changing under it, and answers 409 when it still does", async () => {
    let busy = 0;
    let refused = 0;
    const handler = handlerOver(SESSION_LIMITS, (store) => ({
      ...store,
      update: (id, change, options) => {
        if (busy === 0) return store.update(id, change, options);
        busy -= 1;
        refused += 1;
        return Promise.reject(new StoreBusyError('25 changes of the same entry met other changes of it', 'Redis'));
      },
    }));
    const client = await connectClient('192.0.2.63', () => handler);
    const sessionId = sessionOf(client);
    const read = (id: number) =>
      handler(
        inSession(sessionId, {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'sandbox_request', arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711' } },
        }),
      );
    // Twice busy, then through: the call is answered as if nothing had happened.
    busy = 2;
    const retried = await read(4);
    expect(retried.status).toBe(200);
    expect(JSON.stringify(await retried.json())).toContain('user-4711');
    expect(refused).toBe(2);
    // Busy every time: 409, not 503, after the first try and BUSY_RETRIES more.
    busy = 1_000;
    refused = 0;
    const answer = await read(5);
    expect(answer.status).toBe(409);
    expect(answer.headers.get('retry-after')).toBeNull();
    const body = (await answer.json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(5);
    expect(body.error.code).toBe(STATE_CONTENDED);
    expect(body.error.message).toMatch(/^Conflict: other calls changed this session's sandbox at the same moment/);
    expect(refused).toBe(1 + BUSY_RETRIES);
    busy = 0;
    await client.close();
  });

  it('answers every call with 503 and a JSON-RPC error naming the store while the store fails, and serves again after', async () => {
    let failing = false;
    const unreachable = () => Promise.reject(new StoreUnavailableError('The store (Redis) is unreachable', 'Redis'));
    const handler = handlerOver(SESSION_LIMITS, (store) => ({
      ...store,
      touch: (id) => (failing ? unreachable() : store.touch(id)),
      update: (id, change, options) => (failing ? unreachable() : store.update(id, change, options)),
    }));
    const client = await connectClient('192.0.2.62', () => handler);
    const sessionId = sessionOf(client);
    failing = true;
    const answer = await handler(inSession(sessionId, { jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: STORE_UNAVAILABLE,
        message: 'The store (Redis) is unreachable: this call got no answer. Retry in a few seconds.',
      },
    });
    await expect(client.callTool({ name: 'search_docs', arguments: { query: 'ready time' } })).rejects.toThrow(
      'The store (Redis) is unreachable',
    );
    failing = false;
    expect(textOf(await client.callTool({ name: 'search_docs', arguments: { query: 'ready time' } }))).toContain(
      'ready',
    );
    await client.close();
  });
});

describe('/mcp by JSON-RPC and MCP (third probe)', () => {
  /** A session's POST of `body` (text), as a client at a test address of its own. */
  async function sessionPost(
    body: string,
  ): Promise<{ status: number; json: { error?: { code: number; message: string; data?: unknown } } }> {
    const started = await handleMcp(initializeRequest('192.0.2.61'));
    const sessionId = started.headers.get('mcp-session-id') ?? '';
    const answer = await handleMcp(sessionRequest(sessionId, body, { address: '192.0.2.61' }));
    return { status: answer.status, json: (await answer.json()) as { error?: { code: number; message: string } } };
  }

  it('answers params of the wrong shape, and tools named after Object.prototype, with -32602 naming them', async () => {
    const call = (params: unknown) =>
      sessionPost(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }));
    for (const [params, message] of [
      [undefined, /^Invalid params: tools\/call takes an object/],
      [{ name: 'search_docs', arguments: 'str' }, /^Invalid params: the arguments of search_docs are an object/],
      [{ name: 'search_docs', arguments: [1, 2] }, /^Invalid params: the arguments of search_docs are an object/],
      [{ name: '__proto__', arguments: {} }, /^Invalid params: no tool is named "__proto__"/],
      [{ name: 'constructor' }, /^Invalid params: no tool is named "constructor"/],
      [
        JSON.parse(
          '{"name":"run_recipe","arguments":{"workflowId":"first-smart-charging-smartcar","inputs":{"__proto__":"x"}}}',
        ),
        /^Invalid params: no recipe has an input named "__proto__"/,
      ],
      [
        JSON.parse('{"name":"search_docs","arguments":{"query":"x","__proto__":{}}}'),
        /has no argument named "__proto__"/,
      ],
    ] as const) {
      const { json } = await call(params);
      expect(json.error?.code, JSON.stringify(params)).toBe(-32602);
      expect(json.error?.message, JSON.stringify(params)).toMatch(message);
    }
    const read = await sessionPost(
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: 123 } }),
    );
    expect(read.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/"uri", a string/) });
  });

  it('refuses a message nested deeper than 100 levels before the SDK walks it, without a stack in the answer', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"result":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}}`;
    const { status, json } = await sessionPost(deep);
    expect(status).toBe(400);
    expect(json.error).toEqual({
      code: -32600,
      message: 'Invalid Request: a message may nest at most 100 levels deep',
    });
  });

  it('refuses a batch from a client that speaks MCP 2025-06-18 or later, and serves one from a 2025-03-26 client', async () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const { status, json } = await sessionPost(JSON.stringify([ping(1), ping(2)]));
    expect(status).toBe(400);
    expect(json).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32600,
          message:
            'Invalid Request: MCP 2025-06-18 has no batches; send each message in a POST of its own (batches ended with 2025-06-18)',
        },
      })),
    );
    // initialize alone, never in a batch; and JSON that is no message is an Invalid Request.
    const init = (JSON.parse(await initializeRequest('192.0.2.63').text()) as { params: object }).params;
    const batched = await handleMcp(
      new Request(MCP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify([{ jsonrpc: '2.0', id: 9, method: 'initialize', params: init }]),
      }),
    );
    expect(batched.status).toBe(400);
    expect(batched.headers.get('mcp-session-id')).toBeNull();
    expect(await batched.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32600, message: 'Invalid Request: initialize may not be part of a batch; send it alone' },
      },
    ]);
    // A 2025-03-26 client's batch of one is answered with an array of one, as JSON-RPC answers a batch.
    const started = await handleMcp(initializeRequest('192.0.2.64'));
    const old = await handleMcp(
      new Request(MCP_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-forwarded-for': '192.0.2.64',
          'mcp-session-id': started.headers.get('mcp-session-id') ?? '',
          'mcp-protocol-version': '2025-03-26',
        },
        body: JSON.stringify([ping(11)]),
      }),
    );
    expect(old.status).toBe(200);
    expect(await old.json()).toEqual([{ jsonrpc: '2.0', id: 11, result: {} }]);
    const notMessage = await sessionPost('[1, 2]');
    expect(notMessage.json.error?.code).toBe(-32600);
    expect(batchProblem([ping(1)], '2025-11-25')).toMatch(/^Invalid Request: MCP 2025-11-25 has no batches/);
    expect(batchProblem(ping(1), '2025-11-25')).toBeUndefined();
    expect(batchProblem([ping(1)], '2025-03-26')).toBeUndefined();
    expect(batchProblem([ping(1)], null)).toBeUndefined();
  });

  it('says "Resource not found" once: the SDK client prefixes the code itself', async () => {
    const client = await connectClient('192.0.2.62');
    clients.push(client);
    const failed = await client
      .readResource({ uri: 'kilowise-docs:///docs/no-such-page' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(McpError);
    expect((failed as McpError).code).toBe(-32002);
    expect((failed as McpError).message).toMatch(/^MCP error -32002: Resource not found: kilowise-docs:/);
  });
});
