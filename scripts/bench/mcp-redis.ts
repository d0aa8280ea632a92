// Bench: /mcp on two instances with their sessions in Redis (#42). Redis of its own on a free loopback port, two
// `next start` of the build with KILOWISE_REDIS_URL and a short idle limit (KILOWISE_MCP_IDLE_SECONDS), and:
// - 100 agent sessions at agents' pace (as scripts/bench/mcp.ts's agents' load), each request of each session sent
//   to the other instance than the one before: the latency of every tool call, and the calls that failed;
// - one instance's resident memory before the load and after it, watched until back within 50 MB of the start;
// - Redis's memory per idle session (100 sessions, each with a sandbox it wrote to, then left), and the keys left
//   once the idle limit, and the minute that start counts are kept, are over.
// Every figure is measured or reported as not measured: none is printed as zero in its place.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectRedis, type RedisConnection } from '../../lib/store/redis';
import { startNext, type NextInstance } from '../e2e/mcp-cluster';
import { startRedis } from '../testing/redis';
import { AFTER_MARGIN_BYTES, CALL_PLAN, MCP_LOADS } from './mcp';
import { groupRssBytes } from './server';

export const REDIS_BENCH = {
  sessions: 100,
  calls: 20,
  idleSessions: 100,
  /** The idle limit the instances run with: a session's key lives this long after its last use. */
  idleSeconds: 20,
  /** Start counts are kept for a minute (startsPerMinute's window), whatever the idle limit. */
  startsSeconds: 60,
  budgets: { p95Ms: 50, errors: 0, bytesPerIdleSession: 20 * 1024, keysAfter: 0, afterMarginBytes: AFTER_MARGIN_BYTES },
} as const;

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

/** A figure, or why it could not be measured. */
export type Measured<T> = { value: T } | { failed: string };

export interface RedisBenchFigures {
  sessions: number;
  calls: number;
  errors: number;
  firstErrors: string[];
  byTool: { tool: string; calls: number; p50Ms: number; p95Ms: number }[];
  p95Ms: number;
  rssBeforeBytes: Measured<number>;
  rssPeakBytes: Measured<number>;
  /** The instance's memory once back within the margin, and when; or as it was when the bench stopped watching. */
  rssAfter: Measured<{ bytes: number; settledMs: number | undefined }>;
  bytesPerIdleSession: Measured<number>;
  keysAtIdle: Measured<number>;
  keysAfter: Measured<number>;
  servedBy: [number, number];
  /** CPU time per call during the load: both instances', and the bench's own (its 100 clients), in ms. */
  cpuPerCall: Measured<{ serversMs: number; clientsMs: number; callsPerSecond: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? Number.NaN;
const attempt = <T>(measure: () => T): Measured<T> => {
  try {
    return { value: measure() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
};
const attemptAsync = async <T>(measure: () => Promise<T>): Promise<Measured<T>> => {
  try {
    return { value: await measure() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
};

/** An SDK client of /mcp whose every request goes to the other instance than the one before, as a client at `address`. */
function roundRobinClient(instances: readonly NextInstance[], address: string, counts: number[]) {
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
const address = () => {
  agents += 1;
  return `10.78.${Math.floor(agents / 250)}.${(agents % 250) + 1}`;
};

/**
 * Idle sessions: each opens, writes to its sandbox once, and is left, as an agent that went quiet. Redis's memory per
 * such session, and the keys left once the idle limit, then the minute's start counts, are over.
 */
async function measureIdle(
  instances: NextInstance[],
  servedBy: [number, number],
  connection: RedisConnection,
  prefix: string,
): Promise<Pick<RedisBenchFigures, 'bytesPerIdleSession' | 'keysAtIdle' | 'keysAfter'>> {
  // Idle sessions: each opens, writes to its sandbox once, and is left, as an agent that went quiet.
  const usedMemory = async () => {
    const info = await connection.client.info('memory');
    const match = /^used_memory:(\d+)\r?$/m.exec(info);
    if (!match) throw new Error("Redis's INFO memory has no used_memory");
    return Number(match[1]);
  };
  const keys = async () => (await connection.client.keys(`${prefix}*`)).length;
  const before = await attemptAsync(usedMemory);
  const idle: Client[] = [];
  for (let index = 0; index < REDIS_BENCH.idleSessions; index += 1) {
    const { transport, client } = roundRobinClient(instances, address(), servedBy);
    await client.connect(transport);
    const write = CALL_PLAN.find((call) => call.name === 'sandbox_request' && 'body' in call.arguments);
    if (write) await client.callTool(write);
    idle.push(client);
  }
  const after = await attemptAsync(usedMemory);
  const bytesPerIdleSession: Measured<number> =
    'value' in before && 'value' in after
      ? { value: (after.value - before.value) / REDIS_BENCH.idleSessions }
      : { failed: 'failed' in before ? before.failed : 'failed' in after ? after.failed : '' };
  // Closed without ending their sessions: those live on in Redis until the idle limit.
  await Promise.all(idle.map((client) => client.close()));
  const lastUse = performance.now();
  await sleep(REDIS_BENCH.idleSeconds * 1000 + 2000 - (performance.now() - lastUse));
  const keysAtIdle = await attemptAsync(keys);
  await sleep(Math.max(0, REDIS_BENCH.startsSeconds * 1000 + 2000 - (performance.now() - lastUse)));
  const keysAfter = await attemptAsync(keys);
  return { bytesPerIdleSession, keysAtIdle, keysAfter };
}

/** Each session names its own address in X-Forwarded-For, as clients behind a proxy on loopback would: trusted. */
const BEHIND_LOOPBACK_PROXY = { KILOWISE_TRUSTED_PROXIES: 'loopback' };

/** Runs the Redis figures against a build in `.next` (or KILOWISE_DIST_DIR). */
export async function measureMcpRedis(sessions: number = REDIS_BENCH.sessions): Promise<RedisBenchFigures> {
  const redis = await startRedis();
  const prefix = `bench-${randomUUID()}:`;
  const env = {
    KILOWISE_REDIS_URL: redis.url,
    KILOWISE_REDIS_PREFIX: prefix,
    KILOWISE_MCP_IDLE_SECONDS: String(REDIS_BENCH.idleSeconds),
    ...BEHIND_LOOPBACK_PROXY,
  };
  const instances: NextInstance[] = [];
  const connection = connectRedis(redis.url, () => {});
  try {
    instances.push(await startNext(env), await startNext(env));
    const [first] = instances as [NextInstance, NextInstance];
    while (!connection.client.isReady) await sleep(20);
    const servedBy: [number, number] = [0, 0];
    const times = new Map<string, number[]>();
    const failures: string[] = [];
    let calls = 0;
    const session = async (pace: { startMs: number; pauseMs: number }, record: boolean) => {
      await sleep(pace.startMs);
      const { transport, client } = roundRobinClient(instances, address(), servedBy);
      try {
        await client.connect(transport);
        for (let call = 0; call < REDIS_BENCH.calls; call += 1) {
          const planned = CALL_PLAN[call % CALL_PLAN.length];
          if (!planned) continue;
          const started = performance.now();
          try {
            const result = await client.callTool(planned);
            if (result.isError) throw new Error(`${planned.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
            if (record) times.set(planned.name, [...(times.get(planned.name) ?? []), performance.now() - started]);
          } catch (error) {
            if (record) failures.push(error instanceof Error ? error.message : String(error));
          }
          if (record) calls += 1;
          await sleep(pace.pauseMs);
        }
        await transport.terminateSession();
      } catch (error) {
        if (record) failures.push(`session: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await client.close().catch(() => {});
      }
    };
    // Unmeasured sessions first, on both instances: each reads its data and compiles its code on first use.
    await Promise.all(Array.from({ length: 6 }, () => session({ startMs: 0, pauseMs: 0 }, false)));
    const rssBeforeBytes = attempt(() => groupRssBytes(first.pid()));
    const serversCpu = () => instances.reduce((sum, instance) => sum + groupCpuMs(instance.pid()), 0);
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
      await Promise.all(Array.from({ length: sessions }, (_, index) => session(MCP_LOADS.agents(index), true)));
    } finally {
      clearInterval(sampler);
    }
    const ended = performance.now();
    const clientsCpu = process.cpuUsage(clientsBefore);
    const cpuAfter = attempt(serversCpu);
    const cpuPerCall: RedisBenchFigures['cpuPerCall'] =
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
    const rssAfter = await attemptAsync(async () => {
      if (!('value' in rssBeforeBytes)) throw new Error(rssBeforeBytes.failed);
      let bytes = groupRssBytes(first.pid());
      while (bytes - rssBeforeBytes.value > AFTER_MARGIN_BYTES && performance.now() - ended < 40_000) {
        await sleep(500);
        bytes = groupRssBytes(first.pid());
      }
      const settledMs = bytes - rssBeforeBytes.value <= AFTER_MARGIN_BYTES ? performance.now() - ended : undefined;
      return { bytes, settledMs };
    });

    const { bytesPerIdleSession, keysAtIdle, keysAfter } = await measureIdle(instances, servedBy, connection, prefix);

    const byTool = [...times].map(([tool, values]) => ({
      tool,
      calls: values.length,
      p50Ms: quantile(values, 0.5),
      p95Ms: quantile(values, 0.95),
    }));
    return {
      sessions,
      calls,
      errors: failures.length,
      firstErrors: failures.slice(0, 3),
      byTool,
      p95Ms: quantile([...times.values()].flat(), 0.95),
      rssBeforeBytes,
      rssPeakBytes,
      rssAfter,
      bytesPerIdleSession,
      keysAtIdle,
      keysAfter,
      servedBy,
      cpuPerCall,
    };
  } finally {
    await connection.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis.stop();
  }
}

/** The figures as the bench prints them; a figure not measured is a failure, and sets the exit code. */
export function printMcpRedisFigures(figures: RedisBenchFigures): void {
  const { budgets } = REDIS_BENCH;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  const rows: [string, string, string, boolean][] = [];
  const shown = <T>(figure: Measured<T>, format: (value: T) => string, within: (value: T) => boolean) =>
    'value' in figure
      ? { text: format(figure.value), ok: within(figure.value) }
      : { text: `FAILED, not measured: ${figure.failed}`, ok: false };
  console.log(
    `\n[bench] MCP on two instances with Redis (\`next start\` ×2, KILOWISE_REDIS_URL, idle limit ${REDIS_BENCH.idleSeconds} s): ${figures.sessions} sessions at agents' pace × ${REDIS_BENCH.calls} calls with the SDK's client, each request to the other instance than the one before (${figures.servedBy[0]} / ${figures.servedBy[1]} requests)\n`,
  );
  console.log('| Tool | Calls | Median | 95th percentile | Budget (p95) |');
  console.log('|---|---|---|---|---|');
  for (const entry of figures.byTool)
    console.log(
      `| \`${entry.tool}\` | ${entry.calls} | ${ms(entry.p50Ms)} | ${ms(entry.p95Ms)} | ≤ ${budgets.p95Ms} ms |`,
    );
  const measuredCalls = figures.byTool.reduce((sum, entry) => sum + entry.calls, 0);
  rows.push([
    'Every tool call: 95th percentile',
    measuredCalls > 0 ? ms(figures.p95Ms) : 'FAILED, not measured: no call succeeded',
    `≤ ${budgets.p95Ms} ms`,
    measuredCalls > 0 && figures.byTool.every((entry) => entry.p95Ms <= budgets.p95Ms),
  ]);
  rows.push([
    `Calls that failed, of ${figures.calls}`,
    `${figures.errors}${figures.firstErrors.length > 0 ? ` (first: ${figures.firstErrors.join('; ').slice(0, 300)})` : ''}`,
    String(budgets.errors),
    figures.calls === figures.sessions * REDIS_BENCH.calls && figures.errors === budgets.errors,
  ]);
  const cpu = shown(
    figures.cpuPerCall,
    ({ serversMs, clientsMs, callsPerSecond }) =>
      `${serversMs.toFixed(1)} ms the two instances, ${clientsMs.toFixed(1)} ms the bench's clients, at ${callsPerSecond.toFixed(0)} calls a second: ${(((serversMs + clientsMs) * callsPerSecond) / 1000).toFixed(2)} of the 2 cores`,
    () => true,
  );
  rows.push(["CPU time per tool call during the load (the sessions' other requests included)", cpu.text, '', cpu.ok]);
  const before = 'value' in figures.rssBeforeBytes ? figures.rssBeforeBytes.value : undefined;
  const peak = shown(
    figures.rssPeakBytes,
    (bytes) =>
      `${mb(bytes)} (${before === undefined ? '?' : signedMb(bytes - before)} on ${before === undefined ? '?' : mb(before)})`,
    () => true,
  );
  rows.push(["One instance's resident memory at the peak", peak.text, '', peak.ok]);
  const after = shown(
    figures.rssAfter,
    ({ bytes, settledMs }) =>
      `${mb(bytes)} (${before === undefined ? '?' : signedMb(bytes - before)}) ${settledMs === undefined ? 'when the bench stopped watching, 40 s after' : `${(settledMs / 1000).toFixed(1)} s after the load`}`,
    ({ settledMs }) => settledMs !== undefined,
  );
  rows.push([
    'The same instance after the load',
    after.text,
    `within ${mb(budgets.afterMarginBytes)} of the start`,
    after.ok,
  ]);
  const perSession = shown(
    figures.bytesPerIdleSession,
    (bytes) => `${(bytes / 1024).toFixed(1)} KB`,
    (bytes) => bytes <= budgets.bytesPerIdleSession,
  );
  rows.push([
    `Redis memory per idle session (used_memory over ${REDIS_BENCH.idleSessions} sessions, each with a sandbox it wrote to)`,
    perSession.text,
    `≤ ${budgets.bytesPerIdleSession / 1024} KB`,
    perSession.ok,
  ]);
  const atIdle = shown(figures.keysAtIdle, String, () => true);
  rows.push([
    `Keys left ${REDIS_BENCH.idleSeconds + 2} s after the last use (the sessions' TTL is over; the start counts' minute is not)`,
    atIdle.text,
    '',
    atIdle.ok,
  ]);
  const keysAfter = shown(figures.keysAfter, String, (count) => count === budgets.keysAfter);
  rows.push([
    `Keys left ${REDIS_BENCH.startsSeconds + 2} s after the last use`,
    keysAfter.text,
    String(budgets.keysAfter),
    keysAfter.ok,
  ]);
  console.log('\n| Figure | Value | Budget | Met |');
  console.log('|---|---|---|---|');
  for (const [figure, value, budget, ok] of rows)
    console.log(`| ${figure} | ${value} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
  if (rows.some(([, value]) => value.startsWith('FAILED'))) process.exitCode = 1;
}
