import { expect, test } from './fixtures';
import { GUIDE_ROUTES, PACKAGE_PLAYGROUND_ROUTES } from './routes';

test.describe('every guide route', () => {
  for (const route of GUIDE_ROUTES) {
    test(`${route} renders with status 200, its title and no console error`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveCount(1);
      const h1 = (await heading.textContent()) ?? '';
      await expect(page).toHaveTitle(
        route === '/' ? 'Kilowise | The official Kilowise developer documentation' : `${h1} | Kilowise`,
      );
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/.{20,}/);
      await expect(page.locator('html')).toHaveClass(/docs-doc-page/);
      // Real documentation: a substantial body with at least one code sample.
      const words = ((await page.locator('article .markdown').innerText()) ?? '').split(/\s+/).length;
      expect(words).toBeGreaterThan(300);
      await expect(page.locator('article pre').first()).toBeVisible();
    });
  }
});

test.describe('unknown routes', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('render the not-found page with HTTP 404', async ({ page }) => {
    const response = await page.goto('/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/standalone-page/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test('a trailing slash redirects to the canonical URL', async ({ page }) => {
  await page.goto('/docs/locations/');
  expect(new URL(page.url()).pathname).toBe('/docs/locations');
});

test('sitemap.xml lists every guide, /api and the generated pages, and robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const extra = [
    '/api',
    '/playground',
    '/sdk/packages/kilowise-client/typedoc',
    '/sdk/packages/kilowise-client/typedoc/enums/DeviceStatus',
    '/sdk/packages/kilowise-ui/versions',
    '/sdk/1.x/getting-started',
  ];
  for (const route of [...GUIDE_ROUTES, ...PACKAGE_PLAYGROUND_ROUTES, ...extra]) {
    expect(sitemap).toContain(`<loc>${new URL(route, 'https://developers.kilowise.io').href}</loc>`);
  }
  expect(sitemap).not.toContain('/search</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://developers.kilowise.io/sitemap.xml');
});

test('the favicon answers, so browsers log no 404 for it', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
});

test('a production build has no API-change report and no drafts', async ({ page }) => {
  expect((await page.request.get('/api/changes')).status()).toBe(404);
  expect((await page.request.get('/docs/smart-heating')).status()).toBe(404);
});
