import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { createMemoryStore } from '../store/memory';
import { connectRedis, createRedisStore, type RedisConnection } from '../store/redis';
import type { StateStore } from '../store/store';
import { createSessions, SESSION_LIMITS, sessionSettings } from './sessions';
import { CABIN } from '../../scripts/testing/locations';

let contract: OperationContract;
let redis: TestRedis;
let connection: RedisConnection;
beforeAll(async () => {
  contract = await snapshotContract();
  redis = await startRedis();
  connection = connectRedis(redis.url, () => {});
  while (!connection.client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
}, 120_000);
afterAll(async () => {
  await connection.close();
  await redis.stop();
});

describe('MCP sessions', () => {
  it('evicts the one used longest ago past the limit, and any idle too long', async () => {
    let clock = 0;
    const sessions = createSessions(
      createMemoryStore({ ...SESSION_LIMITS, maxEntries: 2, idleMs: 1000 }, { now: () => clock }),
      () => contract,
    );
    const a = await sessions.open('192.0.2.1');
    const b = await sessions.open('192.0.2.2');
    clock = 10;
    expect(await sessions.touch(a)).toBe(true);
    const c = await sessions.open('192.0.2.3');
    // b was used longest ago: a was used after it.
    expect(await sessions.touch(b)).toBe(false);
    clock = 2000;
    expect(await sessions.touch(a)).toBe(false);
    expect(await sessions.touch(c)).toBe(false);
    expect(await sessions.store.size()).toBe(0);
  });

  it('lets one client start so many sessions a minute, then says when it may start the next', async () => {
    let clock = 0;
    const sessions = createSessions(
      createMemoryStore({ ...SESSION_LIMITS, startsPerMinute: 3 }, { now: () => clock }),
      () => contract,
    );
    for (let index = 0; index < 3; index += 1) {
      expect(await sessions.start('flood')).toBeUndefined();
      clock += 1000;
    }
    expect(await sessions.start('flood')).toEqual({ retryAfterMs: 57_000 });
    // A refused start does not count, and other clients are not held back.
    expect(await sessions.start('other')).toBeUndefined();
    clock = 60_001;
    expect(await sessions.start('flood')).toBeUndefined();
    expect(await sessions.start('flood')).toEqual({ retryAfterMs: 999 });
  });

  it("ends a client's own session used longest ago past its share, never another client's", async () => {
    const sessions = createSessions(
      createMemoryStore({ ...SESSION_LIMITS, maxEntries: 10, perClient: 2 }),
      () => contract,
    );
    const kept = await sessions.open('quiet');
    const flood: string[] = [];
    for (let index = 0; index < 8; index += 1) flood.push(await sessions.open('flood'));
    for (const id of flood.slice(0, 6)) expect(await sessions.touch(id)).toBe(false);
    expect(await sessions.touch(kept)).toBe(true);
    expect(await sessions.store.size()).toBe(3);
  });

  it('a malformed session id is no session, and asks the store nothing', async () => {
    const asked: string[] = [];
    const store = createMemoryStore(SESSION_LIMITS);
    const sessions = createSessions(
      {
        ...store,
        touch: (id) => {
          asked.push(id);
          return store.touch(id);
        },
      },
      () => contract,
    );
    for (const id of ['nope', '', 'x'.repeat(10_000), '../../etc', `${crypto.randomUUID()} `])
      expect(await sessions.touch(id)).toBe(false);
    expect(asked).toEqual([]);
    expect(await sessions.touch(crypto.randomUUID())).toBe(false);
    expect(asked).toHaveLength(1);
  });

  it('reads its bounds from the environment: the idle limit, whether to log each request, the trusted proxies', () => {
    const defaults = sessionSettings({});
    expect(defaults).toMatchObject({ limits: SESSION_LIMITS, logCalls: false, trustedProxies: { setting: '' } });
    const set = sessionSettings({
      KILOWISE_MCP_IDLE_SECONDS: '30',
      KILOWISE_MCP_LOG: '1',
      KILOWISE_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8',
    });
    expect(set).toMatchObject({
      limits: { ...SESSION_LIMITS, idleMs: 30_000 },
      logCalls: true,
      trustedProxies: { setting: '127.0.0.1,10.0.0.0/8' },
    });
    expect(() => sessionSettings({ KILOWISE_MCP_IDLE_SECONDS: 'soon' })).toThrow('KILOWISE_MCP_IDLE_SECONDS');
    expect(() => sessionSettings({ KILOWISE_TRUSTED_PROXIES: 'my-proxy' })).toThrow(
      'KILOWISE_TRUSTED_PROXIES: "my-proxy" is not an IP address',
    );
  });
});

const stores: [string, () => StateStore & { prefix?: string }][] = [
  ['in-memory', () => createMemoryStore(SESSION_LIMITS)],
  [
    'Redis',
    () => {
      const prefix = `test-${crypto.randomUUID()}:`;
      return Object.assign(createRedisStore(connection, SESSION_LIMITS, { prefix, namespace: 'mcp' }), { prefix });
    },
  ],
];

describe.each(stores)('MCP sessions in the %s store', (name, make) => {
  it('gives each session a sandbox of its own', async () => {
    const store = make();
    const sessions = createSessions(store, () => contract);
    const one = await sessions.open('192.0.2.10');
    const two = await sessions.open('192.0.2.10');
    const url = `${contract.serverUrl}/v2/kilowise/users/user-4711/locations`;
    const headers = { 'x-api-key': 'k', 'content-type': 'application/json' };
    await sessions.sandbox(one).handle(new Request(url, { method: 'POST', headers, body: JSON.stringify(CABIN) }));
    const names = async (id: string) =>
      ((await (await sessions.sandbox(id).handle(new Request(url, { headers }))).json()) as { name: string }[]).map(
        (entry) => entry.name,
      );
    expect(await names(one)).toContain('Cabin');
    expect(await names(two)).not.toContain('Cabin');
    if (name !== 'Redis' || !store.prefix) return;
    // Redis holds neither the session ids nor the client's address, only their hashes.
    const keys = await connection.client.keys(`${store.prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(one);
      expect(key).not.toContain(two);
      expect(key).not.toContain('192.0.2.10');
    }
    const entry = keys.find((key) => key.includes(':e:')) ?? '';
    expect(JSON.stringify(await connection.client.hGetAll(entry))).not.toContain('192.0.2.10');
  });
});
