import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** The SDK sidebar of a hydrated page, and the caret and list of its kilowise-client category. */
async function clientCategory(page: Page) {
  await page.goto('/sdk/getting-started');
  await waitForHydration(page);
  const sidebar = page.getByRole('navigation', { name: 'SDK sidebar' });
  const caret = sidebar.getByRole('button', { name: "Expand sidebar category 'kilowise-client'" });
  const list = page.locator(`[id="${await caret.getAttribute('aria-controls')}"]`);
  return { sidebar, caret, list };
}

/**
 * Records the duration of every animation the page asks for from now on, and reads them back: under load an
 * animation can end before a test could look at it, and a finished one is no longer in getAnimations().
 */
async function recordAnimationDurations(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { durations: number[] }).durations = durations;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, frames, options) {
      durations.push(typeof options === 'number' ? options : Number(options?.duration ?? 0));
      return animate.call(this, frames, options);
    };
  });
  return () => page.evaluate(() => [...(window as unknown as { durations: number[] }).durations]);
}

test.describe('sidebar categories', () => {
  test('expand and collapse with an animation whose length follows the content height', async ({ page }) => {
    const { sidebar, caret, list } = await clientCategory(page);
    const durations = await recordAnimationDurations(page);
    await caret.click();
    await expect.poll(async () => (await durations())[0] ?? 0).toBeGreaterThan(150);
    await expect(sidebar.getByRole('button', { name: "Expand sidebar category 'Charger integration'" })).toBeVisible();
    await sidebar.getByRole('button', { name: "Collapse sidebar category 'kilowise-client'" }).click();
    await expect(list).toBeHidden();
  });

  test('do not animate when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { sidebar, caret, list } = await clientCategory(page);
    const durations = await recordAnimationDurations(page);
    await caret.click();
    await expect(list).toBeVisible();
    // The collapse always asks for its animation, so there is one to measure: under reduced motion it lasts 0 ms.
    await expect.poll(durations).toEqual([0]);
    // The same page, the preference lifted: the next collapse is animated, so the 0 above was the preference's doing.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await sidebar.getByRole('button', { name: "Collapse sidebar category 'kilowise-client'" }).click();
    await expect.poll(async () => (await durations())[1] ?? 0).toBeGreaterThan(150);
  });
});

test.describe('in-page anchor scrolling', () => {
  async function scrollPositionsAfterTocClick(page: import('@playwright/test').Page) {
    await page.goto('/docs/smart-charging');
    await waitForHydration(page);
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { positions: number[] }).positions = positions;
      const record = () => {
        positions.push(window.scrollY);
        if (positions.length < 120) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Errors' }).click();
    // Every frame's position, 120 of them (2 s at 60 frames a second): the whole scroll, smooth or not.
    await page.waitForFunction(() => (window as unknown as { positions: number[] }).positions.length >= 120);
    return page.evaluate(() => (window as unknown as { positions: number[] }).positions);
  }

  test('is smooth, easing towards the heading', async ({ page }) => {
    const positions = await scrollPositionsAfterTocClick(page);
    const distinct = [...new Set(positions.map(Math.round))];
    expect(distinct.length).toBeGreaterThan(5);
    await expect(page).toHaveURL(/#errors$/);
    const top = await page.locator('#errors').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  });

  test('is instant under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const positions = await scrollPositionsAfterTocClick(page);
    const distinct = [...new Set(positions.map(Math.round))];
    expect(distinct.length).toBeLessThanOrEqual(3);
    // And it did scroll, to the heading: a click that moved nothing would pass the line above too.
    expect(Math.max(...positions)).toBeGreaterThan(500);
    const top = await page.locator('#errors').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
  });
});

test.describe('hide-on-scroll navbar', () => {
  test('hides when scrolling down past its height, shows on scrolling up, hides on an anchor', async ({ page }) => {
    await page.goto('/docs/smart-charging');
    await waitForHydration(page);
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar).toHaveAttribute('data-hide-on-scroll', 'true');
    await page.mouse.wheel(0, 30);
    // "Not hidden" says something only once the page has scrolled and the frame after its scroll event has rendered.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(navbar).not.toHaveClass(/navbar--hidden/);
    await page.mouse.wheel(0, 800);
    await expect(navbar).toHaveClass(/navbar--hidden/);
    await page.mouse.wheel(0, -200);
    await expect(navbar).not.toHaveClass(/navbar--hidden/);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Device status' }).click();
    await expect(navbar).toHaveClass(/navbar--hidden/);
  });
});
