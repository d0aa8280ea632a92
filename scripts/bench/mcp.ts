// Bench: the docs' MCP server under load. 50 sessions at once, each making 20 tool calls with the SDK's own client
// against `next start`; the latency of each tool, and the server's memory before, at its peak and after.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { groupRssBytes } from './server';

const SESSIONS = 50;
const CALLS = 20;

/** The calls each session makes in turn: what an agent does while integrating. */
const CALL_PLAN: { name: string; arguments: Record<string, unknown> }[] = [
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
  sessions: number;
  calls: number;
  byTool: { tool: string; calls: number; p50Ms: number; p95Ms: number }[];
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
}

const quantile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? Number.NaN;

async function session(origin: string, times: Map<string, number[]>): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin));
  const client = new Client({ name: 'kilowise-bench', version: '1.0.0' });
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
  }
  // Ends the session on the server too, as a well-behaved client does.
  await transport.terminateSession();
  await client.close();
}

/** Runs the load against `origin`, whose server runs in process group `serverGroup`. */
export async function measureMcp(origin: string, serverGroup: number): Promise<McpFigures> {
  // One session first, unmeasured: the server reads its data on first use.
  await session(origin, new Map());
  const rssBeforeBytes = groupRssBytes(serverGroup);
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, groupRssBytes(serverGroup));
  }, 100);
  const times = new Map<string, number[]>();
  try {
    await Promise.all(Array.from({ length: SESSIONS }, () => session(origin, times)));
  } finally {
    clearInterval(sampler);
  }
  rssPeakBytes = Math.max(rssPeakBytes, groupRssBytes(serverGroup));
  // What the server holds once the sessions have ended and its heap has had a moment to settle.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssAfterBytes = groupRssBytes(serverGroup);
  const byTool = [...times].map(([tool, values]) => ({
    tool,
    calls: values.length,
    p50Ms: quantile(values, 0.5),
    p95Ms: quantile(values, 0.95),
  }));
  const calls = byTool.reduce((sum, entry) => sum + entry.calls, 0);
  if (calls !== SESSIONS * CALLS) throw new Error(`[bench] ${calls} of ${SESSIONS * CALLS} MCP calls were measured`);
  return { sessions: SESSIONS, calls, byTool, rssBeforeBytes, rssPeakBytes, rssAfterBytes };
}
