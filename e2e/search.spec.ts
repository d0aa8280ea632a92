import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** Opens the dialog with the keyboard shortcut and types a query. */
async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await input.fill(query);
  return input;
}

/** Opens a guide whose search index arrives `delayMs` late. */
async function openWithSlowIndex(page: Page, delayMs: number) {
  await page.route('**/generated/search/*/index.json', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ response });
  });
  await page.goto('/docs/locations');
  await waitForHydration(page);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the documentation' });
const firstResult = (page: Page) => dialog(page).getByRole('option').first();

test.describe('search dialog', () => {
  test('the index is not fetched on page load, only on the first interaction with search', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/generated\/search\/[^/]+\/index\.json$/.test(request.url())) indexRequests.push(request.url());
    });
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // A fixed wait, on purpose: the test proves that scrolling fetches no index, and the absence of a request can
    // only be seen over some time; half a second after the scroll, a fetch it started would have been sent.
    await page.waitForTimeout(500);
    expect(indexRequests).toEqual([]);
    // Hovering the search box starts the download, before any click.
    await page.getByRole('button', { name: 'Search', exact: true }).hover();
    await expect.poll(() => indexRequests.length).toBe(1);
  });

  test('"spot price" opens the spot prices guide', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await search(page, 'spot price');
    await expect(firstResult(page)).toContainText('Spot prices');
    await expect(firstResult(page).locator('mark').first()).toHaveText('Spot');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/docs/spot-prices');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spot prices');
  });

  test('"register-charger" leads to its operation on /api', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'register-charger');
    await expect(firstResult(page)).toHaveAttribute('href', '/api#operation/registerCharger');
    // Grouped or one ranked list, the first result says it is an API operation.
    await expect(dialog(page).locator('.search-results__group').first().locator('.search-badge').first()).toHaveText(
      'API',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/api#operation/registerCharger');
    await expect(page.locator('[id="operation/registerCharger"]')).toBeInViewport();
  });

  test('"SMART_CHARGE_AT_LOCATION" finds the section that explains it first, then its schema and SDK type', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'SMART_CHARGE_AT_LOCATION');
    await expect(firstResult(page)).toHaveAttribute('href', '/docs/smart-charging#vehicle-preferences');
    // Its passage quotes the sentence that names the value, marked.
    await expect(firstResult(page).locator('.search-result__passage mark').first()).toHaveText(
      'SMART_CHARGE_AT_LOCATION',
    );
    const hrefs = await dialog(page)
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/api#schema/VehicleChargingBehavior',
        '/sdk/packages/kilowise-client/typedoc/enums/VehicleChargingBehavior#SMART_CHARGE_AT_LOCATION',
      ]),
    );
    await expect(dialog(page).getByText('Schema', { exact: true }).first()).toBeVisible();
    await expect(dialog(page).getByText('Type', { exact: true }).first()).toBeVisible();
  });

  test('a question finds the section that answers it, under its page, with the sentence that answers it', async ({
    page,
  }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await search(page, 'how do I charge immediately');
    await expect(firstResult(page)).toHaveAttribute('href', '/docs/smart-charging#charge-now');
    const group = dialog(page).getByRole('group').first();
    await expect(group).toHaveAccessibleName('Docs › Smart charging');
    // The passage is a sentence of the section that holds the question's words, not its first line.
    const passage = firstResult(page).locator('.search-result__passage');
    await expect(passage).toBeVisible();
    await expect(passage.locator('mark').first()).toBeVisible();
    // The page's other matching sections follow it in its group, before the next page.
    await expect(group.getByRole('option').nth(1)).toHaveAttribute('href', /^\/docs\/smart-charging#/);
  });

  test('a task in words puts the operation above the schema and type with the same words, each under its page, and a guide section that explains it above all', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    // No published guide has a section on heat pumps' sessions: the operation answers, above its schema and type.
    await search(page, 'heating sessions');
    await expect(firstResult(page)).toHaveAttribute('href', '/api#operation/getHeatingSessions');
    await expect(dialog(page).getByRole('group').first()).toHaveAccessibleName(/^API › /);
    await expect(firstResult(page).locator('.search-badge')).toHaveText('API');
    const kinds = await dialog(page).getByRole('option').locator('.search-badge').allTextContents();
    expect(kinds).toEqual(expect.arrayContaining(['API', 'Schema', 'Type']));
    // Where a guide's section explains the task, it comes first, and the operation follows it.
    await dialog(page).getByRole('combobox', { name: 'Search' }).fill('demand response');
    await expect(firstResult(page)).toHaveAttribute('href', '/docs/smart-charging#demand-response');
    await expect(dialog(page).locator('[role="option"][href="/api#operation/getDemandResponse"]')).toBeVisible();
  });

  test('"ChargingSessionStatus" opens its TypeDoc page', async ({ page }) => {
    await page.goto('/sdk/getting-started');
    await waitForHydration(page);
    await search(page, 'ChargingSessionStatus');
    await expect(firstResult(page)).toHaveAttribute(
      'href',
      '/sdk/packages/kilowise-client/typedoc/enums/ChargingSessionStatus',
    );
    await firstResult(page).click();
    await expect(page).toHaveURL('/sdk/packages/kilowise-client/typedoc/enums/ChargingSessionStatus');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChargingSessionStatus');
  });

  test('keyboard: / opens, arrows move, Tab stays inside, Esc closes and focus returns', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.focus();
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search' });
    await expect(input).toBeFocused();
    await input.fill('charging');
    const options = dialog(page).getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(toggle).toBeFocused();
    // Ctrl+K opens it again with the last query.
    await page.keyboard.press('Control+k');
    await expect(input).toHaveValue('charging');
  });

  test('empty state: suggestions fill the query; opened results become recent searches', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('option', { name: 'register-charger' }).click();
    await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('register-charger');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/api#operation/registerCharger');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).fill('');
    const recent = dialog(page).getByRole('group', { name: 'Recent' });
    await expect(recent.getByRole('option')).toHaveText(/Register a charger/);
    await recent.getByRole('button', { name: 'Remove Register a charger from recent searches' }).click();
    await expect(dialog(page).getByRole('group', { name: 'Recent' })).toHaveCount(0);
  });

  test('a query with no results offers the closest words, /api and /playground; typos are corrected; joined words split', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const input = await search(page, 'zzqqxx');
    await expect(dialog(page)).toContainText('No results for “zzqqxx”');
    await expect(dialog(page).getByRole('link', { name: 'Browse the API reference' })).toHaveAttribute('href', '/api');
    await expect(dialog(page).getByRole('link', { name: 'Try a request in the playground' })).toHaveAttribute(
      'href',
      '/playground',
    );
    await input.fill('qwallbxq');
    const closest = dialog(page).getByLabel('Closest words').getByRole('button');
    await expect(closest.first()).toBeVisible();
    // Never a dead end: the sections the closest words find are offered too.
    await expect(dialog(page).getByLabel('Closest sections').getByRole('link').first()).toContainText('Wallbox');
    await dialog(page).getByRole('button', { name: 'wallbox', exact: true }).click();
    await expect(input).toHaveValue('wallbox');
    await expect(firstResult(page)).toContainText('Wallbox');
    await input.fill('smarcar');
    await expect(dialog(page)).toContainText('Showing results for smartcar');
    await expect(firstResult(page)).toContainText('Smartcar');
    await input.fill('spotprices');
    await expect(dialog(page)).toContainText('Showing results for spot prices');
    await dialog(page).getByRole('link', { name: 'Try a request in the playground' }).waitFor({ state: 'detached' });
  });

  test('Enter pressed before the index arrives opens the first result once it has', async ({ page }) => {
    await openWithSlowIndex(page, 1500);
    await search(page, 'enode');
    await expect(dialog(page)).toContainText('Loading search…');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/docs/vehicles/enode');
  });

  test('every key typed at once after a click or Ctrl+K lands in the field, and the results follow', async ({
    page,
  }) => {
    // A slow index: the keys arrive long before the engine does.
    await openWithSlowIndex(page, 800);
    const input = page.getByRole('combobox', { name: 'Search' });
    // No wait between the gesture and the keys: they are typed as fast as the browser takes them.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.keyboard.type('spot');
    await expect(input).toHaveValue('spot');
    await expect(
      dialog(page)
        .getByRole('option', { name: /Spot prices/ })
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('enod', { delay: 0 });
    await expect(input).toHaveValue('enod');
    await expect(dialog(page).getByRole('option', { name: /Enode/ }).first()).toBeVisible();
  });

  test('the dialog is part of the page: it opens and takes keys while no chunk can load', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    // From here on, every script chunk hangs: only code already on the page can answer the shortcut.
    await page.route('**/_next/static/chunks/**', () => undefined);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search' });
    await expect(input).toBeFocused();
    await page.keyboard.type('ocpp');
    await expect(input).toHaveValue('ocpp');
    await expect(dialog(page)).toContainText('Loading search…');
  });

  test('"See all results" opens /search with the query', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await search(page, 'spot price');
    await dialog(page).getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL('/search?q=spot%20price');
  });
});

test.describe('/search page', () => {
  test('shows shareable results for ?q= and keeps the URL in step with the box', async ({ page }) => {
    await page.goto('/search?q=spot%20price');
    await waitForHydration(page);
    const input = page.getByRole('searchbox', { name: 'Search' });
    await expect(input).toHaveValue('spot price');
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toHaveAttribute(
      'href',
      '/docs/spot-prices',
    );
    await expect(page.locator('.search-dialog__note')).toContainText('results for “spot price”');
    await input.fill('register-charger');
    await expect(page).toHaveURL('/search?q=register-charger');
    await expect(page.getByRole('option').first()).toHaveAttribute('href', '/api#operation/registerCharger');
  });
});

test.describe('search on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the navbar has a Search button that opens the same dialog', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await button.click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await expect(input).toBeFocused();
    await input.fill('spot prices');
    await expect(firstResult(page)).toHaveAttribute('href', '/docs/spot-prices');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/docs/spot-prices');
  });

  test('the mobile menu has the search box', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.fill('enode');
    // The menu's dialog closes as the search opens: wait for the results, and press Enter in the field itself, not
    // wherever the keyboard's focus went (a CI run saw the dialog stay open with the query typed and no result opened).
    await expect(dialog(page).getByRole('option').first()).toBeVisible({ timeout: 10_000 });
    await input.press('Enter');
    // Enter may come before the index. Two steps, so a failure says which one did not happen: the dialog
    // closes when the first result opens, then the URL changes when the route's payload arrives. One CI
    // run under load saw the URL unchanged after 5 s without telling which step was late.
    await expect(dialog(page)).toBeHidden({ timeout: 10_000 });
    await expect(page).toHaveURL('/docs/vehicles/enode', { timeout: 10_000 });
  });
});

test.describe('search index failure', () => {
  // The browser logs the failed request itself.
  test.use({ allowedConsoleErrors: [/503/] });

  test('a failed index download shows the error with a Retry that works', async ({ page }) => {
    let fail = true;
    await page.route('**/generated/search/*/index.json', async (route) =>
      fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await search(page, 'enode');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText(
      /^Could not load the search index from \/generated\/search\/[0-9a-f]{12}\/index\.json: HTTP 503\./,
    );
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(firstResult(page)).toContainText('Enode');
  });
});
