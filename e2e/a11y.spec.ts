import type { Page } from '@playwright/test';
import { AXE_TAGS } from './axe-tags';
import { expect, seriousFindings, test, waitForHydration } from './fixtures';
import { GUIDE_ROUTES, PACKAGE_PLAYGROUND_ROUTES } from './routes';

/** Every route of the product's route table, and one page of each generated kind. */
const ROUTES = [
  ...GUIDE_ROUTES,
  '/api',
  '/playground',
  ...PACKAGE_PLAYGROUND_ROUTES,
  '/search?q=spot%20price',
  '/sdk/packages/kilowise-client/typedoc',
  '/sdk/packages/kilowise-client/typedoc/enums/VehicleChargingBehavior',
  '/sdk/packages/kilowise-client/typedoc/interfaces/VehiclePreferences',
  '/sdk/packages/kilowise-ui/typedoc',
  '/sdk/packages/kilowise-ui/typedoc/functions/SocSlider',
  '/sdk/packages/kilowise-brands/typedoc/functions/getVehicleBrand',
  '/sdk/packages/kilowise-client/versions',
  '/sdk/packages/kilowise-brands/versions',
  '/sdk/packages/kilowise-charts/versions',
  '/sdk/packages/kilowise-ui/versions',
  '/sdk/1.x/getting-started',
  '/a-page-that-does-not-exist',
];

/**
 * The routes in groups of ten, one test each: axe takes 5 to 15 s over a guide with its tables, and the whole list
 * in one test outgrew its 240 s as the guides grew.
 */
const ROUTE_GROUPS = Array.from({ length: Math.ceil(ROUTES.length / 10) }, (_, at) =>
  ROUTES.slice(at * 10, at * 10 + 10),
);

const MODES = [
  { width: 1280, mode: 'light' },
  { width: 1280, mode: 'dark' },
  { width: 390, mode: 'light' },
  { width: 390, mode: 'dark' },
] as const;

/**
 * Every page of the test opens in `mode`. Only the top document stores it: a package playground's preview
 * frame is sandboxed and has no storage.
 */
async function useColourMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((theme) => {
    if (window === window.top) localStorage.setItem('theme', theme);
  }, mode);
}

test.describe('accessibility: no serious or critical axe finding', () => {
  test.describe.configure({ mode: 'parallel' });
  // The unknown route answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/404 \(Not Found\) \(http:\/\/[^)]*\/a-page-that-does-not-exist\)$/] });

  for (const { width, mode } of MODES)
    for (const [group, routes] of ROUTE_GROUPS.entries()) {
      test(`every route at ${width} px in ${mode} mode, ${group + 1} of ${ROUTE_GROUPS.length}`, async ({ page }) => {
        test.setTimeout(240_000);
        await page.setViewportSize({ width, height: 900 });
        await useColourMode(page, mode);
        const findings: string[] = [];
        for (const route of routes) {
          await page.goto(route);
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
          // /api with every deferred detail in: the page as a reader has it once it settles.
          if (route === '/api')
            await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', {
              timeout: 30_000,
            });
          // A package playground with its preview drawn: axe reads the preview frame too.
          if (route.endsWith('/playground') && route !== '/playground')
            await expect(page.getByRole('region', { name: 'Preview' })).toHaveAttribute('data-status', 'ready', {
              timeout: 15_000,
            });
          for (const finding of await seriousFindings(page, { tags: AXE_TAGS })) findings.push(`${route}: ${finding}`);
        }
        expect(findings).toEqual([]);
      });
    }
});

test.describe('accessibility of states a page load does not show', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`the search dialog with results in ${mode} mode`, async ({ page }) => {
      await useColourMode(page, mode);
      await page.goto('/docs/locations');
      await waitForHydration(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('spot');
      await expect(page.locator('.search-result--active')).toBeVisible();
      expect(await seriousFindings(page, { tags: AXE_TAGS })).toEqual([]);
    });
  }

  test.describe('when the index cannot load', () => {
    test.use({
      allowedConsoleErrors: [/503 \(Service Unavailable\) \(http:\/\/[^)]*\/generated\/search\/[^)]*\/index\.json\)$/],
    });

    for (const mode of ['light', 'dark'] as const) {
      test(`the red box and its Retry button in ${mode} mode`, async ({ page }) => {
        await page.route('**/generated/search/*/index.json', (route) => route.fulfill({ status: 503, body: 'down' }));
        await useColourMode(page, mode);
        await page.goto('/docs/locations');
        await waitForHydration(page);
        await page.keyboard.press('Control+k');
        await page.keyboard.type('spot');
        await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
        expect(await seriousFindings(page, { tags: AXE_TAGS })).toEqual([]);
      });
    }
  });
});
