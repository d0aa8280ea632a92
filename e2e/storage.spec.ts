import { expect, test, waitForHydration } from './fixtures';

test.describe('when browser storage is unavailable', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const blocked = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      Object.defineProperty(window, 'localStorage', { get: blocked, configurable: true });
    });
  });

  test('pages still work, features do nothing and a warning is logged', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch between dark and light mode (currently light mode)' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const bar = page.getByRole('banner', { name: 'Announcement' });
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toBeHidden();
    expect(warnings.some((text) => text.includes('browser storage is unavailable'))).toBe(true);
    // next-themes swallows the error for its key; the site still says so.
    expect(
      warnings.some((text) =>
        text.includes('browser storage is unavailable, so the colour mode will not be remembered'),
      ),
    ).toBe(true);
  });
});

test.describe('search without browser storage', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
        configurable: true,
      });
    });
  });

  test('search works and recent searches are simply not kept', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).fill('enode');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/docs/vehicles/enode');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).fill('');
    await expect(page.getByRole('group', { name: 'Recent' })).toHaveCount(0);
  });
});
