// /mcp on two `next start` of the production build, their sessions in one Redis, nginx in front sending requests to
// them in turn (scripts/e2e/mcp-cluster.ts): a whole agent session with the SDK's client, then the faults.
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sessionTag } from '../lib/mcp/sessions';
import { startNext, startNginxProxy, type NextInstance } from '../scripts/e2e/mcp-cluster';
import { startRedis, type TestRedis } from '../scripts/testing/redis';
import { expect, test } from './fixtures';

/** Short, so that a session can be seen to expire; every test calls more often than this. */
const IDLE_SECONDS = 10;

let redis: TestRedis;
let instances: [NextInstance, NextInstance];
let nginx: Awaited<ReturnType<typeof startNginxProxy>>;
const clients: Client[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  redis = await startRedis({ persist: true });
  const env = {
    KILOWISE_REDIS_URL: redis.url,
    KILOWISE_REDIS_PREFIX: `e2e-${randomUUID()}:`,
    KILOWISE_MCP_LOG: '1',
    KILOWISE_MCP_IDLE_SECONDS: String(IDLE_SECONDS),
  };
  instances = [await startNext(env), await startNext(env)];
  nginx = await startNginxProxy(instances.map((instance) => instance.port));
});

test.afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await nginx?.stop();
  await Promise.all(instances?.map((instance) => instance.stop()) ?? []);
  await redis?.stop();
});

/** The SDK's client of /mcp through nginx, and its session's id once connected. */
async function connect(): Promise<{ client: Client; sessionId: string }> {
  const client = new Client({ name: 'kilowise-e2e-instances', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', nginx.origin));
  await client.connect(transport);
  clients.push(client);
  return { client, sessionId: transport.sessionId ?? '' };
}

type Content = { type: string; text?: string }[];
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Content).map((part) => part.text ?? '').join('\n');
  expect(result.isError, text).not.toBe(true);
  return text;
};

/** The tool calls of session `sessionId` each instance's log shows (KILOWISE_MCP_LOG=1). */
const served = (instance: NextInstance, sessionId: string) =>
  instance
    .output()
    .split('\n')
    .filter((line) => line.includes('tools/call') && line.endsWith(`session ${sessionTag(sessionId)}`));

const CABIN = {
  name: 'Cabin of the e2e',
  coordinates: { latitude: 61.5, longitude: 16.4 },
  countryCode: 'SE',
  postalCode: '82050',
  streetAddress: 'Skogsvägen 1',
  city: 'Los',
};
const LOCATIONS = { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' };

test('a whole agent session through nginx is served by both instances, its sandbox and clock carried', async () => {
  test.setTimeout(90_000);
  const { client, sessionId } = await connect();
  const search = await call(client, 'search_docs', { query: 'ready time', kind: 'guide', limit: 3 });
  const path = /path: `([^`#]+)/.exec(search)?.[1];
  expect(path).toMatch(/^\/(docs|sdk)\//);
  expect(await call(client, 'read_page', { path })).toMatch(/^# /);
  expect(await call(client, 'get_operation', { operationId: 'getLocations' })).toContain(
    '`GET /v2/kilowise/users/{userId}/locations`',
  );
  // The clock first: a sandbox with changes cannot go back in time.
  expect(await call(client, 'sandbox_control', { action: 'clock', now: '2025-03-14T16:00:00+01:00' })).toContain(
    '"now": "2025-03-14T15:00:00.000Z"',
  );
  expect(
    await call(client, 'sandbox_request', {
      method: 'POST',
      path: '/v2/kilowise/users/user-4711/locations',
      body: CABIN,
    }),
  ).toContain('→ 200');
  expect(await call(client, 'sandbox_request', LOCATIONS)).toContain(CABIN.name);
  expect(
    await call(client, 'sandbox_control', { action: 'device', deviceId: 'dev-5b1f0c', pluggedIn: false }),
  ).toContain('CABLE_UNPLUGGED');
  expect(await call(client, 'sandbox_control', { action: 'clock', advance: 'PT2H' })).toContain(
    '"now": "2025-03-14T17:00:00.000Z"',
  );
  expect(
    await call(client, 'run_recipe', { workflowId: 'onboard-ocpp-charger', inputs: { chargerName: 'E2E garage' } }),
  ).toContain('every step succeeded');
  const devices = await call(client, 'sandbox_request', {
    method: 'GET',
    path: '/v2/kilowise/devices',
    query: { userId: 'user-4711' },
  });
  expect(devices).toContain('E2E garage');
  expect(await call(client, 'sandbox_request', { method: 'GET', path: '/v2/status/dev-5b1f0c' })).toContain(
    'CABLE_UNPLUGGED',
  );
  expect(await call(client, 'sandbox_control', { action: 'clock' })).toContain('"now": "2025-03-14T17:00:00.000Z"');
  // nginx sent the calls to each in turn: both logs show tool calls of this session.
  const [first, second] = instances.map((instance) => served(instance, sessionId));
  expect(first?.length, instances[0].output()).toBeGreaterThanOrEqual(3);
  expect(second?.length, instances[1].output()).toBeGreaterThanOrEqual(3);
});

test('with one instance killed mid-session, the next call is served by the other, state intact; restarted, it serves again', async () => {
  test.setTimeout(90_000);
  const { client, sessionId } = await connect();
  await call(client, 'sandbox_request', {
    method: 'POST',
    path: '/v2/kilowise/users/user-4711/locations',
    body: CABIN,
  });
  const [killed, other] = instances;
  await killed.kill();
  // An agent's next call comes a model's turn later; nginx drops its idle connections to the dead instance meanwhile
  // (a call already sent to it when it died would get 502: nginx passes no POST it has sent on to another).
  await new Promise((resolve) => setTimeout(resolve, 250));
  const before = served(other, sessionId).length;
  for (let index = 0; index < 3; index += 1)
    expect(await call(client, 'sandbox_request', LOCATIONS)).toContain(CABIN.name);
  expect(served(other, sessionId).length).toBe(before + 3);
  // Restarted, it has lost nothing: the store had it all. nginx tries it again once its fail_timeout (10 s) is over.
  await killed.start();
  const killedBefore = served(killed, sessionId).length;
  await expect
    .poll(
      async () => {
        expect(await call(client, 'sandbox_request', LOCATIONS)).toContain(CABIN.name);
        return served(killed, sessionId).length;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(killedBefore);
});

test('with Redis stopped, each call gets a JSON-RPC error naming the store at once; with Redis back, the session goes on', async () => {
  test.setTimeout(90_000);
  const { client } = await connect();
  await call(client, 'sandbox_request', {
    method: 'POST',
    path: '/v2/kilowise/users/user-4711/locations',
    body: CABIN,
  });
  await redis.down();
  try {
    for (let index = 0; index < 4; index += 1) {
      const started = Date.now();
      const failed = await client.callTool({ name: 'sandbox_request', arguments: LOCATIONS }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(String(failed)).toContain('-32003');
      expect(String(failed)).toContain(
        'The store (Redis) is unreachable: this call got no answer. Retry in a few seconds.',
      );
    }
    const initialize = await fetch(new URL('/mcp', nginx.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
      }),
    });
    expect(initialize.status).toBe(503);
    expect(((await initialize.json()) as { error: { code: number } }).error.code).toBe(-32003);
    // Neither instance crashed: both serve pages.
    for (const instance of instances) expect((await fetch(`${instance.origin}/docs/smart-charging`)).status).toBe(200);
  } finally {
    await redis.up();
  }
  // Each instance connects again within 2 s of Redis being back, and says so; until then a call gets the same error.
  const back = (instance: NextInstance) =>
    instance
      .output()
      .split('\n')
      .filter((line) => line.endsWith(' is back'));
  for (const instance of instances)
    await expect.poll(() => back(instance).length, { timeout: 10_000, intervals: [250] }).toBeGreaterThan(0);
  for (let index = 0; index < 4; index += 1)
    expect(await call(client, 'sandbox_request', LOCATIONS)).toContain(CABIN.name);
});

test("an unknown, expired or malformed session id gets MCP's 404 through nginx, never a 500", async () => {
  test.setTimeout(60_000);
  const post = (sessionId: string | undefined) =>
    fetch(new URL('/mcp', nginx.origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
    });
  const { sessionId } = await connect();
  expect((await post(sessionId)).status).toBe(200);
  for (const id of ['nope', randomUUID(), 'x'.repeat(3000), `${sessionId}-1`]) {
    const answer = await post(id);
    expect(answer.status, id).toBe(404);
    expect(((await answer.json()) as { error: { code: number } }).error.code, id).toBe(-32001);
  }
  expect((await post(undefined)).status).toBe(400);
  // Left idle past the limit, the session is gone from the store, and from every instance.
  await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 1.5) * 1000));
  for (let index = 0; index < 2; index += 1) {
    const expired = await post(sessionId);
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: { code: number; message: string } }).error).toEqual({
      code: -32001,
      message: 'Session not found (it ended or was idle too long): start a new one with initialize',
    });
  }
});
