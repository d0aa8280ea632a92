// One suite for both stores: SQLite in a temporary file, and a real PostgreSQL server started for the test
// (scripts/testing/postgres.ts). What one store answers, the other must answer too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@/scripts/testing/postgres';
import { insightsEvent, type InsightsEventInput } from './events';
import { openPostgresStore } from './postgres';
import { openSqliteStore } from './sqlite';
import { RETENTION_MS, StoreUnavailableError, type InsightsStore, type RecordedEvent } from './store';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

function recorded(input: InsightsEventInput, at = NOW, extra: Partial<RecordedEvent> = {}): RecordedEvent {
  return { event: insightsEvent.parse(input), at, visitor: null, agent: false, ...extra };
}

interface Fixture {
  open(): Promise<InsightsStore>;
  cleanup(): Promise<void>;
  postgres?: TestPostgres;
}

async function sqliteFixture(): Promise<Fixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-insights-'));
  let count = 0;
  return {
    open: () => Promise.resolve(openSqliteStore(path.join(dir, `store-${(count += 1)}.sqlite`))),
    cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

async function postgresFixture(): Promise<Fixture> {
  const server = await startPostgres();
  const admin = openPostgresStore(server.url);
  let count = 0;
  return {
    postgres: server,
    // Each test's store in a database of its own, so that one test's rows are not another's.
    async open() {
      const name = `insights_${(count += 1)}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return openPostgresStore(server.url.replace(/\/postgres$/, `/${name}`));
    },
    async cleanup() {
      await admin.close();
      await server.stop();
    },
  };
}

describe.each([
  ['SQLite', sqliteFixture],
  ['Postgres', postgresFixture],
] as const)('the %s insights store', (_name, makeFixture) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  }, 60_000);
  afterAll(() => fixture.cleanup());

  it('reports what readers did: helpfulness, comments, searches, failing calls and steps, flags, views, agents', async () => {
    const store = await fixture.open();
    await store.record([
      recorded({
        type: 'feedback',
        path: '/docs/smart-charging',
        section: 'charge-now',
        helpful: false,
        comment: 'The <b>deadline</b> is unclear',
      }),
      recorded({ type: 'feedback', path: '/docs/smart-charging', section: 'charge-now', helpful: false }),
      recorded({ type: 'feedback', path: '/docs/smart-charging', section: 'charge-now', helpful: true }),
      recorded({ type: 'feedback', path: '/docs/quickstart', section: null, helpful: true }),
      recorded({ type: 'search', query: '  Heat   PUMP ', results: 0, clickedRank: null }),
      recorded({ type: 'search', query: 'heat pump', results: 0, clickedRank: null }),
      recorded({ type: 'search', query: 'tariff', results: 4, clickedRank: null }),
      recorded({ type: 'search', query: 'tariff', results: 4, clickedRank: 2 }),
      recorded({ type: 'playground_call', operationId: 'getDevices', status: 401, target: 'live' }),
      recorded({ type: 'playground_call', operationId: 'getDevices', status: 401, target: 'live' }),
      recorded({ type: 'playground_call', operationId: 'getDevices', status: 200, target: 'sandbox' }),
      recorded({ type: 'recipe_run', recipe: 'charge-overnight', failedStep: 'createSchedule' }),
      recorded({ type: 'recipe_run', recipe: 'charge-overnight', failedStep: null }),
      recorded({
        type: 'sample_flag',
        path: '/api',
        language: 'go',
        operationId: 'getDevices',
        recipe: null,
        step: null,
        comment: 'Does not compile',
      }),
      recorded({
        type: 'sample_flag',
        path: '/api',
        language: 'go',
        operationId: 'getDevices',
        recipe: null,
        step: null,
      }),
      recorded({ type: 'sample_flag', path: '/api', language: 'python', operationId: null, recipe: null, step: null }),
      recorded(
        { type: 'page_view', path: '/docs', referrerHost: null, device: 'desktop' },
        new Date(NOW.getTime() - DAY),
        { visitor: 'a' },
      ),
      recorded({ type: 'page_view', path: '/docs', referrerHost: 'example.org', device: 'mobile' }, NOW, {
        visitor: 'a',
      }),
      recorded({ type: 'page_view', path: '/api', referrerHost: null, device: 'desktop' }, NOW, { visitor: 'b' }),
      recorded({ type: 'mcp_tool_call', tool: 'search_docs', ok: true }, NOW, { agent: true }),
      recorded({ type: 'mcp_tool_call', tool: 'get_operation', ok: false }, NOW, { agent: true }),
    ]);
    const report = await store.report({ since: new Date(NOW.getTime() - 30 * DAY), now: NOW });
    // Visitors are each day's unique visitors, added up: a on the 19th, a and b on the 20th.
    expect(report.totals).toEqual({ events: 21, pageViews: 3, visitors: 3, feedback: 4 });
    expect(report.helpfulness).toEqual([
      { path: '/docs/smart-charging', section: 'charge-now', yes: 1, no: 2 },
      { path: '/docs/quickstart', section: null, yes: 1, no: 0 },
    ]);
    expect(
      report.comments.map(({ text, type, section, language, helpful }) => ({ text, type, section, language, helpful })),
    ).toEqual(
      expect.arrayContaining([
        {
          text: 'The <b>deadline</b> is unclear',
          type: 'feedback',
          section: 'charge-now',
          language: null,
          helpful: false,
        },
        { text: 'Does not compile', type: 'sample_flag', section: null, language: 'go', helpful: null },
      ]),
    );
    expect(report.comments).toHaveLength(2);
    expect(report.searches.noResult).toEqual([{ query: 'heat pump', count: 2 }]);
    expect(report.searches.noClick).toEqual([{ query: 'tariff', count: 1 }]);
    expect(report.searches.top).toEqual([
      { query: 'heat pump', count: 2, noClick: 2 },
      { query: 'tariff', count: 2, noClick: 1 },
    ]);
    expect(report.failingOperations).toEqual([{ operationId: 'getDevices', status: 401, target: 'live', count: 2 }]);
    expect(report.failingRecipeSteps).toEqual([{ recipe: 'charge-overnight', step: 'createSchedule', count: 1 }]);
    expect(report.flagsByLanguage).toEqual([
      { language: 'go', count: 2 },
      { language: 'python', count: 1 },
    ]);
    expect(report.views).toEqual([
      { day: '2026-11-19', views: 1, visitors: 1 },
      { day: '2026-11-20', views: 2, visitors: 2 },
    ]);
    expect(report.audience).toEqual({ people: 3, agents: 2, mcpCalls: 2, mcpErrors: 1 });
    await store.close();
  });

  it('leaves out events before `since`, and keeps an unhandled comment until an editor marks it handled', async () => {
    const store = await fixture.open();
    const old = new Date(NOW.getTime() - 40 * DAY);
    await store.record([
      recorded({ type: 'search', query: 'old', results: 0, clickedRank: null }, old),
      recorded({ type: 'feedback', path: '/docs', section: null, helpful: false, comment: 'Old but open' }, old),
    ]);
    const report = await store.report({ since: new Date(NOW.getTime() - 30 * DAY), now: NOW });
    expect(report.searches.top).toEqual([]);
    const [comment] = report.comments;
    expect(comment?.text).toBe('Old but open');
    expect(await store.markHandled(comment?.id ?? -1, NOW)).toBe(true);
    expect(await store.markHandled(comment?.id ?? -1, NOW)).toBe(false);
    expect(await store.markHandled(987_654, NOW)).toBe(false);
    expect((await store.report({ since: old, now: NOW })).comments).toEqual([]);
    await store.close();
  });

  it('removes events past 13 months and handled comments itself, on the first write of a day', async () => {
    const store = await fixture.open();
    const expired = new Date(NOW.getTime() - RETENTION_MS - DAY);
    const kept = new Date(NOW.getTime() - RETENTION_MS + DAY);
    await store.record([
      recorded({ type: 'search', query: 'expired', results: 1, clickedRank: 1 }, expired),
      recorded(
        { type: 'feedback', path: '/docs', section: null, helpful: true, comment: 'Ancient, never handled' },
        expired,
      ),
      recorded({ type: 'search', query: 'kept', results: 1, clickedRank: 1 }, kept),
      recorded({ type: 'feedback', path: '/docs', section: null, helpful: true, comment: 'Handled' }, kept),
    ]);
    const handled = (await store.report({ since: expired, now: NOW })).comments.find((row) => row.text === 'Handled');
    await store.markHandled(handled?.id ?? -1, NOW);
    // The next day's first write prunes before it stores.
    await store.record([recorded({ type: 'search', query: 'today', results: 1, clickedRank: 1 }, NOW)]);
    const report = await store.report({ since: expired, now: NOW });
    expect(report.searches.top.map((row) => row.query).sort()).toEqual(['kept', 'today']);
    expect(report.comments.map((row) => row.text)).toEqual(['Ancient, never handled']);
    expect(await store.prune(NOW)).toEqual({ events: 0, comments: 0 });
    await store.close();
  });

  it('keeps one salt a day and deletes the days before', async () => {
    const store = await fixture.open();
    const today = await store.dailySalt(NOW);
    expect(today).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.dailySalt(new Date(NOW.getTime() + 1000))).toBe(today);
    const tomorrow = await store.dailySalt(new Date(NOW.getTime() + DAY));
    expect(tomorrow).not.toBe(today);
    // Another process opening the same database gets the same salt of the day.
    expect(await store.dailySalt(new Date(NOW.getTime() + DAY + 1000))).toBe(tomorrow);
    await store.close();
  });

  it.runIf(_name === 'Postgres')(
    'fails fast with StoreUnavailableError while the server is down, and works again once it is back',
    async () => {
      const store = await fixture.open();
      await store.record([recorded({ type: 'search', query: 'before', results: 1, clickedRank: null })]);
      await fixture.postgres?.down();
      const started = Date.now();
      await expect(
        store.record([recorded({ type: 'search', query: 'during', results: 1, clickedRank: null })]),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(1500);
      await fixture.postgres?.up();
      await store.record([recorded({ type: 'search', query: 'after', results: 1, clickedRank: null })]);
      const report = await store.report({ since: new Date(NOW.getTime() - DAY), now: NOW });
      expect(report.searches.top.map((row) => row.query).sort()).toEqual(['after', 'before']);
      await store.close();
    },
    30_000,
  );
});
