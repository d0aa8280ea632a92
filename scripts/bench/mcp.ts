// Bench: the docs' MCP server under load. 50 sessions at once, each making 20 tool calls with the SDK's own client
// against `next start`; the latency of each tool, and the server's memory before, at its peak and after. Two loads:
// - agents: the sessions open within the first second and each pauses 250 ms after an answer, as an agent's model
//   reads it before its next call (a model's turn takes seconds; 250 ms is a fast one). The budgets are for this;
// - saturation: every session calls again the moment it has an answer, 50 calls always in flight. On two cores
//   shared with the 50 clients, this measures how calls queue, not what one costs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { groupRssBytes } from './server';
import { quantile } from './quantile';

const SESSIONS = 50;
const CALLS = 20;

/** The calls each session makes in turn: what an agent does while integrating. */
export const CALL_PLAN: { name: string; arguments: Record<string, unknown> }[] = [
  { name: 'search_docs', arguments: { query: 'set ready time' } },
  { name: 'read_page', arguments: { path: '/docs/smart-charging' } },
  { name: 'get_operation', arguments: { operationId: 'updateEvPreferences', language: 'python' } },
  { name: 'sandbox_request', arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' } },
  { name: 'search_docs', arguments: { query: '429 rate limit' } },
  {
    name: 'sandbox_request',
    arguments: {
      method: 'POST',
      path: '/v2/kilowise/users/user-4711/locations',
      body: {
        name: 'Bench',
        coordinates: { latitude: 59.3, longitude: 18.1 },
        countryCode: 'SE',
        postalCode: '11455',
        streetAddress: 'Storgatan 1',
        city: 'Stockholm',
      },
    },
  },
  { name: 'get_schema', arguments: { name: 'EvPreferences' } },
  { name: 'get_operation', arguments: { operationId: 'getSpotPrices' } },
];

export interface McpFigures {
  load: McpLoad;
  sessions: number;
  calls: number;
  byTool: { tool: string; calls: number; p50Ms: number; p95Ms: number }[];
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
  /** How long after the load the server's memory came back within AFTER_MARGIN_BYTES of the start; undefined when it did not within AFTER_WAIT_MS. */
  settledMs: number | undefined;
}

/** The server's memory counts as back when it is within this of where it started (the budget's margin). */
export const AFTER_MARGIN_BYTES = 50 * 2 ** 20;
/**
 * How long the bench watches the memory after the load. V8 gives a grown heap back once allocation has been low
 * for a while (its memory reducer starts about 8 s after the last full collection and runs up to three more): a
 * server that has just answered 1,000 calls still holds their heap 3 s later, and gives it back some 20 s later.
 */
const AFTER_WAIT_MS = 40_000;
/** Unmeasured sessions before the load, so that it meets compiled code, as on a server that has been up a while. */
const WARM_SESSIONS = 5;

/** When a session starts, and how long it pauses after each answer (an agent's model reading it and deciding). */
interface Pace {
  startMs: number;
  pauseMs: number;
}
const NO_PAUSE: Pace = { startMs: 0, pauseMs: 0 };

/** The two loads: the session at `index` starts after `startMs` and pauses `pauseMs` after each answer. */
export const MCP_LOADS = {
  agents: (index: number): Pace => ({ startMs: index * 20, pauseMs: 250 }),
  saturation: (): Pace => NO_PAUSE,
} as const;
export type McpLoad = keyof typeof MCP_LOADS;
const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * Each session is an agent of its own, on an address of its own: the server lets one address start 20 sessions a
 * minute (lib/mcp/sessions.ts), and the bench starts 55 within a second. The bench's server trusts a proxy on
 * loopback (KILOWISE_TRUSTED_PROXIES in scripts/bench.ts), so the X-Forwarded-For a session sends names its client.
 */
const agentAddress = (index: number) => `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
let agents = 0;

/** An SDK client of `/mcp` that the server takes for a client at `address`, not yet connected. */
function clientAt(origin: string, address: string) {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin), {
    requestInit: { headers: { 'x-forwarded-for': address } },
  });
  return { transport, client: new Client({ name: 'kilowise-bench', version: '1.0.0' }) };
}

async function session(origin: string, times: Map<string, number[]>, pace: Pace = NO_PAUSE): Promise<void> {
  await sleep(pace.startMs);
  const { transport, client } = clientAt(origin, agentAddress(agents++));
  await client.connect(transport);
  for (let call = 0; call < CALLS; call += 1) {
    const planned = CALL_PLAN[call % CALL_PLAN.length];
    if (!planned) continue;
    const started = performance.now();
    const result = await client.callTool(planned);
    const elapsed = performance.now() - started;
    if (result.isError)
      throw new Error(`[bench] ${planned.name} failed: ${JSON.stringify(result.content).slice(0, 200)}`);
    times.set(planned.name, [...(times.get(planned.name) ?? []), elapsed]);
    await sleep(pace.pauseMs);
  }
  // Ends the session on the server too, as a well-behaved client does.
  await transport.terminateSession();
  await client.close();
}

/** Runs the load against `origin`, whose server runs in process group `serverGroup`. */
export async function measureMcp(origin: string, serverGroup: number, load: McpLoad): Promise<McpFigures> {
  const pace = MCP_LOADS[load];
  // Unmeasured sessions first: the server reads its data on first use, and V8 compiles the calls' code once it has
  // run a few times. The first calls on a fresh server take 2 to 3 times as long as these figures.
  await Promise.all(Array.from({ length: WARM_SESSIONS }, () => session(origin, new Map())));
  const rssBeforeBytes = groupRssBytes(serverGroup);
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, groupRssBytes(serverGroup));
  }, 100);
  const times = new Map<string, number[]>();
  try {
    await Promise.all(Array.from({ length: SESSIONS }, (_, index) => session(origin, times, pace(index))));
  } finally {
    clearInterval(sampler);
  }
  rssPeakBytes = Math.max(rssPeakBytes, groupRssBytes(serverGroup));
  // What the server holds once the sessions have ended: watched until it is back near the start, or for AFTER_WAIT_MS.
  const ended = performance.now();
  let rssAfterBytes = groupRssBytes(serverGroup);
  let settledMs: number | undefined;
  while (settledMs === undefined && performance.now() - ended < AFTER_WAIT_MS) {
    await sleep(500);
    rssAfterBytes = groupRssBytes(serverGroup);
    if (rssAfterBytes - rssBeforeBytes <= AFTER_MARGIN_BYTES) settledMs = performance.now() - ended;
  }
  const byTool = [...times].map(([tool, values]) => ({
    tool,
    calls: values.length,
    p50Ms: quantile(values, 0.5),
    p95Ms: quantile(values, 0.95),
  }));
  const calls = byTool.reduce((sum, entry) => sum + entry.calls, 0);
  if (calls !== SESSIONS * CALLS) throw new Error(`[bench] ${calls} of ${SESSIONS * CALLS} MCP calls were measured`);
  return { load, sessions: SESSIONS, calls, byTool, rssBeforeBytes, rssPeakBytes, rssAfterBytes, settledMs };
}

/** The probe's load (#38): 16 workers for 30 s, each opening new sessions that search and write 40 KB bodies. */
export const PROBE = { workers: 16, seconds: 30, afterMs: 60_000, peakBudgetBytes: 400 * 2 ** 20 } as const;

export interface ProbeFigures {
  /** `one`: every session from one address, as the probe sent them (the budget's load); `many`: each from its own. */
  addresses: 'one' | 'many';
  sessions: number;
  calls: number;
  refused: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
}

/** A 40 KB body, as the probe wrote: a location whose text is far past what the sandbox keeps. */
const PROBE_BODY = {
  name: 'x'.repeat(40_000),
  coordinates: { latitude: 59.3, longitude: 18.1 },
  countryCode: 'SE',
  postalCode: '11455',
  streetAddress: 'Storgatan 1',
  city: 'Stockholm',
};

/**
 * The probe's load: sessions that are never ended (they stay until the idle limit or the bound on sessions), each
 * searching, writing a 40 KB body and adding a location, from one address as the probe sent them, or each from an
 * address of its own (a flood from many machines, which no per-client limit stops). The figures: the server's
 * resident memory before, at its peak, and 60 s after.
 */
export async function measureMcpProbe(
  origin: string,
  serverGroup: number,
  addresses: ProbeFigures['addresses'],
): Promise<ProbeFigures> {
  await Promise.all(Array.from({ length: WARM_SESSIONS }, () => session(origin, new Map())));
  const rssBeforeBytes = groupRssBytes(serverGroup);
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, groupRssBytes(serverGroup));
  }, 100);
  const until = performance.now() + PROBE.seconds * 1000;
  let sessions = 0;
  let calls = 0;
  let refused = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const { transport, client } = clientAt(origin, addresses === 'one' ? '10.99.0.1' : agentAddress(agents++));
      try {
        await client.connect(transport);
      } catch {
        // Refused (the per-client limit): the probe tries again, as it did.
        refused += 1;
        await sleep(50);
        continue;
      }
      sessions += 1;
      for (const call of [
        { name: 'search_docs', arguments: { query: 'smart charging schedule' } },
        {
          name: 'sandbox_request',
          arguments: { method: 'POST', path: '/v2/kilowise/users/probe/locations', body: PROBE_BODY },
        },
        {
          name: 'sandbox_request',
          arguments: {
            method: 'POST',
            path: '/v2/kilowise/users/probe/locations',
            body: { ...PROBE_BODY, name: 'Probe' },
          },
        },
      ]) {
        const result = await client.callTool(call);
        calls += 1;
        const text = JSON.stringify(result.content);
        if (result.isError || /→ [45]\d\d/.test(text)) refused += 1;
      }
      // Not ended, as the probe left them: the server must bound them itself.
      await client.close().catch(() => {});
    }
  };
  try {
    await Promise.all(Array.from({ length: PROBE.workers }, worker));
  } finally {
    clearInterval(sampler);
  }
  await sleep(PROBE.afterMs);
  return {
    addresses,
    sessions,
    calls,
    refused,
    rssBeforeBytes,
    rssPeakBytes,
    rssAfterBytes: groupRssBytes(serverGroup),
  };
}
