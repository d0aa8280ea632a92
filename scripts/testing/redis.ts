// Debian's redis-server for the tests of the Redis store (lib/store/), the sandbox server and /mcp across instances:
// installed with apt when missing and this runs as root on Debian (as nginx and Chromium are), started on a free
// loopback port with a folder of its own, stopped by the test. `tsx scripts/testing/redis.ts` only installs it: the
// step of `npm test` before the unit tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAptPackage } from './apt';
import { accepts, freePort } from './loopback';
import { runMain } from '../../lib/build/run-main';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** Installs redis-server when it is missing; throws with the command to run when it cannot. */
export function ensureRedis(): void {
  ensureAptPackage({
    pkg: 'redis-server',
    why: 'the Redis store is tested against it',
    find: () => (existsSync(REDIS_SERVER) ? REDIS_SERVER : undefined),
  });
}

export interface TestRedis {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
  /** Stops it (SIGTERM; with `persist`, it saves first), keeping its folder for up(). */
  down(): Promise<void>;
  /** Starts it again on the same port after down(); with `persist`, with what it held. */
  up(): Promise<void>;
  /** Freezes it (SIGSTOP): it keeps its connections and answers nothing, as a store that hangs. */
  pause(): void;
  resume(): void;
}

/**
 * A redis-server of the test's own on 127.0.0.1, in a temporary folder removed by stop(). With `persist`, it
 * saves to that folder when stopped and reads it when restarted (a Redis that goes down and comes back whole);
 * without, it keeps nothing on disk.
 */
export async function startRedis(options: { persist?: boolean } = {}): Promise<TestRedis> {
  ensureRedis();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-redis-'));
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        options.persist ? '3600 1' : '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await accepts(port)) return;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`[redis] redis-server did not start on 127.0.0.1:${port}`);
  };
  const halt = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGCONT');
      running.kill('SIGTERM');
    });
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    down: halt,
    async up() {
      await halt();
      await launch();
    },
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMain(
    () => {
      ensureRedis();
      console.log(`[redis] ${REDIS_SERVER}`);
    },
    { tag: 'redis' },
  );
}
