// `npm run bench:insights`: the figures of reader insights (#52), not a test.
// 1. Ingest on SQLite: 200 events a second for 60 s, one event a request from 200 readers (each its own address,
//    so that the per-client rate is a reader's), through the ingest handler in this process (lib/insights/ingest.ts,
//    without Next's routing) into a store in a temporary file; p50, p95 and p99 of the handler's time, and errors.
// 2. The editors' report over 1,000,000 events spread over 30 days, on SQLite and on a PostgreSQL server of its own
//    (scripts/testing/postgres.ts); the median of three reports.
// `--seconds N` and `--events N` shorten it; `--no-postgres` leaves Postgres out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMain } from '../../lib/build/run-main';
import { insightsEvent, type InsightsEventInput } from '../../lib/insights/events';
import { createIngestHandler } from '../../lib/insights/ingest';
import { openPostgresStore } from '../../lib/insights/postgres';
import { openSqliteStore } from '../../lib/insights/sqlite';
import type { InsightsStore, RecordedEvent } from '../../lib/insights/store';
import { startPostgres } from '../testing/postgres';
import { quantile } from './quantile';

const RATE = 200;
const PAGES = ['/docs/smart-charging', '/docs/locations', '/api', '/docs/spot-prices', '/docs/quickstart'];
const QUERIES = ['charge now', 'heat pump', 'tariff', 'soc', 'webhook', 'qxqx', 'price area', 'rate limit'];
const OPERATIONS = ['getDevices', 'addLocation', 'getSchedule', 'setChargePreferences'];

/** The i-th event of a realistic mix: mostly page views, then searches, votes, calls, flags, copies, runs, MCP. */
export function eventAt(index: number): InsightsEventInput {
  const page = PAGES[index % PAGES.length] ?? '/docs';
  switch (index % 20) {
    case 0:
    case 1:
    case 2:
      return {
        type: 'search',
        query: QUERIES[index % QUERIES.length] ?? 'x',
        results: index % 7,
        clickedRank: index % 3 ? 1 : null,
      };
    case 3:
      return {
        type: 'feedback',
        path: page,
        section: index % 2 ? 'how-it-works' : null,
        helpful: index % 3 !== 0,
        ...(index % 50 === 3 ? { comment: `Comment ${index}` } : {}),
      };
    case 4:
      return {
        type: 'playground_call',
        operationId: OPERATIONS[index % 4] ?? 'getDevices',
        status: [200, 201, 400, 401, 404][index % 5] ?? 200,
        target: index % 2 ? 'sandbox' : 'live',
      };
    case 5:
      return {
        type: 'sample_flag',
        path: '/api',
        language: ['go', 'python', 'curl'][index % 3] ?? 'go',
        operationId: OPERATIONS[index % 4] ?? null,
        recipe: null,
        step: null,
      };
    case 6:
      return { type: 'sample_copy', path: '/api', language: 'curl', operationId: 'getDevices' };
    case 7:
      return { type: 'recipe_run', recipe: 'charge-overnight', failedStep: index % 3 ? null : 'createSchedule' };
    case 8:
      return { type: 'mcp_tool_call', tool: 'search_docs', ok: index % 9 !== 0 };
    default:
      return {
        type: 'page_view',
        path: page,
        referrerHost: index % 4 ? null : 'example.org',
        device: index % 3 ? 'desktop' : 'mobile',
      };
  }
}

async function measureIngest(seconds: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-bench-insights-'));
  const store = openSqliteStore(path.join(dir, 'insights.sqlite'));
  const ingest = createIngestHandler({ store: () => Promise.resolve(store) });
  const times: number[] = [];
  let errors = 0;
  const total = RATE * seconds;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    // On schedule: the i-th request at i / 200 s, whatever the ones before took.
    const due = started + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = new Request('http://127.0.0.1/insights/events', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'user-agent': 'Mozilla/5.0 bench',
        'x-forwarded-for': `10.0.${Math.floor((index % RATE) / 250)}.${index % 250}`,
      },
      body: JSON.stringify({ events: [eventAt(index)] }),
    });
    const begun = performance.now();
    pending.push(
      ingest(request).then((response) => {
        times.push(performance.now() - begun);
        if (response.status !== 204) errors += 1;
      }),
    );
  }
  await Promise.all(pending);
  const report = await store.report({ since: new Date(Date.now() - 3_600_000) });
  console.log(
    `Ingest on SQLite, ${RATE} events/s for ${seconds} s (${total} requests of one event): p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, ${errors} errors; ${report.totals.events} events stored. Budget: p95 ≤ 5 ms, 0 errors.`,
  );
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

export async function fill(store: InsightsStore, count: number): Promise<void> {
  const now = Date.now();
  const span = 30 * 86_400_000;
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const batch: RecordedEvent[] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index += 1)
      batch.push({
        event: insightsEvent.parse(eventAt(index)),
        at: new Date(now - span + Math.floor((index / count) * span)),
        visitor: `v${index % 5000}`,
        agent: index % 20 === 8,
      });
    await store.record(batch);
  }
}

async function measureReport(name: string, store: InsightsStore, count: number): Promise<void> {
  const filling = performance.now();
  await fill(store, count);
  const filled = performance.now() - filling;
  const times: number[] = [];
  let events = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    events = (await store.report({ since: new Date(Date.now() - 31 * 86_400_000) })).totals.events;
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[1] ?? 0;
  console.log(
    `Report over ${events} events on ${name}: median of 3 ${(median / 1000).toFixed(2)} s (runs ${times.map((time) => (time / 1000).toFixed(2)).join(', ')} s; filled in ${(filled / 1000).toFixed(0)} s). Budget: ≤ 2 s.`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string' }, events: { type: 'string' }, 'no-postgres': { type: 'boolean' } },
  });
  const seconds = Number(values.seconds ?? 60);
  const events = Number(values.events ?? 1_000_000);
  if (!(seconds > 0) || !(events > 0)) throw new Error('--seconds and --events must be positive numbers');
  await measureInsights({ seconds, events, postgres: !values['no-postgres'] });
}

/** Every figure of reader insights: ingest on SQLite, then the report on SQLite and (with `postgres`) on Postgres. */
export async function measureInsights({
  seconds = 60,
  events = 1_000_000,
  postgres: withPostgres = true,
}: { seconds?: number; events?: number; postgres?: boolean } = {}): Promise<void> {
  console.log('\n[bench] reader insights (#52)\n');
  // 1. Ingest.
  await measureIngest(seconds);
  // 2. The report on SQLite.
  const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-bench-report-'));
  const sqlite = openSqliteStore(path.join(dir, 'insights.sqlite'));
  try {
    await measureReport('SQLite', sqlite, events);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // 3. The report on Postgres.
  if (!withPostgres) return;
  const server = await startPostgres();
  const postgres = openPostgresStore(server.url);
  try {
    await measureReport('Postgres', postgres, events);
  } finally {
    await postgres.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main, { tag: 'bench:insights' });
