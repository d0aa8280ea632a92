// Reader insights end to end (#52), once on SQLite and once on a real PostgreSQL server: in Chromium a reader votes
// with a comment on a guide section, flags a Go sample, searches for something that is not there and makes a
// playground call that fails; each shows up in /insights. On Postgres, stopping the server keeps the pages up and
// ingest answers 503 within a second; starting it again brings ingest back. Each store gets a `next start` of its
// own (scripts/e2e/mcp-cluster.ts' startNext), with the editors' token set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startNext, type NextInstance } from '../scripts/e2e/mcp-cluster';
import { startPostgres, type TestPostgres } from '../scripts/testing/postgres';
import { expect, test, waitForHydration } from './fixtures';

const TOKEN = 'e2e-editors-token-0123456789';
const QUERY = 'qxqxqxqx vvzzkkjj';
const COMMENT = 'The <em>deadline</em> of a charge is unclear here.';
const GO_COMMENT = 'The Go sample does not compile.';

async function readerSession(page: Page, origin: string) {
  // 1. A vote with a comment on a section of a guide.
  await page.goto(`${origin}/docs/smart-charging#vehicle-preferences`);
  await waitForHydration(page);
  const vote = page.getByRole('group', { name: 'Was this page helpful?' });
  await vote.getByRole('button', { name: 'No' }).click();
  const box = page.getByLabel('What was missing or wrong? (optional)');
  await expect(box).toBeFocused();
  await box.fill(COMMENT);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeFocused();

  // 2. A search that finds nothing, closed without a click.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill(QUERY);
  // The first search waits for the index; a loaded CI run once took more than the default 5 s for it.
  await expect(page.getByText(`No results for “${QUERY}”.`)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  // 3. A flag on an operation's Go sample.
  await page.goto(`${origin}/api#operation/addLocation`);
  await waitForHydration(page);
  const operation = page.locator('[id="operation/addLocation"]');
  const goTab = operation.getByRole('tab', { name: 'Go', exact: true });
  // The flag reports the selected tab's language. Pointing at the tab loads its sample before the click selects
  // it, so a loaded sample alone does not say the tab is selected. On two busy cores a click once went unanswered
  // (the tab stayed unselected for 5 s): the click is tried again until the tab is selected.
  await expect(async () => {
    await goTab.click();
    await expect(goTab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(operation.locator('[data-sample-language="go"]')).toHaveAttribute('data-state', 'loaded');
  // The flag is used from the keyboard. The pick switches every operation of the page to Go once it has painted,
  // and their samples fill as they near the viewport, so the page can move under a pointer: on two busy cores a
  // click once landed on the sample, and once "Send report" was never clicked.
  await operation.getByRole('button', { name: 'This did not work' }).press('Enter');
  const comment = operation.getByLabel('What went wrong? (optional)');
  await expect(comment).toBeFocused();
  await comment.fill(GO_COMMENT);
  await operation.getByRole('button', { name: 'Send report' }).press('Enter');
  await expect(operation.getByText('Thank you: the team will look into it.')).toBeVisible();

  // 4. A playground call that fails (no userId: the sandbox answers 404).
  await page.goto(`${origin}/playground?operation=addLocation`);
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
  await page.getByLabel('userId').fill('');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('region', { name: 'Response' }).locator('.playground-status')).toHaveText(
    '404 Not Found',
  );
  // Leaving the page sends what waits (sendBeacon on pagehide).
  await page.goto(`${origin}/docs`);
}

async function expectInReport(page: Page, origin: string) {
  await expect(async () => {
    await page.goto(`${origin}/insights?token=${TOKEN}`);
    const section = (title: string) =>
      page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(
      section('Pages and sections by helpfulness (least helpful first)').getByRole('row', {
        name: '/docs/smart-charging vehicle-preferences 0 1 0%',
      }),
    ).toBeVisible({ timeout: 1000 });
    await expect(page.getByText(COMMENT)).toBeVisible({ timeout: 1000 });
    await expect(page.getByText(GO_COMMENT)).toBeVisible({ timeout: 1000 });
    await expect(section('Searches with no result').getByRole('cell', { name: QUERY })).toBeVisible({ timeout: 1000 });
    await expect(
      section('Samples flagged "This did not work", per language').getByRole('row', { name: 'go 1' }),
    ).toBeVisible({ timeout: 1000 });
    await expect(
      section('Failing operations (playground)').getByRole('row', { name: 'addLocation 404 sandbox 1' }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

// One worker runs both stores in turn: their servers' ports come from one process.
test.describe.configure({ mode: 'serial' });

for (const kind of ['SQLite', 'Postgres'] as const) {
  test.describe(`insights on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let next: NextInstance;
    let postgres: TestPostgres | undefined;
    let dir: string;

    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(120_000);
      dir = mkdtempSync(path.join(tmpdir(), 'kilowise-e2e-insights-'));
      postgres = kind === 'Postgres' ? await startPostgres() : undefined;
      next = await startNext({
        KILOWISE_INSIGHTS_TOKEN: TOKEN,
        KILOWISE_INSIGHTS_SQLITE: path.join(dir, 'insights.sqlite'),
        KILOWISE_DATABASE_URL: postgres?.url ?? '',
      });
    });
    test.afterAll(async () => {
      await next?.stop();
      await postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    test('a vote, a Go flag, an empty search and a failing call each show up in /insights', async ({ page }) => {
      test.setTimeout(120_000);
      await readerSession(page, next.origin);
      await expectInReport(page, next.origin);
      // The report is there for the token only, and never indexed.
      expect((await page.request.get(`${next.origin}/insights`)).status()).toBe(404);
      expect((await page.request.get(`${next.origin}/insights?token=wrong-token-0123456789`)).status()).toBe(404);
      await page.goto(`${next.origin}/insights?token=${TOKEN}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      // An editor marks the comment handled: it leaves the report.
      const comment = page.getByRole('listitem').filter({ hasText: COMMENT });
      await comment.getByRole('button', { name: /^Mark #\d+ handled$/ }).click();
      await expect(page.getByRole('heading', { name: 'Reader insights' })).toBeVisible();
      await expect(page.getByText(COMMENT)).toHaveCount(0);
    });

    test('the report is in no sitemap, llms.txt or search index', async ({ request }) => {
      test.skip(kind !== 'SQLite', 'the same files on both');
      const sitemap = await (await request.get(`${next.origin}/sitemap.xml`)).text();
      expect(sitemap).toContain('/docs/privacy-and-insights</loc>');
      expect(sitemap).not.toMatch(/\/insights(<|\/)/);
      const llms = await (await request.get(`${next.origin}/llms.txt`)).text();
      expect(llms).toContain('/docs/privacy-and-insights');
      expect(llms).not.toMatch(/\/insights[)\s]/);
      // The search index the pages name (app/layout.tsx's kilowise-search-index meta).
      const home = await (await request.get(`${next.origin}/`)).text();
      const indexUrl = /<meta name="kilowise-search-index" content="([^"]+)"/.exec(home)?.[1];
      expect(indexUrl).toBeTruthy();
      const index = await (await request.get(`${next.origin}${indexUrl}`)).text();
      expect(index).toContain('/docs/privacy-and-insights');
      expect(index).not.toMatch(/"\/insights[?#"]/);
    });

    test('hostile bodies get 400 or 413 and nothing of them is stored', async ({ request }) => {
      const send = (data: string) =>
        request.post(`${next.origin}/insights/events`, { data, headers: { 'content-type': 'text/plain' } });
      const feedback = { type: 'feedback', path: '/docs/hostile', section: null, helpful: false };
      expect((await send(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).status()).toBe(400);
      expect((await send(JSON.stringify({ events: [{ ...feedback, comment: 'x'.repeat(200_000) }] }))).status()).toBe(
        413,
      );
      expect((await send(JSON.stringify({ events: Array.from({ length: 10_000 }, () => feedback) }))).status()).toBe(
        413,
      );
      expect(
        (
          await send(
            '{"events":[{"type":"feedback","path":"/docs/hostile","section":null,"helpful":false,"__proto__":{"admin":true}}]}',
          )
        ).status(),
      ).toBe(400);
      const wrong = await send(JSON.stringify({ events: [feedback, { ...feedback, helpful: 'no' }] }));
      expect(wrong.status()).toBe(400);
      expect(await wrong.json()).toEqual({
        error: 'events[1].helpful: Invalid input: expected boolean, received string',
      });
      const report = await request.get(`${next.origin}/insights?token=${TOKEN}`);
      expect(await report.text()).not.toContain('/docs/hostile');
    });

    test('with the store down pages are served and ingest answers 503 within a second, then recovers', async ({
      request,
    }) => {
      test.skip(kind !== 'Postgres', 'only a server can be stopped');
      test.setTimeout(60_000);
      const event = JSON.stringify({
        events: [{ type: 'feedback', path: '/docs/outage', section: null, helpful: true }],
      });
      const ingest = () => request.post(`${next.origin}/insights/events`, { data: event });
      expect((await ingest()).status()).toBe(204);
      await postgres?.down();
      for (const page of ['/docs/smart-charging', '/api', '/'])
        expect((await request.get(`${next.origin}${page}`)).status(), page).toBe(200);
      const started = Date.now();
      expect((await ingest()).status()).toBe(503);
      expect(Date.now() - started).toBeLessThan(1000);
      await postgres?.up();
      await expect(async () => expect((await ingest()).status()).toBe(204)).toPass({ timeout: 15_000 });
    });
  });
}
