// The static export (out/, `npm run build:static`) as nginx serves it with the generated deploy/nginx.conf:
// one page of each kind, the files beside them, the headers, and the router's client-side navigation.
import { existsSync, readdirSync } from 'node:fs';
import { expect, expectSecurityHeaders, searchIndexUrl, test, waitForHydration } from './fixtures';

const PAGES = [
  { kind: 'home', path: '/', heading: 'Kilowise developer documentation' },
  { kind: 'guide', path: '/docs/locations', heading: 'Locations' },
  { kind: 'API reference', path: '/api', heading: 'Kilowise partner API' },
  { kind: 'SDK guide', path: '/sdk/getting-started', heading: 'Getting started with the SDK' },
  {
    kind: 'TypeDoc page',
    path: '/sdk/packages/kilowise-client/typedoc/classes/KilowiseClient',
    heading: 'KilowiseClient',
  },
  { kind: 'versions page', path: '/sdk/packages/kilowise-client/versions', heading: 'kilowise-client versions' },
  { kind: 'package playground', path: '/sdk/packages/kilowise-ui/playground', heading: 'kilowise-ui playground' },
  { kind: 'recipe', path: '/docs/recipes/link-wallbox-account', heading: 'Linking a Wallbox account' },
  { kind: 'API changelog', path: '/docs/changelog', heading: 'API changelog' },
  { kind: 'playground', path: '/playground', heading: 'API playground' },
  { kind: 'older docs version', path: '/sdk/1.x/getting-started', heading: 'Getting started' },
];

test.describe('the static export, served by nginx', () => {
  for (const { kind, path, heading } of PAGES) {
    test(`a ${kind} (${path}) is served with its heading, precompressed, and no console error`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-encoding']).toBe('br');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      await waitForHydration(page);
    });
  }

  test('the files beside the pages: Markdown twins, llms.txt, the search index, OpenGraph images, sitemap, robots', async ({
    request,
  }) => {
    const expectations: [string, RegExp][] = [
      ['/docs/locations.md', /^text\/markdown/],
      ['/index.md', /^text\/markdown/],
      ['/llms.txt', /^text\/plain/],
      ['/llms-full.txt', /^text\/plain/],
      ['/openapi.json', /^application\/json/],
      ['/og/docs/locations.png', /^image\/png/],
      ['/sitemap.xml', /xml/],
      ['/robots.txt', /^text\/plain/],
      ['/generated/package-playground/frame.html', /^text\/html/],
    ];
    expectations.push([await searchIndexUrl(request), /^application\/json/]);
    for (const [path, type] of expectations) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(type);
    }
    expect(await (await request.get('/docs/locations.md')).text()).toContain('# Locations');
  });

  test('gzip for a client without brotli, and the security and cache headers', async ({ request }) => {
    const page = await request.get('/docs/locations', { headers: { 'accept-encoding': 'gzip' } });
    const headers = page.headers();
    expect(headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(headers, '/docs/locations on nginx');
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // The page's own policy, with the hashes of its inline scripts, is in its <meta>.
    expect(await page.text()).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*script-src/);

    const asset = (await page.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(asset).toMatch(/^\/_next\/static\/chunks\/[\w.~-]+\.js$/);
    const assetHeaders = (await request.get(asset ?? '')).headers();
    expect(assetHeaders['cache-control']).toBe('public, max-age=31536000, immutable');

    const frame = (await request.get('/generated/package-playground/frame.html')).headers();
    expect(frame['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('redirects: a trailing slash, the section roots; other methods get 405 with Allow', async ({ request }) => {
    const slash = await request.get('/docs/locations/', { maxRedirects: 0 });
    expect(slash.status()).toBe(308);
    expect(slash.headers()['location']).toBe('/docs/locations');
    const docs = await request.get('/docs', { maxRedirects: 0 });
    expect(docs.status()).toBe(307);
    expect(docs.headers()['location']).toBe('/');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await request.fetch('/docs/locations', { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers()['allow'], method).toBe('GET, HEAD');
    }
  });

  test('a malformed percent-encoding gets 400 or 404, not a 500', async ({ request }) => {
    for (const path of ['/docs/%', '/%ff.md']) expect([400, 404], path).toContain((await request.get(path)).status());
  });

  test('a trailing slash redirects only to a path of the site, whatever the encoding; the rest is refused', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    // Decoded, these start with a backslash, a tab or two slashes: a browser would follow a Location written from
    // them to evil.example. A full URL, so the client sends the path as written rather than resolving //evil.example.
    for (const path of ['/%5Cevil.example/', '/%09/evil.example/', '//evil.example/', '/%2F%2Fevil.example/']) {
      const response = await request.get(`${origin}${path}`, { maxRedirects: 0 });
      const location = response.headers()['location'];
      if (location === undefined) {
        expect([400, 404], path).toContain(response.status());
        expectSecurityHeaders(response.headers(), `${path} on nginx`);
      } else {
        expect(location, path).toMatch(/^\/[^/\\\s]/);
        expect(location, path).not.toMatch(/[\x00-\x1f\\]/);
        expect(new URL(location, origin).origin, path).toBe(origin);
      }
    }
  });

  test('the files behind the URLs are 404 by name, as under next start', async ({ request }) => {
    for (const path of [
      '/index.html',
      '/404.html',
      '/docs/locations.html',
      '/docs/locations.html.gz',
      '/docs/locations.md.br',
    ])
      expect((await request.get(path)).status(), path).toBe(404);
  });

  test('every path answers the status it answers under next start', async ({ request, baseURL }) => {
    const nginx = new URL(baseURL ?? '').origin;
    // The chromium project's next start, on the port below nginx's (playwright.config.ts).
    const next = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}`;
    // A build of /api's HTML that both serve (out/ keeps the builds before, which next start no longer has).
    const served = readdirSync('out/generated/api').filter((build) => existsSync(`public/generated/api/${build}`));
    expect(served.length).toBeGreaterThan(0);
    const paths = [
      ...[
        '/',
        '/docs/locations',
        '/api',
        '/docs/locations.md',
        '/index.md',
        '/llms.txt',
        '/robots.txt',
        '/sitemap.xml',
      ],
      ...['/index', '/404', '/index.html', '/404.html', '/docs/locations.html', '/_not-found', '/nonexistent'],
      ...['/docs/locations.rsc', '/index.rsc', '/api.rsc', '/index.segments/_index.segment.rsc', '/404.md'],
      ...['/docs/locations/', '/docs', '/sdk', '/generated', '/docs/locations.segments', '/docs/nonexistent.md'],
      ...['/_headers', '/_redirects', '/docs//locations', '/docs/locations%2F', '/%3F/x/', '/%3F/x', '///x/'],
      ...['/docs/locations/?a=1', '/md/docs/locations', '/md'],
      ...['/%C0%AF', '/%ff.md', '/docs/%00', '/docs/a%5Cb', '/docs/a%7Fb', '/docs/%E2%80%8B', '/_next/image'],
      '/_next/image?url=%2Fimg%2Flogo.svg&w=64&q=75',
      // A plain character or a slash spelt with a %-escape (the fourth probe): 404 on both, or first the redirect.
      ...[
        '/docs%2Flocations',
        '/%2Fdocs/locations',
        '/docs/locations%2Emd',
        '/docs/locations.m%64',
        '/%64ocs/locations',
      ],
      ...['/docs/loc%61tions', '/sdk%2Fpackages', '/%2F/', '/docs%2Flocations/', '/%2F%2Fevil.example/'],
      // A file under /generated/ by its own name only, as Next serves public/.
      ...served
        .slice(0, 1)
        .flatMap((build) => [`/generated/api/${build}/reference`, `/generated/api/${build}/reference.html`]),
    ];
    for (const path of paths) {
      const [fromNginx, fromNext] = await Promise.all(
        [`${nginx}${path}`, `${next}${path}`].map((url) => request.get(url, { maxRedirects: 0 })),
      );
      expect(fromNginx?.status(), `${path} on nginx and on next start`).toBe(fromNext?.status());
      expect(fromNginx?.headers()['location'], `${path}'s Location on nginx and on next start`).toBe(
        fromNext?.headers()['location'],
      );
    }
  });

  test('what needs a server is not there', async ({ request }) => {
    expect((await request.get('/mcp')).status()).toBe(404);
    expect((await request.get('/api/changes')).status()).toBe(404);
  });

  test('links navigate on the client, from the exported RSC payloads', async ({ page }) => {
    await page.goto('/docs/locations');
    await waitForHydration(page);
    await page.evaluate('window.__kilowiseSameDocument = true');
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Spot prices' }).click();
    await expect(page).toHaveURL('/docs/spot-prices');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spot prices');
    // The same document: the router fetched the payload, it did not load a new page.
    expect(await page.evaluate('window.__kilowiseSameDocument === true')).toBe(true);
  });

  test('without KILOWISE_INSIGHTS_URL the feedback widgets hide themselves and no insight is sent', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/insights')) sent.push(request.url());
    });
    await page.goto('/docs/locations');
    await waitForHydration(page);
    // The widget is in the page (it shows where a server of ours takes insights: e2e/insights.spec.ts), hidden here.
    await expect(page.locator('.feedback[role="group"]')).toHaveCount(1);
    await expect(page.locator('.feedback[role="group"]')).toBeHidden();
    await page.goto('/api#operation/addLocation');
    await waitForHydration(page);
    const operation = page.locator('[id="operation/addLocation"]');
    await expect(operation.locator('.sample-flag')).toHaveCount(1);
    await expect(operation.locator('.sample-flag')).toBeHidden();
    await expect(operation.locator('.feedback--static[role="group"]')).toBeHidden();
    // A copy, a search and leaving the page would each queue an event; with nowhere to go, none is sent.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search' }).fill('spot price');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/docs/spot-prices');
    await waitForHydration(page);
    await page.waitForTimeout(2500);
    expect(sent).toEqual([]);
  });

  test('an API anchor deep link, and a Redoc-style one, land on the operation', async ({ page }) => {
    await page.goto('/api#operation/getSpotPrices');
    await expect(page.locator('[id="operation/getSpotPrices"]')).toBeInViewport();
    await page.goto('/api#tag/Spot-prices/operation/getSpotPriceAreas');
    await expect(page.locator('[id="operation/getSpotPriceAreas"]')).toBeInViewport();
  });
});
