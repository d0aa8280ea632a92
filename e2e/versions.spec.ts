import { readFileSync } from 'node:fs';
import { SDK_PACKAGES as PACKAGES } from '../lib/sdk/packages';
import { expect, test } from './fixtures';

const clientVersion = (JSON.parse(readFileSync('packages/kilowise-client/package.json', 'utf8')) as { version: string })
  .version;

test.describe('SDK versions pages', () => {
  for (const name of PACKAGES) {
    test(`${name} lists its releases with the current one marked`, async ({ page }) => {
      await page.goto(`/sdk/packages/${name}/versions`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} versions`);
      const rows = page.locator('.versions-table tbody tr');
      expect(await rows.count()).toBeGreaterThan(2);
      const current = page.locator('.versions-table tr[aria-current="true"]');
      await expect(current).toHaveCount(1);
      await expect(current).toContainText('current');
      await expect(current).toContainText(`npm install ${name}@`);
      // The sidebar holds the page under its package.
      await expect(
        page.getByRole('navigation', { name: 'SDK sidebar' }).getByRole('link', { name: 'Versions' }),
      ).toHaveAttribute('aria-current', 'page');
    });
  }

  test("the client's current version is its package.json version, and each release has an anchor", async ({ page }) => {
    await page.goto('/sdk/packages/kilowise-client/versions');
    const current = page.locator('.versions-table tr[aria-current="true"]');
    await expect(current.locator('td').first()).toHaveText(`${clientVersion}current`);
    await page.getByRole('link', { name: '2.0.0', exact: true }).first().click();
    await expect(page).toHaveURL(/#v2\.0\.0$/);
    const release = page.locator('[id="v2.0.0"]');
    await expect(release).toBeInViewport();
    const section = page.locator('section.release', { has: release });
    await expect(section.locator('.release__kind')).toHaveText(['Changed', 'Removed']);
    await expect(section).toContainText('Methods are grouped by area');
  });
});
