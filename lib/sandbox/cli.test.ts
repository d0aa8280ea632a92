import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { freePort, nodeRequest } from '../../scripts/testing/loopback';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { createMemoryStore } from '../store/memory';
import { hostCheckOff, startSandbox, type SandboxCommand } from './cli';
import { sandboxStoreLimits } from './server';
import { CABIN } from '../../scripts/testing/locations';

let contract: OperationContract;
const children: ChildProcess[] = [];

beforeAll(async () => {
  contract = await snapshotContract();
}, 120_000);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

const LOCATIONS = '/v2/kilowise/users/user-4711/locations';

/** `npm run sandbox -- ARGS` (scripts/sandbox.ts) on a free port, once it listens; with `env` added. */
async function runSandbox(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/sandbox.ts', '--port', String(port), '--quiet', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; !output.includes('[sandbox] listening on'); attempt += 1) {
    if (child.exitCode !== null || attempt > 300) throw new Error(`the sandbox did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(output).toContain("each key's sandbox is kept in Redis");
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const send = (base: string, key: string, init: RequestInit = {}) =>
  fetch(`${base}${LOCATIONS}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } });

// Not under `npm run mutation`: the sandbox runs in child processes, where Stryker's active mutant is off, and each
// run started redis-server (vitest.mutation.config.ts).
describe.skipIf(process.env.KILOWISE_MUTATION === '1')('npm run sandbox -- --redis, in a process of its own', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  }, 120_000);
  afterAll(async () => {
    await redis.stop();
  });

  it('keeps each key’s sandbox in Redis across a restart, --redis or KILOWISE_REDIS_URL, one key apart from another', async () => {
    const first = await runSandbox(['--redis', redis.url]);
    expect((await send(first.base, 'suite-a', { method: 'POST', body: JSON.stringify(CABIN) })).status).toBe(200);
    await first.stop();
    const again = await runSandbox([], { KILOWISE_REDIS_URL: redis.url });
    try {
      expect(JSON.stringify(await (await send(again.base, 'suite-a')).json())).toContain('Cabin');
      expect(JSON.stringify(await (await send(again.base, 'suite-b')).json())).not.toContain('Cabin');
    } finally {
      await again.stop();
    }
  }, 60_000);
});

describe('npm run sandbox -- --redis', () => {
  it('refuses a URL that is not Redis’s, and the one-file sandbox, which keeps its sandboxes in memory, refuses --redis', async () => {
    const loadContract = () => Promise.resolve({ contract, from: 'the test' });
    await expect(
      startSandbox({
        command: 'test',
        loadContract,
        args: ['--redis', 'http://cache.example'],
        openRedisStore: () => Promise.reject(new Error('unused')),
      }),
    ).rejects.toThrow('--redis: must be a redis:// or rediss:// URL');
    // Refused before any connection: no Redis needs to answer.
    await expect(
      startSandbox({ command: 'test', loadContract, args: ['--redis', 'redis://127.0.0.1:6379'] }),
    ).rejects.toThrow('this one-file sandbox keeps its sandboxes in memory');
  });
});

describe('npm run sandbox, in this process', () => {
  const loadContract = () => Promise.resolve({ contract, from: 'the test' });
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Starts the sandbox with `args` on a port of the system's choosing, and what it logged. */
  async function start(args: string[], extra: Partial<SandboxCommand> = {}) {
    const lines: string[] = [];
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
    try {
      const server = await startSandbox({ command: 'test', loadContract, args: ['--port', '0', ...args], ...extra });
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      return { server, port, lines, warnings };
    } finally {
      spy.mockRestore();
      warn.mockRestore();
    }
  }

  it('listens where it says, on the port given or the system’s, and says how it keeps the sandboxes', async () => {
    const { port, lines } = await start(['--quiet']);
    expect(port).toBeGreaterThan(0);
    expect(lines).toEqual([
      `[sandbox] ${contract.title} ${contract.version}, ${contract.operations.length} operations, from the test`,
      `[sandbox] listening on http://127.0.0.1:${port}: any non-empty x-api-key works, each key has its own simulation and clock (POST /__sandbox/clock); POST /__sandbox/reset empties it`,
      "[sandbox] each key's sandbox is kept in this process's memory (--redis URL keeps them in Redis)",
    ]);
    const answer = await fetch(`http://127.0.0.1:${port}${LOCATIONS}`, { headers: { 'x-api-key': 'cli' } });
    expect(answer.status).toBe(200);
  });

  it('refuses each bad option with the rule it breaks and the usage line, before loading the contract', async () => {
    const usage =
      'usage: test [--port 4010] [--host 127.0.0.1] [--cors-origin https://app.example.com ...] [--redis redis://127.0.0.1:6379] [--quiet]';
    let loaded = 0;
    const counting = () => ((loaded += 1), loadContract());
    for (const [args, message] of [
      [['--port', '70000'], '--port: must be a whole number from 0 to 65535'],
      [['--port=-1'], '--port: must be a whole number from 0 to 65535'],
      [['--port', '80.5'], '--port: must be a whole number from 0 to 65535'],
      [['--port', 'http'], '--port: must be a whole number from 0 to 65535'],
      [['--host', ''], '--host: must not be empty'],
      [['--cors-origin', 'app.example.com'], '--cors-origin.0: must be an origin such as https://app.example.com'],
      [['--redis', 'rediss//x'], '--redis: must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379'],
    ] as const) {
      await expect(
        startSandbox({ command: 'test', loadContract: counting, args: [...args] }),
        args.join(' '),
      ).rejects.toThrow(`[sandbox] ${message}\n${usage}`);
    }
    await expect(
      startSandbox({ command: 'test', loadContract: counting, args: ['--port', 'x', '--host', ''] }),
    ).rejects.toThrow('[sandbox] --port: must be a whole number from 0 to 65535; --host: must not be empty\n');
    // What Node's parser refuses is said the same way.
    await expect(startSandbox({ command: 'test', loadContract: counting, args: ['--port', '-1'] })).rejects.toThrow(
      /^\[sandbox\] Option '--port' argument is ambiguous[\s\S]*\nusage: test /,
    );
    await expect(startSandbox({ command: 'test', loadContract: counting, args: ['--prot', '80'] })).rejects.toThrow(
      /^\[sandbox\] Unknown option '--prot'[\s\S]*\nusage: test /,
    );
    expect(loaded).toBe(0);
  });

  it('lets the origins given with --cors-origin read it, by their origin, and no other page', async () => {
    const { port } = await start([
      '--cors-origin',
      'https://app.example.com/some/path',
      '--cors-origin',
      'https://b.example',
    ]);
    const read = async (origin: string) =>
      (await fetch(`http://127.0.0.1:${port}${LOCATIONS}`, { headers: { 'x-api-key': 'cli', origin } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await read('https://app.example.com')).toBe('https://app.example.com');
    expect(await read('https://b.example')).toBe('https://b.example');
    expect(await read('https://evil.example')).toBeNull();
  });

  it('answers the host it was given, and any host on every interface, but only the loopback by default', async () => {
    // fetch sets Host itself; Node's client sends the one given.
    const at = async (port: number, host: string) =>
      (await nodeRequest(`http://127.0.0.1:${port}`, LOCATIONS, { headers: { host, 'x-api-key': 'cli' } })).status;
    const loopback = await start([]);
    expect(await at(loopback.port, 'localhost')).toBe(200);
    expect(await at(loopback.port, 'sandbox.example')).toBe(403);
    const everywhere = await start(['--host', '0.0.0.0']);
    expect(await at(everywhere.port, 'sandbox.example')).toBe(200);
    expect(everywhere.lines[1]).toContain(`listening on http://0.0.0.0:${everywhere.port}:`);
    // Said, since anything that reaches the machine now reaches the sandbox; not said on the loopback.
    expect(everywhere.warnings).toEqual([hostCheckOff('0.0.0.0')]);
    expect(everywhere.warnings[0]).toContain('the Host check is off');
    expect(loopback.warnings).toEqual([]);
  });

  it('keeps the sandboxes in the store --redis opens, or the default Redis, and says so', async () => {
    const opened: string[] = [];
    const openRedisStore = (url: string) => (
      opened.push(url),
      Promise.resolve(createMemoryStore(sandboxStoreLimits(10)))
    );
    const given = await start(['--redis', 'redis://cache:6379'], {
      openRedisStore,
      defaultRedisUrl: 'redis://other:6379',
    });
    expect(given.lines[2]).toMatch(/^\[sandbox\] each key's sandbox is kept in Redis \(under a hash of the key/);
    await start([], { openRedisStore, defaultRedisUrl: 'redis://default:6379' });
    await start([], { openRedisStore });
    expect(opened).toEqual(['redis://cache:6379', 'redis://default:6379']);
  });
});
