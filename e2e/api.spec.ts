import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';
import { parse } from 'yaml';
import { expect, expectInViewBelowNavbar, test, waitForHydration } from './fixtures';
import { withPagePolicy } from '../lib/security/csp';

/** The contract itself, read independently of the site's pipeline. */
const contract = parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
  components: { schemas: Record<string, unknown> };
};
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  ['get', 'put', 'post', 'delete', 'patch']
    .filter((method) => item[method])
    .map((method) => ({ method, path, id: item[method]?.operationId ?? '', summary: item[method]?.summary ?? '' })),
);

test.describe('API reference', () => {
  // The reference is build-time HTML in the page, which React never re-renders (lib/openapi/ssr-fragments.ts): a
  // cold load must not fetch it again, and hydration must leave its nodes as the parser made them.
  test('a cold load neither fetches reference.html nor lets hydration replace the reference', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/reference.html')) fetched.push(request.url());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const holder = window as unknown as { kwParsed?: Element[] };
        holder.kwParsed = [...document.querySelectorAll('#api-nav, #main-content h1, #main-content .operation')];
      });
    });
    await page.goto('/api');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const same = await page.evaluate(() => {
      const parsed = (window as unknown as { kwParsed?: Element[] }).kwParsed ?? [];
      const now = [...document.querySelectorAll('#api-nav, #main-content h1, #main-content .operation')];
      return {
        parsed: parsed.length,
        replaced: parsed.filter((node, index) => !node.isConnected || now[index] !== node).length,
      };
    });
    expect(same.parsed).toBeGreaterThan(40);
    expect(same.replaced).toBe(0);
    expect(fetched).toEqual([]);
  });

  test('shows every operation of the contract, the version and the source', async ({ page }) => {
    expect(operations).toHaveLength(49);
    await page.goto('/api');
    await expect(page).toHaveTitle('API reference | Kilowise');
    await expect(page.getByRole('heading', { level: 1, name: 'Kilowise partner API' })).toBeVisible();
    await expect(page.locator('.api-header__meta')).toContainText(`Version ${contract.info.version}`);
    await expect(page.locator('.api-source')).toContainText(
      'Built from the pinned snapshot content/openapi/kilowise-openapi.yaml',
    );
    // Which samples run in CI, as the unit tests and samples-browser.spec.ts run them.
    await expect(page.locator('.api-header__samples')).toHaveText(
      "Every operation's request samples run against the sandbox in our CI, in all eleven languages: curl, Node.js, Python, Go, Java, C#, PHP, Ruby and Kotlin as programs, JavaScript in Chromium, and kilowise-client through the package.",
    );
    for (const operation of operations) {
      const card = page.locator(`[id="operation/${operation.id}"]`);
      await expect(card.locator('.operation__path')).toHaveText(operation.path);
      await expect(card.locator('.operation__endpoint .method')).toHaveText(operation.method.toUpperCase());
      await expect(card.getByRole('heading', { level: 3 })).toContainText(operation.summary);
    }
    for (const name of Object.keys(contract.components.schemas)) {
      await expect(page.locator(`[id="schema/${name}"]`)).toHaveCount(1);
    }
    await expect(page.locator('html')).toHaveClass(/standalone-page/);
  });

  test('an operation shows auth, parameters, the body tree, responses with examples, and samples', async ({ page }) => {
    await page.goto('/api');
    const card = page.locator('[id="operation/updateEvPreferences"]');
    await expect(card.locator('.operation__auth')).toContainText('API key in the header x-api-key');
    await expect(card.locator('.api-table')).toContainText('deviceId');
    // The body is the named schema EvPreferences: its fields open in place, copied from its own section.
    const body = card.locator('.schema').first();
    await expect(body.locator('.schema__root')).toContainText('EvPreferences');
    await expect(body).not.toContainText('SMART_CHARGE_AT_LOCATION');
    await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
    await body.getByText('10 fields').click();
    await expect(body).toContainText('SMART_CHARGE_AT_LOCATION');
    await expect(body).toContainText('read only');
    await expect(body).toContainText('deprecated');
    await expect(body.getByRole('link', { name: 'EvPreferences', exact: true })).toHaveCount(1);
    await expect(card.locator('.response--4xx')).toHaveText([/400/, /401/, /404/]);
    await expect(card.getByRole('tab', { name: 'curl' })).toBeVisible();
    await expect(card.getByRole('tab', { name: 'JavaScript' })).toBeVisible();
    await expect(card.getByRole('tabpanel', { name: 'curl' })).toContainText(
      'curl https://api.kilowise.io/v2/kilowise/devices/dev-5b1f0c/smart-charging/ev-preferences \\\n  --request PUT',
    );
    await card.getByRole('tab', { name: 'JavaScript' }).click();
    await expect(card.getByRole('tabpanel', { name: 'JavaScript' })).toContainText("method: 'PUT'");
    const smartcar = page.locator('[id="operation/getSmartcarStatus"]');
    await expect(smartcar.getByRole('heading', { level: 3 })).toContainText('deprecated');
    const authorize = page.locator('[id="operation/getSmartcarAuthorizationUrl"]');
    await expect(authorize.locator('.api-table')).toContainText('Values: live simulated test');
    await expect(authorize.locator('.api-table')).toContainText('Default: live');
    await expect(authorize.locator('.api-table')).toContainText('Default: FI');
  });

  for (const anchor of [
    'operation/getSpotPrices',
    'tag/smart-heating',
    'schema/OcppChargerPreferences',
    'operation/exchangeCode',
  ]) {
    test(`a cold load of #${anchor} lands on it below the navbar`, async ({ page }) => {
      await page.goto(`/api#${anchor}`);
      await expectInViewBelowNavbar(page, anchor);
    });
  }

  test('once landed on a link, the target stays put while the deferred details arrive', async ({ page }) => {
    // Sampled every frame from the first paint until every deferred detail is DOM.
    await page.addInitScript({
      content: `window.__tops = [];
        (function sample() {
          var target = document.getElementById('operation/getChargingSchedule');
          var main = document.getElementById('main-content');
          if (target && main && main.dataset.deferredHtml !== 'done') window.__tops.push(Math.round(target.getBoundingClientRect().top));
          if (!main || main.dataset.deferredHtml !== 'done') requestAnimationFrame(sample);
        })();`,
    });
    await page.goto('/api#operation/getChargingSchedule');
    await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
    const tops = await page.evaluate(() => (window as unknown as { __tops: number[] }).__tops);
    const landed = tops.findIndex((top) => top > 0 && top < 200);
    expect(landed).toBeGreaterThanOrEqual(0);
    const settled = tops.slice(landed);
    expect(Math.max(...settled) - Math.min(...settled)).toBeLessThanOrEqual(2);
    expect(await page.locator('.api-fragment > noscript').count()).toBe(0);
    await expectInViewBelowNavbar(page, 'operation/getChargingSchedule');
  });

  test("the inline landing script makes the linked card whole, before any of the page's code runs", async ({
    page,
  }) => {
    // The page's code never arrives, so only the inline script can have turned details into DOM.
    await page.route('**/_next/static/chunks/*.js', () => undefined);
    await page.goto('/api#operation/getSpotPrices', { waitUntil: 'domcontentloaded' });
    const card = page.locator('[id="operation/getSpotPrices"]');
    expect(await card.locator('.api-fragment > noscript').count()).toBe(0);
    await expect(card.locator('.api-table')).toContainText('startDateTime');
    // Cards far from the link are still deferred.
    expect(await page.locator('[id="operation/exchangeCode"] .api-fragment > noscript').count()).toBe(1);
  });

  test("a sample tab clicked before the page's code runs opens once it does", async ({ page }) => {
    // The page's code is held back, so the click lands on the build-time markup alone.
    let holding = true;
    const held: Route[] = [];
    await page.route('**/_next/static/chunks/*.js', (route) => (holding ? void held.push(route) : route.continue()));
    await page.goto('/api#operation/getSpotPrices', { waitUntil: 'domcontentloaded' });
    const operation = page.locator('[id="operation/getSpotPrices"]');
    const tab = operation.getByRole('tab', { name: 'kilowise-client' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(operation.getByRole('tabpanel', { name: 'kilowise-client' })).toContainText(
      "await kilowise.spotPrices.get('SE3', {",
    );
  });

  test('a Redoc-style #tag/{tag}/operation/{id} link resolves to the operation', async ({ page }) => {
    await page.goto('/api#tag/spot-prices/operation/setTestSpotPrices');
    await expect(page).toHaveURL(/\/api#operation\/setTestSpotPrices$/);
    await expectInViewBelowNavbar(page, 'operation/setTestSpotPrices');
  });

  test('a renamed anchor with a published alias lands on its new target', async ({ page }) => {
    // The contract has no renamed anchor yet, so the page is served as a build with one alias would render it
    // (the build puts the manifest's aliases in the landing script and in AnchorResolver's props).
    await page.route('**/api', async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace('var aliases = {};', 'var aliases = {"operation/getSpotPriceList":"operation/getSpotPrices"};')
        .replace('\\"aliases\\":{}', '\\"aliases\\":{\\"operation/getSpotPriceList\\":\\"operation/getSpotPrices\\"}');
      expect(html).toContain('operation/getSpotPriceList\\"');
      // The build hashes the page's scripts into its policy; hash the changed ones the same way.
      const withoutPolicy = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/, '');
      await route.fulfill({ response, body: withPagePolicy(withoutPolicy, '/api', ['https://api.kilowise.io']) });
    });
    await page.goto('/api#operation/getSpotPriceList');
    await expect(page).toHaveURL(/\/api#operation\/getSpotPrices$/);
    await expectInViewBelowNavbar(page, 'operation/getSpotPrices');
  });

  test("a Redoc-style tag link keeps working despite Redoc's capitals", async ({ page }) => {
    await page.goto('/api#tag/Smart-heating');
    await expect(page).toHaveURL(/\/api#tag\/smart-heating$/);
    await expectInViewBelowNavbar(page, 'tag/smart-heating');
  });

  test('the navigation follows the scroll', async ({ page }) => {
    await page.goto('/api#operation/getChargingSchedule');
    const nav = page.getByRole('navigation', { name: 'API reference' });
    await expect(nav.locator('a[aria-current="location"]')).toHaveAttribute('href', '#operation/getChargingSchedule');
    await nav.getByRole('link', { name: 'List the countries served' }).click();
    await expect(nav.locator('a[aria-current="location"]')).toHaveAttribute('href', '#operation/getCountries');
  });

  test('copy-link copies the operation URL', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/api');
    await waitForHydration(page);
    // The Clipboard API needs a focused document; parallel tests share one browser.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Copy link to Add a location' }).click();
    await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/api#operation\/addLocation$/);
    await expect(page).toHaveURL(/#operation\/addLocation$/);
  });
});

test('a malformed anchor (/api#%, as a truncated link holds) loads the reference without an error', async ({
  page,
}) => {
  // The fixture fails the test on any page error, such as "URI malformed" from the landing script.
  await page.goto('/api#%');
  await expect(page.getByRole('heading', { level: 1, name: 'Kilowise partner API' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
});

test('after a client-side navigation to /api, every detail is there (loaded from its static file)', async ({
  page,
}) => {
  await page.goto('/docs/locations');
  await waitForHydration(page);
  await page.locator('.navbar__desktop').getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL('/api');
  const card = page.locator('[id="operation/updateEvPreferences"]');
  await expect(card.locator('.api-table')).toContainText('deviceId');
  await expect(card.getByRole('tabpanel', { name: 'curl' })).toContainText('--request PUT');
  // The schemas at the end become DOM last, after load; on a busy machine that takes a few seconds.
  await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
  await expect(page.locator('[id="schema/EvPreferences"] .schema')).toContainText('chargingBehavior');
});

test.describe('API reference without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every operation and every detail is in the page, deferred ones included', async ({ page }) => {
    await page.goto('/api');
    for (const operation of operations)
      await expect(page.locator(`[id="operation/${operation.id}"] .operation__path`)).toHaveText(operation.path);
    const last = page.locator('[id="operation/exchangeCode"]');
    await expect(last.getByRole('tabpanel', { name: 'curl' })).toContainText('--request POST');
    await expect(page.locator('[id="operation/updateEvPreferences"] .api-table')).toContainText('deviceId');
    await expect(page.locator('[id="schema/EvPreferences"] .schema')).toContainText('chargingBehavior');
  });
});

test.describe('API reference without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a named schema inside an operation links to its section, where its fields are', async ({ page }) => {
    await page.goto('/api');
    const disclosure = page
      .locator('[id="operation/addLocation"] details[data-schema-ref="UserLocationRequest"]')
      .first();
    await disclosure.locator('summary').click();
    await disclosure.getByRole('link', { name: 'UserLocationRequest' }).click();
    await expect(page).toHaveURL(/#schema\/UserLocationRequest$/);
    await expect(page.locator('[id="schema/UserLocationRequest"] .schema__body')).toContainText('streetAddress');
  });
});
