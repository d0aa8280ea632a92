import { randomUUID } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { connectRedis, createRedisStore, type RedisConnection } from '../store/redis';
import { createMemoryStore } from '../store/memory';
import { StateTooLargeError, StoreBusyError, StoreError, type StateStore } from '../store/store';
import {
  createSandboxServer,
  dropped,
  isLoopbackOrigin,
  RESET_PATH,
  SANDBOX_IDLE_MS,
  sandboxStoreLimits,
  type SandboxServerOptions,
} from './server';
import { ENTRY_QUEUE_LIMIT } from './entry-queue';
import { listenOnLoopback, nodeRequest } from '../../scripts/testing/loopback';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { CABIN } from '../../scripts/testing/locations';

let contract: OperationContract;
let server: Server | undefined;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

afterEach(async () => {
  const running = server;
  if (running) await new Promise((resolve) => running.close(resolve));
  server = undefined;
});

/** Starts a server on a free loopback port; returns its base URL and the lines it logged. */
async function start(options: SandboxServerOptions = {}): Promise<{ base: string; lines: string[] }> {
  const lines: string[] = [];
  server = createSandboxServer(contract, { log: (line) => lines.push(line), ...options });
  return { base: await listenOnLoopback(server), lines };
}

const LOCATIONS = '/v2/kilowise/users/user-4711/locations';

const send = (base: string, path: string, key: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
  });

const names = async (response: Response) => ((await response.json()) as { name: string }[]).map((item) => item.name);

describe('the sandbox server', () => {
  it("keeps a state per API key, and resets only the caller's", async () => {
    const { base } = await start();
    expect((await send(base, LOCATIONS, 'suite-a', { method: 'POST', body: JSON.stringify(CABIN) })).status).toBe(200);
    expect(await names(await send(base, LOCATIONS, 'suite-a'))).toContain('Cabin');
    expect(await names(await send(base, LOCATIONS, 'suite-b'))).not.toContain('Cabin');
    expect((await send(base, RESET_PATH, 'suite-b', { method: 'POST' })).status).toBe(200);
    expect(await names(await send(base, LOCATIONS, 'suite-a'))).toContain('Cabin');
    expect((await send(base, RESET_PATH, 'suite-a', { method: 'POST' })).status).toBe(200);
    expect(await names(await send(base, LOCATIONS, 'suite-a'))).not.toContain('Cabin');
  });

  it("answers bad input with the contract's Error body and keeps serving", async () => {
    const { base } = await start({ maxBodyBytes: 1000 });
    const notJson = await send(base, LOCATIONS, 'k', { method: 'POST', body: '{ name: Cabin' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toMatch(/not valid JSON/);
    const large = await send(base, LOCATIONS, 'k', {
      method: 'POST',
      body: JSON.stringify({ ...CABIN, name: 'x'.repeat(2000) }),
    });
    expect(large.status).toBe(413);
    const unknown = await send(base, '/v2/kilowise/nowhere', 'k');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain('/v2/kilowise/nowhere');
    expect((await send(base, '/v2/kilowise/devices/%', 'k')).status).toBe(404);
    expect((await send(base, RESET_PATH, '', { method: 'POST' })).status).toBe(401);
    expect((await send(base, LOCATIONS, 'k')).status).toBe(200);
  });

  it('refuses a body over the limit that comes without a length, chunk by chunk, and one at the limit is read', async () => {
    const { base } = await start({ maxBodyBytes: 600 });
    const chunked = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${base}${LOCATIONS}`, {
          method: 'POST',
          headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        for (let at = 0; at < body.length; at += 100) request.write(body.slice(at, at + 100));
        request.end();
      });
    expect(await chunked(JSON.stringify({ ...CABIN, name: 'x'.repeat(2000) }))).toBe(413);
    // Exactly the limit in bytes (the street name's "ä" takes two).
    const atLimit = JSON.stringify({ ...CABIN, name: '' });
    const padded = atLimit.replace('"name":""', `"name":"${'y'.repeat(600 - Buffer.byteLength(atLimit))}"`);
    expect(Buffer.byteLength(padded)).toBe(600);
    expect(await chunked(padded)).toBe(200);
    expect((await send(base, LOCATIONS, 'k', { method: 'POST', body: padded })).status).toBe(200);
  });

  it('lets a front end on the loopback call it (CORS), no other origin, and logs each request in one line', async () => {
    const { base, lines } = await start({ corsOrigins: ['https://partner.example'] });
    const foreign = await fetch(`${base}${LOCATIONS}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-private-network': 'true',
      },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const read = await send(base, LOCATIONS, 'k', { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await send(base, LOCATIONS, 'k', { headers: { origin: 'https://partner.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const preflight = await fetch(`${base}${LOCATIONS}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries([...preflight.headers].filter(([name]) => name.startsWith('access-control-')))).toEqual({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-private-network': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': '*',
      'access-control-expose-headers': '*',
      'access-control-max-age': '600',
    });
    const response = await send(base, LOCATIONS, 'k', { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('x-kilowise-sandbox')).toBe('true');
    expect(lines.at(-1)).toMatch(new RegExp(`^GET ${LOCATIONS} 200 \\d+\\.\\d ms$`));
  });

  it("keeps memory bounded: the oldest key goes past the limit (and the log says so), and a world refuses growth past the sandbox's own limits", async () => {
    const { base, lines } = await start({ maxKeys: 2 });
    await send(base, LOCATIONS, 'first', { method: 'POST', body: JSON.stringify(CABIN) });
    await send(base, LOCATIONS, 'second');
    await send(base, LOCATIONS, 'third');
    // "first" was evicted: its sandbox starts again from the seed.
    expect(await names(await send(base, LOCATIONS, 'first'))).not.toContain('Cabin');
    expect(lines.some((line) => line.includes('the one used longest ago was dropped'))).toBe(true);
    let status = 200;
    let added = 0;
    while (status === 200 && added < 100) {
      status = (
        await send(base, LOCATIONS, 'full', {
          method: 'POST',
          body: JSON.stringify({ ...CABIN, name: `Cabin ${added}` }),
        })
      ).status;
      if (status === 200) added += 1;
    }
    expect(status).toBe(400);
    const kept = await names(await send(base, LOCATIONS, 'full'));
    expect(kept.filter((name) => name.startsWith('Cabin '))).toHaveLength(added);
    const long = await send(base, LOCATIONS, 'long', {
      method: 'POST',
      body: JSON.stringify({ ...CABIN, name: 'x'.repeat(501) }),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: 'Request body: field "name" is longer than the sandbox\'s limit of 500 characters',
    });
  });

  it('answers TRACE with 405 and a target of two leading slashes with 400, where both were 500s (third probe)', async () => {
    const { base } = await start();
    const raw = (method: string, target: string) =>
      nodeRequest(base, target, { method, headers: { 'x-api-key': 'k', origin: 'http://localhost:3000' } });
    for (const path of ['/v2/kilowise/countries', '/__sandbox/version']) {
      const traced = await raw('TRACE', path);
      expect(traced.status, path).toBe(405);
      expect(traced.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(traced.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    }
    for (const target of ['//', '///', '//@/', '//:99999/']) {
      const answer = await raw('GET', target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body), target).toEqual({
        message: `The request target must be a path that starts with one slash, not ${target}`,
      });
    }
  });

  it("keeps one key's flood from starving another key: the other waits for a few of the flood's requests, not all (fifth probe)", async () => {
    const { base } = await start();
    const finished: string[] = [];
    // Commands, each of which writes the key's sandbox: moving its clock an hour.
    const flood = Array.from({ length: 300 }, () =>
      send(base, '/__sandbox/clock', 'flooding-key', {
        method: 'POST',
        body: JSON.stringify({ advance: 'PT1H' }),
      }).then((answer) => (finished.push('flood'), answer.status)),
    );
    // Sent after the flood's 300: the last request to reach the server.
    const sent = finished.length;
    const other = send(base, LOCATIONS, 'quiet-key').then((answer) => (finished.push('other'), answer.status));
    const statuses = await Promise.all(flood);
    expect(await other).toBe(200);
    // Every one of the flood's requests was answered (its excess with 429, lib/sandbox/stored.test.ts), none failed.
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const floodAfter = finished.length - 1 - finished.indexOf('other');
    expect(floodAfter).toBeGreaterThan(100);
    // The flood's requests answered while the other key's was on its way: one a turn of the loop, at most.
    expect(finished.indexOf('other') - sent).toBeLessThanOrEqual(ENTRY_QUEUE_LIMIT);
  });

  it('answers CONNECT with 405 naming the methods it answers, where the socket was closed unanswered (fifth probe)', async () => {
    const { base } = await start();
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain('Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message:
        'CONNECT is not a method of the API, and the sandbox is no proxy; it answers GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
    // And the server serves on.
    expect((await send(base, LOCATIONS, 'after-connect')).status).toBe(200);
  });

  it('answers a URL past what Node reads (40,000 query keys) with 431 naming the limit, and a malformed request with 400', async () => {
    const { base } = await start();
    const query = Array.from({ length: 40_000 }, (_, index) => `k${index}=1`).join('&');
    const huge = await fetch(`${base}${LOCATIONS}?${query}`, { headers: { 'x-api-key': 'k' } }).catch(
      (error: unknown) => error,
    );
    expect(huge).toBeInstanceOf(Response);
    expect((huge as Response).status).toBe(431);
    expect(await (huge as Response).json()).toEqual({
      message:
        'The request line and headers are larger than 16 KB, the most the sandbox reads: send fewer query parameters',
    });
    const { port } = new URL(base);
    const malformed = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET / HTTP/1.1\r\nBad Header\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(malformed).toContain('{"message":"The request is not well-formed HTTP"}');
  });

  it('refuses a body nested 10,000 levels deep with 400 naming the limit, before parsing it', async () => {
    const { base } = await start();
    const deepBody = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const answer = await send(base, LOCATIONS, 'deep', { method: 'POST', body: deepBody });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: "Request body nests deeper than 64 levels, the sandbox's limit" });
  });
});

describe('the sandbox server belongs to the developer', () => {
  it('refuses a request naming another host, as a page that rebinds its name to 127.0.0.1 would', async () => {
    const { base } = await start();
    const port = new URL(base).port;
    const asHost = async (host: string) =>
      (await nodeRequest(base, LOCATIONS, { headers: { host, 'x-api-key': 'k' } })).status;
    expect(await asHost(`evil.example:${port}`)).toBe(403);
    expect(await asHost(`localhost:${port}`)).toBe(200);
    expect(await asHost(`127.0.0.1:${port}`)).toBe(200);
  });
});

// Not under `npm run mutation` (vitest.mutation.config.ts says why).
describe.skipIf(process.env.KILOWISE_MUTATION === '1')('the sandbox server with its sandboxes in Redis', () => {
  let redis: TestRedis;
  let connection: RedisConnection;
  const servers: Server[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    connection = connectRedis(redis.url, () => {});
    while (!connection.client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((each) => new Promise((resolve) => each.close(resolve))));
    await connection.close();
    await redis.stop();
  });

  it("shares each key's sandbox between servers on one Redis, and one key never sees another's", async () => {
    const prefix = `test-${randomUUID()}:`;
    const serve = async () => {
      const store = createRedisStore(connection, sandboxStoreLimits(), { prefix, namespace: 'sandbox' });
      const one = createSandboxServer(contract, { log: () => {}, store });
      servers.push(one);
      return listenOnLoopback(one);
    };
    const [first, second] = [await serve(), await serve()];
    const keyA = 'kw_test_suite-a-4f1c9e';
    const keyB = 'kw_test_suite-b-77d0a2';
    expect((await send(first, LOCATIONS, keyA, { method: 'POST', body: JSON.stringify(CABIN) })).status).toBe(200);
    expect(await names(await send(second, LOCATIONS, keyA))).toContain('Cabin');
    expect(await names(await send(second, LOCATIONS, keyB))).not.toContain('Cabin');
    expect(await names(await send(first, LOCATIONS, keyB))).not.toContain('Cabin');
    // B's reset, on either server, leaves A's sandbox alone; A's own empties it on both.
    expect((await send(second, RESET_PATH, keyB, { method: 'POST' })).status).toBe(200);
    expect(await names(await send(first, LOCATIONS, keyA))).toContain('Cabin');
    expect((await send(second, RESET_PATH, keyA, { method: 'POST' })).status).toBe(200);
    expect(await names(await send(first, LOCATIONS, keyA))).not.toContain('Cabin');
    // Redis holds a hash of each key, never the key.
    const keys = await connection.client.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      expect(key).not.toMatch(/suite-[ab]/);
      // The entry's hash, its request log (a list: the key redacted in every entry), the versions' counter, or sets.
      const held = key.includes(':e:')
        ? await connection.client.hGetAll(key)
        : key.includes(':l:')
          ? await connection.client.lRange(key, 0, -1)
          : key.endsWith(':versions')
            ? await connection.client.get(key)
            : await connection.client.zRange(key, 0, -1);
      expect(JSON.stringify(held)).not.toMatch(/suite-[ab]/);
    }
  });

  it('loses no write and answers no 503 when two servers write one key at once (fifth probe: 38% were 503)', async () => {
    const prefix = `test-${randomUUID()}:`;
    const serve = async () => {
      const store = createRedisStore(connection, sandboxStoreLimits(), { prefix, namespace: 'sandbox' });
      const one = createSandboxServer(contract, { log: () => {}, store });
      servers.push(one);
      return listenOnLoopback(one);
    };
    const [first, second] = [await serve(), await serve()];
    const key = 'kw_test_contention';
    expect(
      (await send(first, '/__sandbox/clock', key, { method: 'POST', body: '{"now":"2025-03-14T12:00:00Z"}' })).status,
    ).toBe(200);
    // 25 commands on each server at once (within each server's queue of the key), each moving the clock an hour.
    const moves = [first, second].flatMap((base) =>
      Array.from({ length: 25 }, () =>
        send(base, '/__sandbox/clock', key, { method: 'POST', body: '{"advance":"PT1H"}' }).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect((await Promise.all(moves)).filter((status) => status !== 200)).toEqual([]);
    const clock = (await (await send(second, '/__sandbox/clock', key)).json()) as { now: string };
    expect(clock.now).toBe('2025-03-16T14:00:00.000Z');
  });

  it('answers 503 naming the store while Redis is down, and serves again once it is back', async () => {
    const store = createRedisStore(connection, sandboxStoreLimits(), {
      prefix: `test-${randomUUID()}:`,
      namespace: 'sandbox',
    });
    const one = createSandboxServer(contract, { log: () => {}, store });
    servers.push(one);
    const base = await listenOnLoopback(one);
    await redis.down();
    const down = await send(base, LOCATIONS, 'k');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'The store (Redis) is unreachable: retry in a few seconds' });
    await redis.up();
    while (!connection.client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await send(base, LOCATIONS, 'k')).status).toBe(200);
  });
});

// The server's own answers, word for word: what it refuses at the door, its sign-in page, a control without a key, a
// store that fails (507, 409, 503) or a failure of its own (500), HEAD, and what its store sees of a key.
/** Node's client, which sends the Host and method given. */
const raw = nodeRequest;

describe('isLoopbackOrigin', () => {
  it('is a page on this machine: localhost, *.localhost, 127.0.0.0/8 or [::1], over http or https, any port', () => {
    for (const origin of [
      'http://localhost',
      'https://localhost:5173',
      'http://app.localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.10.20.30',
      'http://[::1]:4010',
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(true);
    for (const origin of [
      'ftp://localhost',
      'http://notlocalhost',
      'http://localhost.example',
      'http://127.0.0.1.example',
      'http://128.0.0.1',
      'http://10.127.0.1',
      'http://[::2]',
      'localhost:3000',
      '',
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(false);
  });
});

describe('the store bounds', () => {
  it('are a week idle, 1.5 MB a sandbox, any rate of new keys, and say what they drop', () => {
    expect(SANDBOX_IDLE_MS).toBe(7 * 24 * 3_600_000);
    expect(sandboxStoreLimits()).toEqual({
      maxEntries: 100,
      idleMs: SANDBOX_IDLE_MS,
      stateBytes: 1_500_000,
      startsPerMinute: Number.MAX_SAFE_INTEGER,
      perClient: 100,
    });
    expect(sandboxStoreLimits(7)).toMatchObject({ maxEntries: 7, perClient: 7 });
    expect(dropped(7)).toBe('[sandbox] 7 API keys have a sandbox: the one used longest ago was dropped');
  });
});

describe('answers of its own', () => {
  it('names a host that is not its own, without CORS headers, and (none) for no Host', async () => {
    const { base } = await start({ corsOrigins: ['https://partner.example'] });
    const answer = await raw(base, LOCATIONS, {
      headers: { host: 'evil.example', origin: 'https://partner.example', 'x-api-key': 'k' },
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      message: "Host evil.example is not this sandbox's: call it at 127.0.0.1 or localhost (DNS rebinding protection)",
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['x-kilowise-sandbox']).toBe('true');
    const allowed = await start({ allowedHosts: ['sandbox.test'] });
    expect(
      (await raw(allowed.base, LOCATIONS, { headers: { host: 'sandbox.test:4010', 'x-api-key': 'k' } })).status,
    ).toBe(200);
    expect((await raw(allowed.base, LOCATIONS, { headers: { host: 'other.test', 'x-api-key': 'k' } })).status).toBe(
      403,
    );
  });

  it('refuses a method the API has not, listing those it answers', async () => {
    const { base } = await start();
    const answer = await raw(base, LOCATIONS, { method: 'PROPFIND', headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(answer.body)).toEqual({
      message: 'PROPFIND is not a method of the API; the sandbox answers GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
  });

  it('serves the sign-in page the sandbox’s authorize sends a user to', async () => {
    const { base } = await start();
    const page = await raw(base, '/__sandbox/sign-in?from=sandbox');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-kilowise-sandbox']).toBe('true');
    expect(page.body).toContain('<title>Kilowise sandbox sign-in</title>');
  });

  it('asks for a key on a control, since each key has its own sandbox', async () => {
    const { base } = await start();
    const answer = await raw(base, '/__sandbox/clock', { headers: { 'x-api-key': '   ' } });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Send your API key in the x-api-key header: each key has its own sandbox and clock to control',
    });
    expect((await raw(base, '/__sandbox/clock', { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  });

  it("as /docs/sandbox lists it, answers GET /__sandbox/version without a key: it holds no key's state", async () => {
    const { base } = await start();
    const answer = await raw(base, '/__sandbox/version');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ title: expect.any(String), version: expect.any(String) });
    expect((await raw(base, '/__sandbox/version', { method: 'POST' })).status).toBe(405);
    expect((await raw(base, '/__sandbox/reset', { method: 'POST' })).status).toBe(401);
  });

  it('answers HEAD with the headers and no body, and logs method, target, status and time', async () => {
    const { base, lines } = await start();
    const head = await raw(base, LOCATIONS, { method: 'HEAD', headers: { 'x-api-key': 'k' } });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/json');
    expect(lines.at(-1)).toMatch(new RegExp(`^HEAD ${LOCATIONS} 200 \\d+\\.\\d ms$`));
  });
});

describe('a store that fails', () => {
  /** The in-memory store, whose update fails as `failure` says. */
  function failing(failure: () => Error): StateStore {
    const inner = createMemoryStore(sandboxStoreLimits());
    return { ...inner, update: () => Promise.reject(failure()) };
  }

  it('is 507 for a sandbox past its size, naming both and the reset', async () => {
    const { base } = await start({ store: failing(() => new StateTooLargeError(2_000_000, 1_500_000, 'in-memory')) });
    const answer = await raw(base, LOCATIONS, { headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toEqual({
      message:
        "Not kept: your sandbox would hold 2000000 bytes, past the 1500000 bytes a key's sandbox may take in the in-memory store; reset it with POST /__sandbox/reset",
    });
  });

  it('is 409 when every try of the change met another change of the key (another instance), saying to send it again', async () => {
    const { base } = await start({
      store: failing(
        () =>
          new StoreBusyError(
            '25 changes of the same entry of the Redis store met other changes of it: none was kept',
            'Redis',
          ),
      ),
    });
    const answer = await raw(base, LOCATIONS, { headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(409);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({
      message:
        "Conflict: other requests changed this key's sandbox at the same moment, every time this one tried (25 changes of the same entry of the Redis store met other changes of it: none was kept); nothing of it was kept: send it again",
    });
  });

  it('is 503 with Retry-After while the store is away, naming it', async () => {
    const { base } = await start({
      store: failing(() => new StoreError('Redis at redis://cache:6379 is unreachable', 'Redis')),
    });
    const answer = await raw(base, LOCATIONS, { headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Redis at redis://cache:6379 is unreachable: retry in a few seconds',
    });
  });

  it('is 500 naming the failure for any other error, and the server keeps serving', async () => {
    let fail = true;
    const inner = createMemoryStore(sandboxStoreLimits());
    const store: StateStore = {
      ...inner,
      update: (id, change, options) =>
        fail ? Promise.reject(new Error('disk on fire')) : inner.update(id, change, options),
    };
    const { base } = await start({ store });
    const answer = await raw(base, LOCATIONS, { headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The sandbox failed on this request: disk on fire' });
    fail = false;
    expect((await raw(base, LOCATIONS, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  });

  it('sees a hash of the key, never the key', async () => {
    const ids: string[] = [];
    const inner = createMemoryStore(sandboxStoreLimits());
    const store: StateStore = {
      ...inner,
      update: (id, change, options) => (ids.push(id), inner.update(id, change, options)),
    };
    const { base } = await start({ store });
    await raw(base, LOCATIONS, { headers: { 'x-api-key': 'live-key-123' } });
    await raw(base, LOCATIONS, { headers: { 'x-api-key': ' live-key-123 ' } });
    await raw(base, LOCATIONS, { headers: { 'x-api-key': 'other' } });
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ids[0]).not.toContain('live-key-123');
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});

describe('the request log and the timeline over HTTP', () => {
  it("logs each key's calls in its own sandbox, never the key, and reads the timeline of a clock move", async () => {
    const { base } = await start();
    const key = `suite-${randomUUID()}`;
    expect((await send(base, LOCATIONS, key, { method: 'POST', body: '{"name":"Cabin"}' })).status).toBe(400);
    expect((await send(base, LOCATIONS, key)).status).toBe(200);
    expect((await send(base, LOCATIONS, 'another-suite')).status).toBe(200);
    const log = await send(base, '/__sandbox/requests?status=4xx&limit=50', key);
    expect(log.status).toBe(200);
    const text = await log.text();
    expect(text).not.toContain(key);
    const { requests } = JSON.parse(text) as { requests: { status: number; reason?: { pointer?: string } }[] };
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 400, reason: { rule: 'required', pointer: '/coordinates' } });
    const all = (await (await send(base, '/__sandbox/requests', key)).json()) as { requests: unknown[] };
    expect(all.requests).toHaveLength(2);

    const bad = await send(base, '/__sandbox/requests?status=4xy', key);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Parameter "status" \(query\)/);

    expect(
      (await send(base, '/__sandbox/clock', key, { method: 'POST', body: '{"now":"2025-03-14T18:00:00Z"}' })).status,
    ).toBe(200);
    const car = '/__sandbox/devices/dev-5b1f0c';
    await send(base, car, key, { method: 'PATCH', body: '{"pluggedIn":false}' });
    await send(base, car, key, { method: 'PATCH', body: '{"pluggedIn":true}' });
    await send(base, '/__sandbox/clock', key, { method: 'POST', body: '{"advance":"PT12H"}' });
    const events = await send(base, '/__sandbox/events?since=2025-03-14T18:00:00Z', key);
    expect(events.status).toBe(200);
    const types = ((await events.json()) as { events: { type: string }[] }).events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['plugged-in', 'schedule-made', 'session-started', 'status-changed']));
    expect((await send(base, '/__sandbox/events?since=later', key)).status).toBe(400);
  });
});
