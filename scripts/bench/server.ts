import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Waits until `url` answers 200, for up to 30 s. */
export async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`[bench] ${url} did not answer`);
}

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(origin, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `next start` on a port that must be free (a server left there would be measured instead of
 * this build) and returns the function that stops it. The server runs in its own process group, so
 * stopping it stops Next's worker too, and no server outlives the bench.
 */
export async function startNextServer(
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<(() => void) & { pid: number }> {
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(origin)) throw new Error(`[bench] something already answers on ${origin}; stop it first`);
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      stdio: 'ignore',
      env,
      detached: true,
    },
  );
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  try {
    await waitForServer(`${origin}/`);
  } catch (error) {
    stop();
    throw error;
  }
  return Object.assign(stop, { pid: child.pid ?? 0 });
}

/**
 * The resident memory of a process group (the server and its workers), in bytes, from /proc; with
 * `command`, only the processes of that name (nginx, not the script that started it).
 */
export function groupRssBytes(groupId: number, command?: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch (error) {
      // The process ended between the listing and the read.
      if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ESRCH')) continue;
      throw error;
    }
    // Fields after the command name (which may hold spaces): state, ppid, pgrp, … rss is the 24th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (Number(fields[2]) === groupId && (command === undefined || name === command))
      total += Number(fields[21]) * 4096;
  }
  if (total === 0) throw new Error(`[bench] no process of group ${groupId} to measure`);
  return total;
}
