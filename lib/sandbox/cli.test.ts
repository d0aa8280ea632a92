import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { freePort } from '../../scripts/testing/loopback';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { startSandbox } from './cli';

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
    const cabin = {
      name: 'Cabin',
      coordinates: { latitude: 61.5, longitude: 16.4 },
      countryCode: 'SE',
      postalCode: '82050',
      streetAddress: 'Skogsvägen 1',
      city: 'Los',
    };
    expect((await send(first.base, 'suite-a', { method: 'POST', body: JSON.stringify(cabin) })).status).toBe(200);
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
