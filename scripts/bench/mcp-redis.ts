// Bench: /mcp on two instances with their sessions in Redis (#42). Redis of its own on a free loopback port, two
// `next start` of the build with KILOWISE_REDIS_URL and a short idle limit (KILOWISE_MCP_IDLE_SECONDS), and:
// - 100 agent sessions at agents' pace (as scripts/bench/mcp.ts's agents' load), each request of each session sent
//   to the other instance than the one before: the latency of every tool call, and the calls that failed;
// - one instance's resident memory before the load and after it, watched until back within 50 MB of the start;
// - Redis's memory per idle session (100 sessions, each with a sandbox it wrote to, then left), and the keys left
//   once the idle limit, and the minute that start counts are kept, are over.
// Every figure is measured or reported as not measured: none is printed as zero in its place.
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectRedis, type RedisConnection } from '../../lib/store/redis';
import { startNext, type NextInstance } from '../e2e/mcp-cluster';
import { startRedis } from '../testing/redis';
import { AFTER_MARGIN_BYTES, CALL_PLAN } from './mcp';
import {
  address,
  attemptAsync,
  measureAgentsLoad,
  roundRobinClient,
  runSession,
  sleep,
  watchRssAfter,
  type CpuPerCall,
  type Load,
  type Measured,
  type RssAfter,
} from './mcp-redis-load';
import { quantile } from './quantile';

export type { Measured } from './mcp-redis-load';

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
  rssAfter: Measured<RssAfter>;
  bytesPerIdleSession: Measured<number>;
  keysAtIdle: Measured<number>;
  keysAfter: Measured<number>;
  servedBy: [number, number];
  /** CPU time per call during the load: both instances', and the bench's own (its 100 clients), in ms. */
  cpuPerCall: Measured<CpuPerCall>;
}

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
    while (!connection.client.isReady) await sleep(20);
    const load: Load = {
      instances,
      servedBy: [0, 0],
      times: new Map(),
      failures: [],
      callsPerSession: REDIS_BENCH.calls,
      calls: 0,
    };
    // Unmeasured sessions first, on both instances: each reads its data and compiles its code on first use.
    await Promise.all(Array.from({ length: 6 }, () => runSession(load, { startMs: 0, pauseMs: 0 }, false)));
    const { ended, ...machine } = await measureAgentsLoad(load, sessions);
    const rssAfter = await watchRssAfter(instances[0] as NextInstance, machine.rssBeforeBytes, ended);
    const idle = await measureIdle(instances, load.servedBy, connection, prefix);
    const { times, failures } = load;
    const byTool = [...times].map(([tool, values]) => ({
      tool,
      calls: values.length,
      p50Ms: quantile(values, 0.5),
      p95Ms: quantile(values, 0.95),
    }));
    return {
      sessions,
      calls: load.calls,
      errors: failures.length,
      firstErrors: failures.slice(0, 3),
      byTool,
      p95Ms: quantile([...times.values()].flat(), 0.95),
      ...machine,
      rssAfter,
      ...idle,
      servedBy: load.servedBy,
    };
  } finally {
    await connection.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis.stop();
  }
}

type Row = [figure: string, value: string, budget: string, met: boolean];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
/** A measured figure's text and whether it is within its budget; one not measured says why, and is not. */
const shown = <T>(figure: Measured<T>, format: (value: T) => string, within: (value: T) => boolean) =>
  'value' in figure
    ? { text: format(figure.value), ok: within(figure.value) }
    : { text: `FAILED, not measured: ${figure.failed}`, ok: false };

/** The figures as the bench prints them; a figure not measured is a failure, and sets the exit code. */
export function printMcpRedisFigures(figures: RedisBenchFigures): void {
  const { budgets } = REDIS_BENCH;
  console.log(
    `\n[bench] MCP on two instances with Redis (\`next start\` ×2, KILOWISE_REDIS_URL, idle limit ${REDIS_BENCH.idleSeconds} s): ${figures.sessions} sessions at agents' pace × ${REDIS_BENCH.calls} calls with the SDK's client, each request to the other instance than the one before (${figures.servedBy[0]} / ${figures.servedBy[1]} requests)\n`,
  );
  console.log('| Tool | Calls | Median | 95th percentile | Budget (p95) |');
  console.log('|---|---|---|---|---|');
  for (const entry of figures.byTool)
    console.log(
      `| \`${entry.tool}\` | ${entry.calls} | ${ms(entry.p50Ms)} | ${ms(entry.p95Ms)} | ≤ ${budgets.p95Ms} ms |`,
    );
  const rows = [...callRows(figures), ...memoryRows(figures), ...redisRows(figures)];
  console.log('\n| Figure | Value | Budget | Met |');
  console.log('|---|---|---|---|');
  for (const [figure, value, budget, ok] of rows)
    console.log(`| ${figure} | ${value} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
  if (rows.some(([, value]) => value.startsWith('FAILED'))) process.exitCode = 1;
}

/** The tool calls: their 95th percentile, the calls that failed, and the CPU time each cost. */
function callRows(figures: RedisBenchFigures): Row[] {
  const { budgets } = REDIS_BENCH;
  const measuredCalls = figures.byTool.reduce((sum, entry) => sum + entry.calls, 0);
  const cpu = shown(
    figures.cpuPerCall,
    ({ serversMs, clientsMs, callsPerSecond }) =>
      `${serversMs.toFixed(1)} ms the two instances, ${clientsMs.toFixed(1)} ms the bench's clients, at ${callsPerSecond.toFixed(0)} calls a second: ${(((serversMs + clientsMs) * callsPerSecond) / 1000).toFixed(2)} of the 2 cores`,
    () => true,
  );
  return [
    [
      'Every tool call: 95th percentile',
      measuredCalls > 0 ? ms(figures.p95Ms) : 'FAILED, not measured: no call succeeded',
      `≤ ${budgets.p95Ms} ms`,
      measuredCalls > 0 && figures.byTool.every((entry) => entry.p95Ms <= budgets.p95Ms),
    ],
    [
      `Calls that failed, of ${figures.calls}`,
      `${figures.errors}${figures.firstErrors.length > 0 ? ` (first: ${figures.firstErrors.join('; ').slice(0, 300)})` : ''}`,
      String(budgets.errors),
      figures.calls === figures.sessions * REDIS_BENCH.calls && figures.errors === budgets.errors,
    ],
    ["CPU time per tool call during the load (the sessions' other requests included)", cpu.text, '', cpu.ok],
  ];
}

/** One instance's resident memory: at the load's peak, and after it. */
function memoryRows(figures: RedisBenchFigures): Row[] {
  const before = 'value' in figures.rssBeforeBytes ? figures.rssBeforeBytes.value : undefined;
  const peak = shown(
    figures.rssPeakBytes,
    (bytes) =>
      `${mb(bytes)} (${before === undefined ? '?' : signedMb(bytes - before)} on ${before === undefined ? '?' : mb(before)})`,
    () => true,
  );
  const after = shown(
    figures.rssAfter,
    ({ bytes, settledMs }) =>
      `${mb(bytes)} (${before === undefined ? '?' : signedMb(bytes - before)}) ${settledMs === undefined ? 'when the bench stopped watching, 40 s after' : `${(settledMs / 1000).toFixed(1)} s after the load`}`,
    ({ settledMs }) => settledMs !== undefined,
  );
  return [
    ["One instance's resident memory at the peak", peak.text, '', peak.ok],
    [
      'The same instance after the load',
      after.text,
      `within ${mb(REDIS_BENCH.budgets.afterMarginBytes)} of the start`,
      after.ok,
    ],
  ];
}

/** Redis: its memory per idle session, and the keys left once the idle limit, then the start counts' minute, are over. */
function redisRows(figures: RedisBenchFigures): Row[] {
  const { budgets } = REDIS_BENCH;
  const perSession = shown(
    figures.bytesPerIdleSession,
    (bytes) => `${(bytes / 1024).toFixed(1)} KB`,
    (bytes) => bytes <= budgets.bytesPerIdleSession,
  );
  const atIdle = shown(figures.keysAtIdle, String, () => true);
  const keysAfter = shown(figures.keysAfter, String, (count) => count === budgets.keysAfter);
  return [
    [
      `Redis memory per idle session (used_memory over ${REDIS_BENCH.idleSessions} sessions, each with a sandbox it wrote to)`,
      perSession.text,
      `≤ ${budgets.bytesPerIdleSession / 1024} KB`,
      perSession.ok,
    ],
    [
      `Keys left ${REDIS_BENCH.idleSeconds + 2} s after the last use (the sessions' TTL is over; the start counts' minute is not)`,
      atIdle.text,
      '',
      atIdle.ok,
    ],
    [
      `Keys left ${REDIS_BENCH.startsSeconds + 2} s after the last use`,
      keysAfter.text,
      String(budgets.keysAfter),
      keysAfter.ok,
    ],
  ];
}
