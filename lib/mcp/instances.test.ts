// /mcp as several instances of the app over one Redis, in process: each instance a handler with a Redis connection
// of its own, as two `next start` would have (e2e/mcp-instances.spec.ts runs them for real, behind nginx).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { connectRedis, createRedisStore, type RedisConnection } from '../store/redis';
import { docsData } from './data';
import { trustedProxies } from '../security/client-address';
import { createMcpHandler } from './http';
import { STORE_UNAVAILABLE } from './session-requests';
import { createSessions, SESSION_LIMITS } from './sessions';
import { connectClient, MCP_URL, textOf, type McpHandler } from './testing';

let redis: TestRedis;
const connections: RedisConnection[] = [];
const clients: Client[] = [];
const prefix = `test-${randomUUID()}:`;

beforeAll(async () => {
  redis = await startRedis({ persist: true });
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await Promise.all(connections.map((connection) => connection.close()));
  await redis.stop();
});

/** An instance of /mcp: a handler over the shared Redis with its own connection, counting what it served. */
async function instance(): Promise<{ handler: McpHandler; served: string[]; connection: RedisConnection }> {
  const connection = connectRedis(redis.url, () => {});
  connections.push(connection);
  while (!connection.client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
  const store = createRedisStore(connection, SESSION_LIMITS, { prefix, namespace: 'mcp' });
  const handle = createMcpHandler(() =>
    Promise.resolve({
      settings: { limits: SESSION_LIMITS, logCalls: false, trustedProxies: trustedProxies(undefined) },
      sessions: createSessions(store, () => docsData().contract),
    }),
  );
  const served: string[] = [];
  return {
    served,
    connection,
    handler: async (request) => {
      const body = request.method === 'POST' ? ((await request.clone().json()) as { method?: string }) : {};
      served.push(`${request.method} ${body.method ?? ''}`);
      return handle(request);
    },
  };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  textOf(await client.callTool({ name, arguments: args }));

const CABIN = {
  name: 'Cabin on B',
  coordinates: { latitude: 61.5, longitude: 16.4 },
  countryCode: 'SE',
  postalCode: '82050',
  streetAddress: 'Skogsvägen 1',
  city: 'Los',
};

describe('/mcp on several instances over one Redis', () => {
  it('continues a session opened on one instance on another and back, its sandbox and clock carried', async () => {
    const a = await instance();
    const b = await instance();
    // The initialize on A, then every request to the other instance than the one before.
    let route = (index: number) => (index % 2 === 0 ? a.handler : b.handler);
    const client = await connectClient('192.0.2.90', (index) => route(index));
    clients.push(client);
    expect(await call(client, 'search_docs', { query: 'ready time' })).toContain('/docs/');
    // Set before any change: a sandbox with changes cannot go back in time.
    expect(await call(client, 'sandbox_control', { action: 'clock', now: '2025-03-14T16:00:00+01:00' })).toContain(
      '"now": "2025-03-14T15:00:00.000Z"',
    );
    const added = await call(client, 'sandbox_request', {
      method: 'POST',
      path: '/v2/kilowise/users/user-4711/locations',
      body: CABIN,
    });
    expect(added).toContain('→ 200');
    expect(await call(client, 'sandbox_control', { action: 'clock', advance: 'PT2H' })).toContain(
      '"now": "2025-03-14T17:00:00.000Z"',
    );
    const locations = { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' };
    expect(await call(client, 'sandbox_request', locations)).toContain('Cabin on B');
    const recipe = { workflowId: 'onboard-ocpp-charger', inputs: { chargerName: 'Garage' } };
    expect(await call(client, 'run_recipe', recipe)).toContain('every step succeeded');
    expect(await call(client, 'sandbox_control', { action: 'clock' })).toContain('"now": "2025-03-14T17:00:00.000Z"');
    expect(a.served.filter((line) => line === 'POST tools/call').length).toBeGreaterThanOrEqual(3);
    expect(b.served.filter((line) => line === 'POST tools/call').length).toBeGreaterThanOrEqual(3);
    // Neither instance holds the session: a new one (as after a restart of both) continues it.
    const c = await instance();
    route = () => c.handler;
    expect(await call(client, 'sandbox_request', locations)).toContain('Cabin on B');
    expect(
      await call(client, 'sandbox_request', {
        method: 'GET',
        path: '/v2/kilowise/devices',
        query: { userId: 'user-4711' },
      }),
    ).toContain('Garage');
    expect(c.served).toHaveLength(2);
  }, 60_000);

  it("loses none of a session's calls that change its sandbox at once on two instances", async () => {
    const a = await instance();
    const b = await instance();
    const client = await connectClient('192.0.2.92', (index) => (index % 2 === 0 ? a.handler : b.handler));
    clients.push(client);
    const names = Array.from({ length: 12 }, (_, index) => `Concurrent ${index}`);
    const added = await Promise.all(
      names.map((name) =>
        call(client, 'sandbox_request', {
          method: 'POST',
          path: '/v2/kilowise/users/user-4711/locations',
          body: { ...CABIN, name },
        }),
      ),
    );
    for (const answer of added) expect(answer).toContain('→ 200');
    const listed = await call(client, 'sandbox_request', {
      method: 'GET',
      path: '/v2/kilowise/users/user-4711/locations',
    });
    for (const name of names) expect(listed).toContain(`"${name}"`);
    // Each location got an id of its own: no write ran on a world another had replaced.
    const ids = [...listed.matchAll(/"id": "(loc-[0-9a-f]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(a.served.filter((line) => line === 'POST tools/call').length).toBeGreaterThanOrEqual(6);
    expect(b.served.filter((line) => line === 'POST tools/call').length).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('answers each call with a JSON-RPC error naming the store while Redis is down or hangs, and serves the session again once it is back', async () => {
    const a = await instance();
    const b = await instance();
    const client = await connectClient('192.0.2.91', (index) => (index % 2 === 0 ? a.handler : b.handler));
    clients.push(client);
    await call(client, 'sandbox_request', {
      method: 'POST',
      path: '/v2/kilowise/users/user-4711/locations',
      body: CABIN,
    });
    const raw = (handler: McpHandler, sessionId: string) =>
      handler(
        new Request(MCP_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sessionId,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
        }),
      );
    const sessionId = (client.transport as { sessionId?: string }).sessionId ?? '';
    redis.pause();
    try {
      const started = performance.now();
      const hung = await raw(a.handler, sessionId);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(hung.status).toBe(503);
      expect(((await hung.json()) as { error: { code: number; message: string } }).error).toEqual({
        code: STORE_UNAVAILABLE,
        message: 'The store (Redis) did not answer within 1000 ms: this call got no answer. Retry in a few seconds.',
      });
    } finally {
      redis.resume();
    }
    await redis.down();
    for (const handler of [a.handler, b.handler]) {
      const started = performance.now();
      const down = await raw(handler, sessionId);
      expect(performance.now() - started).toBeLessThan(500);
      expect(down.status).toBe(503);
      expect(((await down.json()) as { error: { message: string } }).error.message).toMatch(
        /^The store \(Redis\) is unreachable/,
      );
    }
    await expect(call(client, 'search_docs', { query: 'ready time' })).rejects.toThrow(
      'The store (Redis) is unreachable',
    );
    await redis.up();
    await Promise.all(
      [a, b].map(async ({ connection }) => {
        while (!connection.client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
      }),
    );
    // Redis saved as it stopped: the session and its sandbox are there, on either instance.
    expect(
      await call(client, 'sandbox_request', { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' }),
    ).toContain('Cabin on B');
    expect(await call(client, 'search_docs', { query: 'ready time' })).toContain('/docs/');
  }, 60_000);
});
