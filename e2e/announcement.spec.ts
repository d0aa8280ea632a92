import { expect, test, waitForHydration } from './fixtures';

const bar = (page: import('@playwright/test').Page) => page.getByRole('banner', { name: 'Announcement' });

test.describe('announcement bar', () => {
  test('is shown until closed, and closing is remembered', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByRole('link', { name: 'prerequisites' })).toHaveAttribute('href', '/docs/prerequisites');
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await expect(bar(page)).toBeHidden();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('kilowise.announcement.dismiss'),
        localStorage.getItem('kilowise.announcement.id'),
      ]),
    ).toEqual(['true', 'api-v2-2025']);
    await page.reload();
    await expect(bar(page)).toBeHidden();
    await page.goto('/docs/locations');
    await expect(bar(page)).toBeHidden();
  });

  test('a bar with a new id is shown again to readers who closed an older one', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('kilowise.announcement.id', 'older-announcement');
      localStorage.setItem('kilowise.announcement.dismiss', 'true');
    });
    await page.goto('/');
    await expect(bar(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kilowise.announcement.id'))).toBe('api-v2-2025');
    expect(await page.evaluate(() => localStorage.getItem('kilowise.announcement.dismiss'))).toBeNull();
  });
});
