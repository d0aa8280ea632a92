import { expect, test, waitForHydration } from './fixtures';

test.describe('page shell', () => {
  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the navbar has the brand, its items and the colour toggle', async ({ page }) => {
    await page.goto('/docs/locations');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /Kilowise/ }).first()).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'SDK', exact: true })).toHaveAttribute('href', '/sdk/getting-started');
    await expect(nav.getByRole('link', { name: 'API', exact: true })).toHaveAttribute('href', '/api');
    await expect(nav.getByRole('link', { name: 'Playground', exact: true })).toHaveAttribute('href', '/playground');
    await expect(nav.getByRole('link', { name: 'Kilowise on GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/kilowise',
    );
    await expect(
      nav.getByRole('button', { name: 'Switch between dark and light mode (currently light mode)' }),
    ).toBeVisible();
    await expect(nav).toHaveClass(/navbar--primary/);
  });

  test('the locale dropdown keeps path, query and hash', async ({ page }) => {
    await page.goto('/docs/locations?tab=curl#add-a-location');
    await waitForHydration(page);
    await page.getByLabel('Languages').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/docs\/locations\?tab=curl#add-a-location$/);
  });

  test('the footer has Docs, Community and More, and the 2025 copyright', async ({ page }) => {
    await page.goto('/docs/spot-prices');
    const footer = page.getByRole('contentinfo');
    for (const title of ['Docs', 'Community', 'More']) {
      await expect(footer.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);
    await expect(footer.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', 'https://github.com/kilowise');
    await expect(footer).toContainText('Copyright © 2025 Kilowise.');
  });

  test('pages carry OpenGraph tags and a canonical URL', async ({ page }) => {
    await page.goto('/docs/smart-charging');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Smart charging');
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Kilowise');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://developers.kilowise.io/docs/smart-charging',
    );
  });

  test('a doc page has breadcrumbs, an edit link and previous/next links', async ({ page }) => {
    await page.goto('/docs/vehicles/enode');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs).toContainText('Docs');
    await expect(crumbs).toContainText('Vehicles');
    await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
      'href',
      'https://github.com/kilowise/developer-docs/edit/main/content/docs/vehicles/enode.mdx',
    );
    const pager = page.getByRole('navigation', { name: 'Docs pages' });
    await expect(pager.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/docs/vehicles');
    await expect(pager.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/docs/vehicles/smartcar');
    await pager.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/docs\/vehicles\/smartcar$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartcar');
  });

  test('the sidebar marks the current page and opens its category', async ({ page }) => {
    await page.goto('/sdk/packages/kilowise-client/vehicle-integration/smartcar');
    const sidebar = page.getByRole('navigation', { name: 'SDK sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Smartcar' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'OCPP chargers' })).toBeHidden();
    await sidebar.getByRole('button', { name: "Expand sidebar category 'Charger integration'" }).click();
    await expect(sidebar.getByRole('link', { name: 'OCPP chargers' })).toBeVisible();
  });
});
