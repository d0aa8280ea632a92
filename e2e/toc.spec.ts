import { expect, test } from './fixtures';

test.describe('table of contents', () => {
  test('lists exactly the h2 and h3 headings of the page, by their rendered ids', async ({ page }) => {
    await page.goto('/docs/chargers');
    const headings = await page
      .locator('article .markdown')
      .locator('h2, h3')
      .evaluateAll((nodes) => nodes.map((node) => ({ id: node.id, text: node.textContent?.trim() ?? '' })));
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const links = await toc
      .getByRole('link')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ id: (node.getAttribute('href') ?? '').slice(1), text: node.textContent?.trim() ?? '' })),
      );
    expect(headings.length).toBeGreaterThan(4);
    expect(headings.some((heading) => heading.text === 'Pointing the charger at Kilowise by hand')).toBe(true);
    expect(links).toEqual(headings);
    expect(await page.locator('article .markdown h4').count()).toBe(0);
  });

  test('highlights the section being read and lands headings below the navbar', async ({ page }) => {
    await page.goto('/docs/smart-charging');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/#sessions$/);
    await expect(toc.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'location');
    const navbarBottom = await page
      .getByRole('navigation', { name: 'Main' })
      .evaluate((nav) => nav.getBoundingClientRect().bottom);
    const headingTop = await page.locator('#sessions').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(navbarBottom);
  });
});
