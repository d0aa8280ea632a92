import { expect, test, waitForHydration } from './fixtures';

const KEY = 'kilowise.docs-preferred-version.sdk';

test.describe('docs versions', () => {
  test('the Versions dropdown opens the same page in 1.x and stores the choice', async ({ page }) => {
    await page.goto('/sdk/installation');
    await waitForHydration(page);
    await expect(page.locator('.doc__version')).toHaveText('Version: 2.x');
    await page.getByLabel('Versions').first().click();
    await page.getByRole('link', { name: '1.x', exact: true }).click();
    await expect(page).toHaveURL('/sdk/1.x/installation');
    await expect(page.getByRole('note')).toContainText(
      'This is documentation for SDK 1.x, which is no longer actively maintained.',
    );
    await expect(page.locator('.doc__version')).toHaveText('Version: 1.x');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('1.x');
    // The 1.x pages have their own sidebar.
    await expect(
      page.getByRole('navigation', { name: 'SDK sidebar' }).getByRole('link', { name: 'Migrating to 2.x' }),
    ).toBeVisible();
  });

  test('a page without a 1.x counterpart switches to the 1.x main doc', async ({ page }) => {
    await page.goto('/sdk/prerequisites');
    await waitForHydration(page);
    await page.getByLabel('Versions').first().click();
    await page.getByRole('link', { name: '1.x', exact: true }).click();
    await expect(page).toHaveURL('/sdk/1.x/getting-started');
  });

  test('the SDK navbar link follows the preferred version, and the banner leads back to the latest', async ({
    page,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '1.x'), KEY);
    await page.goto('/docs/locations');
    await waitForHydration(page);
    const sdk = page.locator('.navbar__desktop').getByRole('link', { name: 'SDK', exact: true });
    await expect(sdk).toHaveAttribute('href', '/sdk/1.x/getting-started');
    await sdk.click();
    await expect(page).toHaveURL('/sdk/1.x/getting-started');
    await expect(sdk).toHaveAttribute('aria-current', 'page');
    await page.getByRole('note').getByRole('link', { name: 'latest version' }).click();
    await expect(page).toHaveURL('/sdk/getting-started');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('current');
    await expect(sdk).toHaveAttribute('href', '/sdk/getting-started');
  });

  test('a stored version that no longer exists is cleared', async ({ page }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, '0.9');
        sessionStorage.setItem('seeded', '1');
      }
    }, KEY);
    await page.goto('/sdk/getting-started');
    await waitForHydration(page);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    await expect(page.locator('.navbar__desktop').getByRole('link', { name: 'SDK', exact: true })).toHaveAttribute(
      'href',
      '/sdk/getting-started',
    );
  });

  test('the dropdown shows only on SDK pages, and the versions page links each major to its docs', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await expect(page.getByLabel('Versions')).toHaveCount(0);
    await page.goto('/sdk/packages/kilowise-client/versions');
    const rows = page.locator('.versions-table tbody tr');
    await expect(rows.filter({ hasText: '1.9.2' }).getByRole('link', { name: '1.x docs' })).toHaveAttribute(
      'href',
      '/sdk/1.x/getting-started',
    );
    await expect(rows.filter({ hasText: '2.6.0' }).getByRole('link', { name: '2.x docs' })).toHaveAttribute(
      'href',
      '/sdk/getting-started',
    );
  });
});
