import type { Page, Route } from '@playwright/test';
import { PROGRESS_DELAY_MS } from '../lib/browser/route-progress';
import { expect, test, waitForHydration } from './fixtures';

/**
 * Every prefetch of `path` (whole-route and per-segment) is refused, and the navigation's own request
 * takes `delayMs`, so the click really has to wait.
 */
async function slowNavigationTo(page: Page, path: string, delayMs: number) {
  await page.route(
    (url) => url.pathname.startsWith(path),
    async (route: Route) => {
      const headers = route.request().headers();
      if (route.request().resourceType() === 'document') return route.continue();
      if (headers['next-router-prefetch'] || headers['next-router-segment-prefetch']) return route.abort('failed');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return route.continue();
    },
  );
}

test.describe('route-change progress bar', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('appears only after 200 ms of a slow navigation, and goes when the page arrives', async ({ page }) => {
    // Before the page loads, so no prefetch of the target can slip through first.
    await slowNavigationTo(page, '/docs/spot-prices', 1500);
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // Sample in the page, every frame, from the click on: [ms since click, bar shown, heading].
    await page.evaluate(`(function () {
      var samples = [];
      window.progressSamples = samples;
      document.addEventListener('click', function () {
        var start = performance.now();
        (function sample() {
          var heading = document.querySelector('h1');
          samples.push([performance.now() - start, !!document.querySelector('#nprogress .bar'), heading ? heading.textContent : '']);
          if (performance.now() - start < 4000) requestAnimationFrame(sample);
        })();
      }, { capture: true, once: true });
    })()`);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Spot prices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spot prices' })).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 3000 });
    const samples = (await page.evaluate('window.progressSamples')) as [number, boolean, string][];
    const firstBar = samples.find(([, bar]) => bar);
    // The bar appears while the navigation is pending: after the delay, on the page the reader left.
    expect(firstBar).toEqual([expect.any(Number), true, 'Locations']);
    expect(firstBar?.[0]).toBeGreaterThanOrEqual(190);
    expect(samples.filter(([time, bar]) => bar && time < 190)).toEqual([]);
  });

  test('is not stuck after back and forward', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Spot prices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Spot prices' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Spot prices' })).toBeVisible();
    // Stuck means never removed; a bar that started finishes and fades out within a few hundred ms.
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 3000 });
  });

  test('does not start for a link to a heading on the same page', async ({ page }) => {
    await page.goto('/docs/smart-charging');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/#sessions$/);
    // A fixed wait, on purpose: a bar shows PROGRESS_DELAY_MS after a navigation starts, so none within twice that
    // proves no navigation started.
    await page.waitForTimeout(2 * PROGRESS_DELAY_MS);
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
});
