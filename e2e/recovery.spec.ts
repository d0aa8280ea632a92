import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** Counts the document loads of a page and collects its warnings. */
function watchLoads(page: Page) {
  const seen = { warnings: [] as string[], documents: 0 };
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.warnings.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'document') seen.documents += 1;
  });
  return seen;
}

test.describe('failed chunk loads', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('a failed preload logs a warning and reloads the page once', async ({ page }) => {
    let blocked = 0;
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      if (blocked === 0) {
        blocked += 1;
        await route.abort('failed');
      } else await route.continue();
    });
    const seen = watchLoads(page);
    await page.goto('/docs/locations');
    await expect.poll(() => seen.documents).toBe(2);
    await waitForHydration(page);
    expect(seen.warnings.some((text) => text.includes('failed to load; reloading the page'))).toBe(true);
  });

  test('a chunk that keeps failing reloads only once', async ({ page }) => {
    await page.route('**/_next/static/chunks/turbopack-*.js', (route) => route.abort('failed'));
    const seen = watchLoads(page);
    await page.goto('/docs/spot-prices');
    await expect.poll(() => seen.warnings.some((text) => text.includes('not reloading again'))).toBe(true);
    // A fixed wait, on purpose: the test proves a third load never comes. The page decided not to reload when it
    // warned; a second of no document request after that shows the decision held.
    await page.waitForTimeout(1000);
    expect(seen.documents).toBe(2);
    // The server-rendered page stays readable.
    await expect(page.getByRole('heading', { level: 1, name: 'Spot prices' })).toBeVisible();
  });
});

test.describe('failed client navigation', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED|ChunkLoadError: Failed to load chunk/] });

  test('a route whose code fails to load shows the message in a red box, and Retry loads it', async ({ page }) => {
    const seen = watchLoads(page);
    // Every chunk the page itself names (script tags and the RSC payload) loads; code fetched for another
    // route fails, prefetched or not. Deciding by the HTML, not by what has loaded so far, leaves no race
    // with the prefetches that start once the page is hydrated.
    const html = await (await page.request.get('/docs/locations')).text();
    const named = new Set([...html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)].map((match) => match[0]));
    let block = true;
    await page.route('**/_next/static/chunks/*.js', (route) => {
      const path = new URL(route.request().url()).pathname;
      return block && !named.has(path) ? route.abort('failed') : route.continue();
    });
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.locator('.navbar__desktop').getByRole('link', { name: 'API', exact: true }).click();
    // (Next's route announcer is an empty role=alert too.)
    const alert = page.locator('.load-error[role="alert"]');
    await expect(alert).toContainText(/Failed to load chunk \/_next\/static\/chunks\/\S+\.js/);
    expect(seen.documents).toBe(1);
    expect(seen.warnings.some((text) => text.includes('the code of the next page failed to load'))).toBe(true);
    block = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL('/api');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('API');
  });
});
