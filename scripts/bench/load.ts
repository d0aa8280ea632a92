// Load figures for `npm run bench`: 100 connections for 30 s (wrk, Debian's HTTP benchmarking tool, two
// threads) against a page, on `next start` and on nginx serving the static export, as a CDN's origin would see a
// burst of readers. wrk is installed with apt when missing and the bench runs as root on Debian.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { canInstallWithApt, installWithApt } from '../testing/apt';
import { groupRssBytes, waitForServer } from './server';

export const LOAD_CONNECTIONS = 100;
export const LOAD_SECONDS = 30;
const WRK = '/usr/bin/wrk';

const execFileAsync = promisify(execFile);

export interface LoadFigures {
  server: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors (connect, read, write) and responses other than 2xx or 3xx. */
  errors: number;
  /** Requests with no answer within 2 s (wrk's timeouts, with `--timeout 2s`). */
  overTwoSeconds: number;
  /** The server's resident memory (its processes) after the run. */
  rssBytes: number;
}

function ensureWrk(): void {
  if (existsSync(WRK)) return;
  if (!canInstallWithApt())
    throw new Error('[bench] wrk is not installed (Debian: `sudo apt-get install wrk`); the load figures need it.');
  installWithApt(['wrk']);
}

/** A wrk duration ("812.00us", "1.20ms", "2.01s") in milliseconds. */
export function wrkMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`[bench] wrk printed a latency it cannot read: "${value}"`);
  const amount = Number(match[1]);
  return match[2] === 'us'
    ? amount / 1000
    : match[2] === 'ms'
      ? amount
      : match[2] === 's'
        ? amount * 1000
        : amount * 60_000;
}

/** The figures of wrk's report (`--latency`); every one must be there, or the bench fails. */
export function parseWrk(
  report: string,
): Pick<LoadFigures, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'errors' | 'overTwoSeconds'> {
  const find = (pattern: RegExp, what: string) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`[bench] wrk's report has no ${what}:\n${report}`);
    return match;
  };
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/, 'requests per second')[1]),
    p50Ms: wrkMs(find(/^\s+50%\s+(\S+)\s*$/m, 'median latency')[1] as string),
    p99Ms: wrkMs(find(/^\s+99%\s+(\S+)\s*$/m, '99th percentile')[1] as string),
    errors:
      (sockets ? Number(sockets[1]) + Number(sockets[2]) + Number(sockets[3]) : 0) + (non2xx ? Number(non2xx[1]) : 0),
    overTwoSeconds: sockets ? Number(sockets[4]) : 0,
  };
}

/** Runs the load against one page, with gzip accepted as browsers do. */
export async function measureLoad(
  server: string,
  origin: string,
  path: string,
  serverGroup: number,
  command?: string,
): Promise<LoadFigures> {
  ensureWrk();
  const { stdout } = await execFileAsync(
    WRK,
    [
      '-t2',
      `-c${LOAD_CONNECTIONS}`,
      `-d${LOAD_SECONDS}s`,
      '--timeout',
      '2s',
      '--latency',
      '-H',
      'Accept-Encoding: gzip',
      `${origin}${path}`,
    ],
    {
      maxBuffer: 1024 * 1024,
    },
  );
  return { server, path, ...parseWrk(stdout), rssBytes: groupRssBytes(serverGroup, command) };
}

/**
 * nginx with the generated deploy/nginx.conf serving out/, or with deploy/nginx-proxy.conf in front of
 * `next start` on `upstreamPort` (scripts/e2e/static-server.ts); returns its stop function and group.
 */
export async function startStaticServer(port: number, upstreamPort?: number): Promise<(() => void) & { pid: number }> {
  const args = [
    '--import',
    'tsx',
    'scripts/e2e/static-server.ts',
    String(port),
    ...(upstreamPort === undefined ? [] : ['--proxy', String(upstreamPort)]),
  ];
  const child = spawn(process.execPath, args, { stdio: 'ignore', detached: true });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  try {
    await waitForServer(`http://127.0.0.1:${port}/`);
  } catch (error) {
    stop();
    throw error;
  }
  return Object.assign(stop, { pid: child.pid ?? 0 });
}
