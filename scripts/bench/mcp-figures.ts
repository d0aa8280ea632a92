// The MCP server's figures on `next start`, printed: each tool's times under a load, and the memory under the probe's.
import { AFTER_MARGIN_BYTES, PROBE, type McpFigures, type ProbeFigures } from './mcp';

export function printProbeFigures(probe: ProbeFigures): void {
  const budget = probe.addresses === 'one';
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const signed = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  console.log(
    `\n[bench] MCP under the probe's load, ${probe.addresses === 'one' ? "from one address, as the probe sent it (the budget's load)" : 'each session from an address of its own (a flood from many machines; no budget)'}: ${PROBE.workers} workers for ${PROBE.seconds} s, ${probe.sessions} new sessions (none ended), ${probe.calls} calls, ${probe.refused} refused (the per-client limit, or the sandbox's)\n`,
  );
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| Resident memory at the peak | ${mb(probe.rssPeakBytes)} (${signed(probe.rssPeakBytes - probe.rssBeforeBytes)} on ${mb(probe.rssBeforeBytes)}) | ${budget ? `< ${mb(PROBE.peakBudgetBytes)}` : ''} |`,
  );
  console.log(
    `| ${PROBE.afterMs / 1000} s after the load | ${mb(probe.rssAfterBytes)} (${signed(probe.rssAfterBytes - probe.rssBeforeBytes)}) | ${budget ? `within ${mb(AFTER_MARGIN_BYTES)} of the start` : ''} |`,
  );
}

export function printMcpFigures(mcp: McpFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  const agents = mcp.load === 'agents';
  console.log(
    `\n[bench] MCP server (\`/mcp\` on \`next start\`), ${agents ? "agents' pace (each session pauses 250 ms after an answer; the budgets' load)" : 'saturation (no pauses: 50 calls always in flight; no budget)'}: ${mcp.sessions} sessions at once, ${mcp.calls} calls with the SDK's client\n`,
  );
  console.log('| Tool | Calls | Median | 95th percentile | Budget (p95) |');
  console.log('|---|---|---|---|---|');
  for (const entry of mcp.byTool) {
    const budget = !agents
      ? ''
      : entry.tool === 'sandbox_request'
        ? '≤ 30 ms'
        : ['search_docs', 'read_page', 'get_operation'].includes(entry.tool)
          ? '≤ 50 ms'
          : '';
    console.log(`| \`${entry.tool}\` | ${entry.calls} | ${ms(entry.p50Ms)} | ${ms(entry.p95Ms)} | ${budget} |`);
  }
  const after =
    mcp.settledMs === undefined
      ? `still ${mb(mcp.rssAfterBytes)} (${signedMb(mcp.rssAfterBytes - mcp.rssBeforeBytes)}) when the bench stopped watching`
      : `${mb(mcp.rssAfterBytes)} (${signedMb(mcp.rssAfterBytes - mcp.rssBeforeBytes)}) ${(mcp.settledMs / 1000).toFixed(1)} s after the load`;
  console.log(
    `\nServer memory (resident, the server's processes): ${mb(mcp.rssBeforeBytes)} before, ${mb(mcp.rssPeakBytes)} at the peak (${signedMb(mcp.rssPeakBytes - mcp.rssBeforeBytes)}${agents ? '; budget +150 MB' : ''}), ${after}${agents ? `; budget: back within ${mb(AFTER_MARGIN_BYTES)}` : ''}`,
  );
}
