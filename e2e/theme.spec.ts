import { expect, test, waitForHydration } from './fixtures';

const LIGHT = 'Switch between dark and light mode (currently light mode)';
const DARK = 'Switch between dark and light mode (currently dark mode)';

test.describe('colour mode', () => {
  test('light is the default, even when the system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: LIGHT })).toBeVisible();
  });

  test('the toggle switches, is stored under "theme" and survives a reload', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.getByRole('button', { name: LIGHT }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: DARK })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: DARK })).toBeVisible();
  });

  test('the stored theme applies before first paint (no flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/docs/spot-prices', { waitUntil: 'commit' });
    await page.waitForSelector('body');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  test('other tabs follow the change', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/docs/account');
    await waitForHydration(first);
    await waitForHydration(second);
    await first.getByRole('button', { name: LIGHT }).click();
    await expect(second.locator('html')).toHaveClass(/\bdark\b/);
    await expect(second.getByRole('button', { name: DARK })).toBeVisible();
  });

  test('clearing the stored choice falls back to the default mode', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('theme', 'dark');
      }
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});
