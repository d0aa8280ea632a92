import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../deploy/headers.mjs';
import { MAX_MESSAGE_BYTES } from './json-rpc';
import { trustedProxies } from '../security/client-address';
import { createMemoryStore } from '../store/memory';
import { docsData } from './data';
import { createMcpHandler } from './http';
import { serveMcp } from './node';
import { createSessions, SESSION_LIMITS } from './sessions';
import { initializeRequest, textOf } from './testing';

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => void serveMcp(request, response, {}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request by Node's client, whose body is sent in `chunks` (chunked, no Content-Length). */
function send(
  method: string,
  chunks: string[] = [],
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}/mcp`, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe("/mcp straight from Node's HTTP server (next start)", () => {
  it("serves the SDK's client a whole session, with the site's security headers on every answer", async () => {
    const seen: Headers[] = [];
    const client = new Client({ name: 'kilowise-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        seen.push(answer.headers);
        return answer;
      },
    });
    await client.connect(transport);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('sandbox_request');
    const written = await client.callTool({
      name: 'sandbox_request',
      arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' },
    });
    expect(textOf(written)).toMatch(/→ 200/);
    await transport.terminateSession();
    await client.close();
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const headers of seen)
      for (const header of SECURITY_HEADERS) expect(headers.get(header.key), header.key).toBe(header.value);
    // A whole session over HTTP, the first call loading the docs' data: seconds on a busy machine.
  }, 30_000);

  it('answers every method as the route does: OPTIONS and 405s naming POST and DELETE, HEAD without a body', async () => {
    const options = await send('OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('POST, DELETE');
    expect(options.headers['content-length']).toBeUndefined();
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH']) {
      const answer = await send(method);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe('POST, DELETE');
      expect(answer.headers['x-frame-options'], method).toBe('DENY');
      if (method === 'HEAD') expect(answer.body).toBe('');
    }
  });

  it('refuses a chunked body past the limit with 413 once it has counted that much, and answers before closing', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = [
      `"${chunk}`,
      ...Array.from({ length: Math.ceil(MAX_MESSAGE_BYTES / chunk.length) + 4 }, () => chunk),
    ];
    const answer = await send('POST', chunks, {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/1,000,000 bytes|1000000|1 MB/);
    // The server goes on answering.
    expect((await send('OPTIONS')).status).toBe(204);
  });

  it("counts a client by its socket's address, whatever X-Forwarded-For it sends", async () => {
    const body = await initializeRequest('unused').text();
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    // Every start counts against 127.0.0.1, the socket's address, until its minute is full…
    let status = 200;
    for (let tries = 0; status === 200 && tries <= SESSION_LIMITS.startsPerMinute; tries += 1)
      status = (await send('POST', [body], headers)).status;
    expect(status).toBe(429);
    // …and a start that names another address is refused too: the socket is no proxy anyone trusted (the probe
    // opened 1,200 sessions in 9.9 s this way, and evicted everyone else's).
    for (const address of ['127.0.0.1', '192.0.2.99', '192.0.2.98, 198.51.100.4'])
      expect((await send('POST', [body], { ...headers, 'x-forwarded-for': address })).status, address).toBe(429);
  });

  it('counts the client a trusted proxy names in X-Forwarded-For', async () => {
    const limits = { ...SESSION_LIMITS, startsPerMinute: 1 };
    const mcp = createMcpHandler(() =>
      Promise.resolve({
        settings: { limits, logCalls: false, trustedProxies: trustedProxies('loopback') },
        sessions: createSessions(createMemoryStore(limits), () => docsData().contract),
      }),
    );
    const proxied = createServer((request, response) => void serveMcp(request, response, {}, mcp));
    await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
    try {
      const port = (proxied.address() as AddressInfo).port;
      const body = await initializeRequest('unused').text();
      const start = (forwardedFor: string) =>
        fetch(`http://127.0.0.1:${port}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'x-forwarded-for': forwardedFor,
          },
          body,
        }).then((answer) => answer.status);
      // One start a minute each: the second from 192.0.2.70 is refused, while 192.0.2.71 still has its own.
      expect(await start('192.0.2.70')).toBe(200);
      expect(await start('10.1.1.1, 192.0.2.70')).toBe(429);
      expect(await start('192.0.2.71')).toBe(200);
    } finally {
      await new Promise((resolve) => proxied.close(resolve));
    }
  });
});
