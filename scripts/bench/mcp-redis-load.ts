// The agents' load of scripts/bench/mcp-redis.ts: sessions of the SDK's client whose every request goes to the other
// of two instances than the one before, and what the load costs the machine (the instances' memory and CPU time).
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NextInstance } from '../e2e/mcp-cluster';
import { AFTER_MARGIN_BYTES, CALL_PLAN, MCP_LOADS } from './mcp';
import { groupRssBytes } from './server';

/** A figure, or why it could not be measured. */
export type Measured<T> = { value: T } | { failed: string };

/** CPU time per call during the load: both instances', and the bench's own (its clients), in ms. */
export type CpuPerCall = { serversMs: number; clientsMs: number; callsPerSecond: number };
/** The instance's memory once back within the margin, and when; or as it was when the bench stopped watching. */
export type RssAfter = { bytes: number; settledMs: number | undefined };

export const attempt = <T>(measure: () => T): Measured<T> => {
  try {
    return { value: measure() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
};
export const attemptAsync = async <T>(measure: () => Promise<T>): Promise<Measured<T>> => {
  try {
    return { value: await measure() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The CPU time a process group has used (user and system, of every process in it), in ms, from /proc: a tick is
 * 10 ms on Linux (USER_HZ 100).
 */
function groupCpuMs(groupId: number): number {
  let ticks = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      // The process ended between the listing and the read.
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    found = true;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  if (!found) throw new Error(`no process of group ${groupId} to measure`);
  return ticks * 10;
}

/** An SDK client of /mcp whose every request goes to the other instance than the one before, as a client at `address`. */
export function roundRobinClient(instances: readonly NextInstance[], address: string, counts: number[]) {
  let next = 0;
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', instances[0]?.origin), {
    requestInit: { headers: { 'x-forwarded-for': address } },
    fetch: (url, init) => {
      const index = next % instances.length;
      next += 1;
      counts[index] = (counts[index] ?? 0) + 1;
      const target = new URL(String(url));
      const instance = new URL(instances[index]?.origin ?? '');
      target.host = instance.host;
      return fetch(target, init);
    },
  });
  return { transport, client: new Client({ name: 'kilowise-bench-redis', version: '1.0.0' }) };
}

let agents = 0;
export const address = () => {
  agents += 1;
  return `10.78.${Math.floor(agents / 250)}.${(agents % 250) + 1}`;
};

/** The load's sessions and what they record: the instances' share of requests, each tool's times, the failures. */
export interface Load {
  instances: readonly NextInstance[];
  servedBy: [number, number];
  times: Map<string, number[]>;
  failures: string[];
  /** The calls each session makes, of the plan in turn. */
  callsPerSession: number;
  /** The calls made by sessions that record. */
  calls: number;
}

/**
 * One agent's session: it connects, makes the load's calls per session of the plan at its pace, and ends. A session that
 * records adds its times, failures and calls to the load's figures.
 */
export async function runSession(
  load: Load,
  pace: { startMs: number; pauseMs: number },
  record: boolean,
): Promise<void> {
  await sleep(pace.startMs);
  const { transport, client } = roundRobinClient(load.instances, address(), load.servedBy);
  try {
    await client.connect(transport);
    for (let call = 0; call < load.callsPerSession; call += 1) {
      const planned = CALL_PLAN[call % CALL_PLAN.length];
      if (!planned) continue;
      const started = performance.now();
      try {
        const result = await client.callTool(planned);
        if (result.isError) throw new Error(`${planned.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
        if (record)
          load.times.set(planned.name, [...(load.times.get(planned.name) ?? []), performance.now() - started]);
      } catch (error) {
        if (record) load.failures.push(error instanceof Error ? error.message : String(error));
      }
      if (record) load.calls += 1;
      await sleep(pace.pauseMs);
    }
    await transport.terminateSession();
  } catch (error) {
    if (record) load.failures.push(`session: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * The measured load, `sessions` agents at their pace: the first instance's resident memory before it and at its
 * peak (sampled every 100 ms), and the CPU time per call of both instances and of the bench's own clients.
 */
export async function measureAgentsLoad(load: Load, sessions: number) {
  const first = load.instances[0] as NextInstance;
  const rssBeforeBytes = attempt(() => groupRssBytes(first.pid()));
  const serversCpu = () => load.instances.reduce((sum, instance) => sum + groupCpuMs(instance.pid()), 0);
  const cpuBefore = attempt(serversCpu);
  const clientsBefore = process.cpuUsage();
  const loadStarted = performance.now();
  let peak = 'value' in rssBeforeBytes ? rssBeforeBytes.value : 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, groupRssBytes(first.pid()));
    } catch {
      // Reported below, from the before and after figures.
    }
  }, 100);
  try {
    await Promise.all(Array.from({ length: sessions }, (_, index) => runSession(load, MCP_LOADS.agents(index), true)));
  } finally {
    clearInterval(sampler);
  }
  const ended = performance.now();
  const clientsCpu = process.cpuUsage(clientsBefore);
  const cpuAfter = attempt(serversCpu);
  const { calls } = load;
  const cpuPerCall: Measured<CpuPerCall> =
    'value' in cpuBefore && 'value' in cpuAfter && calls > 0
      ? {
          value: {
            serversMs: (cpuAfter.value - cpuBefore.value) / calls,
            clientsMs: (clientsCpu.user + clientsCpu.system) / 1000 / calls,
            callsPerSecond: calls / ((ended - loadStarted) / 1000),
          },
        }
      : { failed: 'failed' in cpuBefore ? cpuBefore.failed : 'failed' in cpuAfter ? cpuAfter.failed : 'no calls' };
  const rssPeakBytes: Measured<number> = 'value' in rssBeforeBytes ? { value: peak } : rssBeforeBytes;
  return { rssBeforeBytes, rssPeakBytes, cpuPerCall, ended };
}

/** The instance's memory after the load: watched every 500 ms until back within the margin, or for 40 s. */
export function watchRssAfter(
  instance: NextInstance,
  rssBeforeBytes: Measured<number>,
  ended: number,
): Promise<Measured<RssAfter>> {
  return attemptAsync(async () => {
    if (!('value' in rssBeforeBytes)) throw new Error(rssBeforeBytes.failed);
    let bytes = groupRssBytes(instance.pid());
    while (bytes - rssBeforeBytes.value > AFTER_MARGIN_BYTES && performance.now() - ended < 40_000) {
      await sleep(500);
      bytes = groupRssBytes(instance.pid());
    }
    const settledMs = bytes - rssBeforeBytes.value <= AFTER_MARGIN_BYTES ? performance.now() - ended : undefined;
    return { bytes, settledMs };
  });
}
