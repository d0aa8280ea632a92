import { expect, test, waitForHydration } from './fixtures';

const toggle = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
const drawer = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Navigation' });

test.describe('at 996 px (mobile)', () => {
  test.use({ viewport: { width: 996, height: 800 } });

  test('the menu replaces the navbar items and starts on the area sidebar', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SDK', exact: true }),
    ).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeHidden();
    await toggle(page).click();
    await expect(drawer(page)).toBeVisible();
    const secondary = drawer(page).getByRole('navigation', { name: 'Docs sidebar' });
    await expect(secondary.getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page');
    await drawer(page).getByRole('button', { name: '← Back to main menu' }).click();
    const menu = drawer(page).getByRole('list', { name: 'Main menu' });
    for (const label of ['Docs', 'SDK', 'API', 'Playground', 'GitHub']) {
      await expect(
        menu
          .getByRole('link', { name: label, exact: true })
          .or(menu.getByRole('link', { name: `Kilowise on ${label}` })),
      ).toBeVisible();
    }
    await expect(menu.getByLabel('Languages')).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(drawer(page)).toBeHidden();
  });

  test('the open menu keeps focus inside, Escape closes only the top dialog, and focus returns to the toggle', async ({
    page,
  }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await toggle(page).click();
    await expect(drawer(page)).toBeVisible();
    const insideDrawer = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-label="Navigation"]')));
    expect(await insideDrawer()).toBe(true);
    for (let presses = 0; presses < 60; presses += 1) {
      await page.keyboard.press(presses % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await insideDrawer()).toBe(true);
    }
    // Search opened from the menu is a dialog above it: Escape closes the search, then the menu.
    await drawer(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search the documentation' })).toHaveCount(0);
    await expect(drawer(page)).toBeVisible();
    expect(await insideDrawer()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('following a link in the menu navigates and closes it', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await toggle(page).click();
    await drawer(page).getByRole('link', { name: 'Spot prices' }).click();
    await expect(page).toHaveURL(/\/docs\/spot-prices$/);
    await expect(drawer(page)).toBeHidden();
  });

  test('back navigation closes the menu', async ({ page }) => {
    await page.goto('/docs/locations');
    await page.goto('/docs/spot-prices');
    await waitForHydration(page);
    await toggle(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.goBack();
    await expect(drawer(page)).toBeHidden();
  });

  test('the menu closes when the window grows to desktop width', async ({ page }) => {
    await page.goto('/sdk/installation');
    await waitForHydration(page);
    await toggle(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.setViewportSize({ width: 997, height: 800 });
    await expect(drawer(page)).toBeHidden();
  });
});

test.describe('at 997 px (desktop)', () => {
  test.use({ viewport: { width: 997, height: 800 } });

  test('the navbar items and the sidebar show, and there is no menu button', async ({ page }) => {
    await page.goto('/docs/locations');
    await expect(toggle(page)).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SDK', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
  });
});
