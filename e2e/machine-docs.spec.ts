import { expect, test, waitForHydration } from './fixtures';

/** Docs for machines: llms.txt, the Markdown twin of every page, and OpenGraph images. */

const SITE = 'https://developers.kilowise.io';

test('/llms.txt lists the Markdown twin of every page of the sitemap, by area', async ({ request }) => {
  const llms = await (await request.get('/llms.txt')).text();
  expect(llms.startsWith('# Kilowise\n\n> The official Kilowise developer documentation')).toBe(true);
  expect(llms).toMatch(/^## Docs$[\s\S]*^## SDK$[\s\S]*^## API$/m);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  expect(pages.length).toBeGreaterThan(150);
  const missing = pages.filter((loc) => !llms.includes(`(${loc === `${SITE}/` ? `${SITE}/index` : loc}.md)`));
  expect(missing).toEqual([]);
});

test('Markdown twins answer text/markdown: clean Markdown with code blocks and tables kept', async ({ request }) => {
  const guide = await request.get('/docs/smart-charging.md');
  expect(guide.status()).toBe(200);
  expect(guide.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  const text = await guide.text();
  expect(text).toMatch(/^# Smart charging\n\n> /);
  expect(text).toContain('```bash');
  expect(text).not.toMatch(/<(Tabs|Tab|Admonition)\b/);
  // A package page's twin is its README; the client's method table becomes a Markdown table.
  const client = await (await request.get('/sdk/packages/kilowise-client.md')).text();
  expect(client).toMatch(/\| `kilowise\.locations\.list\(\)` +\|/);
  const symbol = await (await request.get('/sdk/packages/kilowise-ui/typedoc/functions/SocSlider.md')).text();
  expect(symbol).toContain("import { SocSlider } from 'kilowise-ui';");
  expect(symbol).toMatch(/\| `target` +\|/);
  expect((await request.get('/index.md')).headers()['content-type']).toBe('text/markdown; charset=utf-8');
});

test('/api.md has a section per operation with method, path, parameters, responses and a sample', async ({
  request,
}) => {
  const api = await (await request.get('/api.md')).text();
  expect(api).toContain('`GET /v2/kilowise/users/{userId}/locations` · operationId `getLocations`');
  expect(api).toContain('#### Parameters');
  expect(api).toContain('#### Responses');
  expect(api).toContain('#### Sample');
  expect(api.match(/ · operationId `/g)?.length).toBe(49);
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full).toContain('# Smart charging');
  expect(full).toContain('`GET /v2/kilowise/users/{userId}/locations`');
});

test('"Copy page" copies the page as Markdown', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/locations');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Copy page' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await (await page.request.get('/docs/locations.md')).text());
});

test('each page has an OpenGraph image that resolves to a PNG', async ({ page }) => {
  for (const url of ['/', '/docs/smart-charging', '/api', '/sdk/packages/kilowise-ui/typedoc/functions/SocSlider']) {
    await page.goto(url);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image, url).toMatch(/^https:\/\/developers\.kilowise\.io\/og\/.+\.png$/);
    const response = await page.request.get(new URL(image ?? '').pathname);
    expect(response.headers()['content-type'], url).toBe('image/png');
    expect((await response.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await page.locator('meta[property="og:description"]').getAttribute('content'), url).toMatch(/.{20,}/);
  }
});

test('the contract is published as /openapi.json and /openapi.yaml, equal to the pinned document, and linked', async ({
  page,
  request,
}) => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const pinned: unknown = parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8'));
  const json = await request.get('/openapi.json');
  expect(json.headers()['content-type']).toContain('application/json');
  expect(await json.json()).toEqual(pinned);
  const yaml = await request.get('/openapi.yaml');
  expect(yaml.headers()['content-type']).toContain('application/yaml');
  expect(parse(await yaml.text())).toEqual(pinned);
  expect(await (await request.get('/llms.txt')).text()).toContain(`${SITE}/openapi.json and ${SITE}/openapi.yaml`);
  expect(await (await request.get('/api.md')).text()).toContain(`[openapi.yaml](${SITE}/openapi.yaml)`);
  await page.goto('/api');
  await expect(page.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('href', '/openapi.json');
  await expect(page.getByRole('link', { name: 'openapi.yaml' })).toHaveAttribute('href', '/openapi.yaml');
});

test('the API changelog lists each version of the contract, the current one marked and breaking changes flagged', async ({
  page,
  request,
}) => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const { version } = (
    parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as { info: { version: string } }
  ).info;
  await page.goto('/docs/changelog');
  await expect(page.getByRole('heading', { level: 1, name: 'API changelog' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${version} Current` })).toBeVisible();
  const v2 = page.getByRole('region', { name: '2.0.0' });
  await expect(v2.getByText('Breaking', { exact: true }).first()).toBeVisible();
  await expect(v2.getByRole('link', { name: 'Reference' }).first()).toHaveAttribute('href', /^\/api#operation\//);
  await expect(page.getByRole('complementary').getByRole('link', { name: 'API changelog' })).toHaveAttribute(
    'href',
    '/docs/changelog',
  );
  const twin = await (await request.get('/docs/changelog.md')).text();
  expect(twin).toContain(`## ${version} (current)`);
});
