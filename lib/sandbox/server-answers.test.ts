// The sandbox server's own answers, word for word: what it refuses at the door, its sign-in page, a control without
// a key, a store that fails (507, 503) or a failure of its own (500), HEAD, and what its store sees of a key.
import { request as httpRequest, type Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createMemoryStore } from '../store/memory';
import { StateTooLargeError, StoreError, type StateStore } from '../store/store';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import {
  createSandboxServer,
  dropped,
  isLoopbackOrigin,
  sandboxStoreLimits,
  SANDBOX_IDLE_MS,
  type SandboxServerOptions,
} from './server';

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

async function start(options: SandboxServerOptions = {}) {
  const lines: string[] = [];
  server = createSandboxServer(contract, { log: (line) => lines.push(line), ...options });
  return { base: await listenOnLoopback(server), lines };
}

const LOCATIONS = '/v2/kilowise/users/user-4711/locations';

/** Node's client, which sends the Host and method given. */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: init.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

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
