import { expect, searchIndexUrl, test } from './fixtures';

/**
 * The preview build (`npm run build:preview`: KILOWISE_PREVIEW=1, branch e2e-preview at 0123456, with
 * e2e/fixtures/api-baseline.yaml as the API baseline), served beside the production build.
 */

test('every page shows the preview banner with the branch, the commit and the API-change report', async ({ page }) => {
  for (const url of ['/', '/docs/locations', '/api']) {
    await page.goto(url);
    const banner = page.getByRole('note', { name: 'Preview build' });
    await expect(banner).toContainText('Preview of e2e-preview at 0123456');
    await expect(banner.getByRole('link', { name: 'API changes' })).toHaveAttribute('href', '/api/changes');
  }
});

test('a preview is not indexed: noindex in meta and header, an empty sitemap, robots.txt disallows', async ({
  page,
  request,
}) => {
  const response = await page.goto('/docs/locations');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('<loc>');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /');
});

test('a draft page is built with a Draft badge and listed in the banner, and stays out of search', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('note', { name: 'Preview build' }).getByRole('link', { name: 'Smart heating' }).click();
  await expect(page).toHaveURL('/docs/smart-heating');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smart heating');
  await expect(page.locator('.doc__header .badge--draft')).toHaveText('Draft');
  const index = await searchIndexUrl(request);
  expect(await (await request.get(index)).text()).not.toContain('/docs/smart-heating');
  // The passages hold the same records' sentences, one list a record: as many lists as the index has records.
  const records = ((await (await request.get(index)).json()) as { records: unknown[] }).records.length;
  const passages = (await (await request.get(index.replace(/index\.json$/, 'passages.json'))).json()) as {
    sentences: unknown[];
  };
  expect(passages.sentences).toHaveLength(records);
});

test('/api/changes reports the breaking changes from the baseline, and /api marks the changed operations', async ({
  page,
}) => {
  await page.goto('/api/changes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API changes in this preview');
  await expect(page.getByText('7 changes, 7 breaking')).toBeVisible();
  const breaking = page.getByRole('region', { name: 'Breaking changes' });
  await expect(breaking).toContainText('operation getCountryRegions removed');
  await expect(breaking).toContainText('Breaking: a removed operation.');
  await expect(breaking).toContainText('enum value SMART_CHARGE_SOLAR removed');
  await page.goto('/api#operation/updateEvPreferences');
  const operation = page.locator('[id="operation/updateEvPreferences"]');
  await operation.getByRole('link', { name: 'Changed in this preview' }).click();
  await expect(page).toHaveURL('/api/changes#updateEvPreferences');
  await expect(page.locator('[id="updateEvPreferences"]')).toBeInViewport();
  await page.goto('/api#operation/getCountries');
  await expect(
    page.locator('[id="operation/getCountries"]').getByRole('link', { name: 'Changed in this preview' }),
  ).toHaveCount(0);
});
