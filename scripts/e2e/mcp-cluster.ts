// Several `next start` of one build, their /mcp sessions in one Redis, with nginx in front sending requests to them
// in turn (deploy/nginx-proxy.conf's configuration, with a `server` line per instance): what the README's Deploy
// section describes, for e2e/mcp-instances.spec.ts and the bench. Every process on a free loopback port, in a
// process group of its own, each instance's output kept for the test to read.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { nginxProxyConf } from '../../lib/deploy/nginx';
import { freePort } from '../testing/loopback';
import { ensureNginx, NGINX, nginxPrefix } from './ensure-nginx';

export interface NextInstance {
  port: number;
  origin: string;
  /** What it printed, stdout and stderr, since it was first started. */
  output(): string;
  /** Its process group's id, for its memory (scripts/bench/server.ts). */
  pid(): number;
  /** Ends it at once (SIGKILL), as a crash or a pulled plug would; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on its port, after kill(). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Waits until `url` answers at all, for up to `ms`. */
async function answering(url: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > end) throw new Error(`[cluster] ${url} did not answer within ${ms / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const stopGroup = (child: ChildProcess | undefined, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, signal);
    } catch {
      resolve();
    }
  });

/** `next start` of the build in `KILOWISE_DIST_DIR` (default .next) on a free port, with `env` added. */
export async function startNext(env: Record<string, string>): Promise<NextInstance> {
  const port = await freePort();
  let output = '';
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await answering(`http://127.0.0.1:${port}/`);
  };
  await start();
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    pid: () => child?.pid ?? 0,
    kill: () => stopGroup(child, 'SIGKILL'),
    start,
    stop: () => stopGroup(child, 'SIGTERM'),
  };
}

/**
 * nginx on a free port with deploy/nginx-proxy.conf's server block (lib/deploy/nginx.ts), its upstream
 * listing every instance: round robin, the next one tried when one does not take the connection.
 */
export async function startNginxProxy(
  upstreams: readonly number[],
): Promise<{ origin: string; stop: () => Promise<void> }> {
  ensureNginx();
  const port = await freePort();
  const [first] = upstreams;
  const { prefix, conf } = nginxPrefix(
    (folder) => {
      const site = nginxProxyConf({
        listen: port,
        upstream: `127.0.0.1:${first}`,
        cacheDir: path.join(folder, 'cache'),
      });
      if (!site.includes(`  server 127.0.0.1:${first};`))
        throw new Error('[cluster] nginx-proxy.conf has no upstream server line');
      const servers = upstreams.map((upstream) => `  server 127.0.0.1:${upstream};`).join('\n');
      return site.replace(`  server 127.0.0.1:${first};`, servers);
    },
    { tag: 'mcp-nginx', workers: 1 },
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], {
    stdio: 'ignore',
    detached: true,
  });
  await answering(`http://127.0.0.1:${port}/`);
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      await stopGroup(child, 'SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
