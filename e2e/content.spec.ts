import { expect, test, waitForHydration } from './fixtures';

test.describe('MDX components', () => {
  test('tabs switch between curl and TypeScript with mouse and arrow keys', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    const tabs = page.getByRole('tablist').first();
    const curl = tabs.getByRole('tab', { name: 'curl' });
    const typescript = tabs.getByRole('tab', { name: 'TypeScript' });
    await expect(curl).toHaveAttribute('aria-selected', 'true');
    const curlPanel = page.locator(`[id="${await curl.getAttribute('aria-controls')}"]`);
    await expect(curlPanel).toBeVisible();
    await typescript.click();
    await expect(typescript).toHaveAttribute('aria-selected', 'true');
    await expect(curlPanel).toBeHidden();
    await expect(page.getByRole('tabpanel', { name: 'TypeScript' }).first()).toContainText(
      "kilowiseFetch('/v2/kilowise/users/user-4711/locations')",
    );
    await typescript.press('ArrowLeft');
    await expect(curl).toHaveAttribute('aria-selected', 'true');
    await expect(curl).toBeFocused();
  });

  test('code blocks are highlighted, titled, line-highlighted and copyable', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs/locations');
    await waitForHydration(page);
    const block = page.locator('figure.code-block', { has: page.getByText('200 OK', { exact: true }) });
    await expect(block.locator('figcaption')).toHaveText('200 OK');
    await expect(block.locator('.line.highlighted')).toHaveCount(2);
    await expect(block.locator('pre.shiki span[style*="--shiki-dark"]').first()).toBeVisible();
    await page.bringToFront();
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('"spotPriceAreaId": "SE3"');
  });

  test('admonitions, tables and the home page card grid render', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('.card-grid');
    const expected: [string, string][] = [
      ['Docs', '/docs/prerequisites'],
      ['SDK', '/sdk/getting-started'],
      ['API', '/api'],
      ['Playground', '/playground'],
    ];
    for (const [title, href] of expected) {
      await expect(cards.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('complementary', { name: 'Keep your key on the server' })).toBeVisible();
    await expect(page.locator('article table')).toContainText('x-api-key');
  });
});

test.describe('Guides and the API contract', () => {
  test('an endpoint a guide names links to its operation, and the link lands there', async ({ page }) => {
    await page.goto('/docs/locations');
    const endpoint = page
      .locator('.markdown a.api-endpoint', { hasText: 'POST /v2/kilowise/users/{userId}/locations' })
      .first();
    await expect(endpoint).toHaveAttribute('href', '/api#operation/addLocation');
    await endpoint.click();
    await expect(page).toHaveURL(/\/api#operation\/addLocation$/);
    await expect(page.locator('[id="operation/addLocation"]')).toBeInViewport();
  });

  test('the kilowise-client page lists every method of the client, each linked to the operation it calls', async ({
    page,
  }) => {
    await page.goto('/sdk/packages/kilowise-client');
    const table = page.locator('table', { has: page.getByRole('columnheader', { name: 'Method' }) });
    await expect(table.locator('tbody tr')).toHaveCount(49);
    for (const [method, operationId] of [
      ['oauth.authorize', 'authorize'],
      ['oauth.exchangeCode', 'exchangeCode'],
      ['smartcar.getStatus', 'getSmartcarStatus'],
    ] as const) {
      const row = table.locator('tr', { hasText: `kilowise.${method}()` });
      await expect(row.getByRole('link')).toHaveAttribute('href', `/api#operation/${operationId}`);
    }
    await expect(table.locator('tr', { hasText: 'kilowise.smartcar.getStatus()' })).toContainText('(deprecated)');
  });
});
