import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { markdownToSafeHtml } from '../lib/openapi/markdown';
import { expect, expectSecurityHeaders, searchIndexUrl, test } from './fixtures';

const HOSTILE_DESCRIPTION =
  'Lists locations. <script>window.__pwned = "script"</script><img src="x" onerror="window.__pwned = \'onerror\'">';
const DESCRIPTION_IN_PAGE = '<div class="operation__description"><p>Returns every location';

/** Serves /api with `html` in front of getLocations' description, as if the contract's description held it. */
async function serveApiWithDescription(page: Page, html: string): Promise<void> {
  await page.route('**/api', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    expect(body).toContain(DESCRIPTION_IN_PAGE);
    await route.fulfill({
      response,
      body: body.replace(DESCRIPTION_IN_PAGE, `<div class="operation__description">${html}<p>Returns every location`),
    });
  });
}

test.describe('Security headers', () => {
  for (const [what, path] of [
    ['an HTML page', '/docs/locations'],
    ['a static asset', '/img/logo.svg'],
  ] as const) {
    test(`${what} carries them`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expectSecurityHeaders(response.headers(), path);
    });
  }

  test('the search index carries them, and comes compressed (issue #50: 138 KB where gzip makes it 38)', async ({
    request,
  }) => {
    const index = await searchIndexUrl(request);
    for (const path of [index, index.replace(/index\.json$/, 'passages.json')]) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(response.headers()['content-encoding'], path).toBe('gzip');
      expectSecurityHeaders(response.headers(), path);
    }
  });

  test("Next's own redirects carry them: a trailing slash and a repeated one (lib/deploy/trace.ts)", async ({
    request,
  }) => {
    for (const path of ['/docs/locations/', '/docs//locations']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(308);
      expect(response.headers()['location'], path).toBe('/docs/locations');
      expectSecurityHeaders(response.headers(), path);
    }
  });

  test('a page allows only its own scripts: no unsafe-inline or unsafe-eval, and the API origin for Live mode', async ({
    page,
  }) => {
    await page.goto('/playground');
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    const scriptSrc = /script-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '';
    expect(scriptSrc.split(' ')[0]).toBe("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(policy).toContain("connect-src 'self' https://api.kilowise.io");
    expect(policy).toContain("default-src 'self'");
  });
});

test.describe('Markup in a spec description stays inert', () => {
  test('the pipeline strips <script> and onerror=, so nothing runs and the policy has nothing to block', async ({
    page,
  }) => {
    const safe = markdownToSafeHtml(HOSTILE_DESCRIPTION) ?? '';
    expect(safe).not.toMatch(/<script|onerror/i);
    await serveApiWithDescription(page, safe);
    await page.goto('/api#operation/getLocations');
    await expect(page.locator('[id="operation/getLocations"] .operation__description')).toContainText(
      'Lists locations.',
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  test.describe('and if markup ever got past the pipeline', () => {
    // The image's own request fails (its src is "x"), which is what fires its onerror.
    test.use({
      allowedConsoleErrors: [/Content Security Policy|CSP violation|404 \(Not Found\) \(http:\/\/[^)]*\/x\)$/],
    });

    test('the policy blocks the script and the handler', async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('CSP violation')) violations.push(message.text());
      });
      await serveApiWithDescription(page, HOSTILE_DESCRIPTION.replace('Lists locations. ', '<p>Lists locations.</p>'));
      await page.goto('/api#operation/getLocations');
      await expect(page.locator('[id="operation/getLocations"] .operation__description')).toContainText(
        'Lists locations.',
      );
      await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    });
  });
});

test.describe('Odd requests, answered cleanly (proxy.ts)', () => {
  test('methods other than GET and HEAD get 405 with Allow, on a page, the home page and a static file; /mcp keeps its own three', async ({
    request,
  }) => {
    for (const path of ['/docs/locations', '/', '/img/logo.svg', '/docs/locations.md']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await request.fetch(path, { method });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()['allow'], `${method} ${path}`).toBe('GET, HEAD');
        expect(response.headers()['x-content-type-options'], `${method} ${path}`).toBe('nosniff');
      }
    }
    expect((await request.head('/docs/locations')).status()).toBe(200);
    const mcp = await request.post('/mcp', {
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      data: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
      },
    });
    expect(mcp.status()).toBe(200);
    // /mcp skips proxy.ts; OPTIONS names the methods it serves (POST, DELETE), and its other methods get 405 naming them, with
    // the security headers.
    const options = await request.fetch('/mcp', { method: 'OPTIONS' });
    expect(options.status()).toBe(204);
    expect(options.headers()['allow']).toBe('POST, DELETE');
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH']) {
      const response = await request.fetch('/mcp', { method });
      expect(response.status(), `${method} /mcp`).toBe(405);
      expect(response.headers()['allow'], `${method} /mcp`).toBe('POST, DELETE');
      expect(response.headers()['x-content-type-options'], `${method} /mcp`).toBe('nosniff');
    }
    // …and a path that only starts like it is a page path like any other.
    expect((await request.post('/mcpx')).status()).toBe(405);
  });

  test('TRACE gets 405 with Allow and the security headers, not a bare 500 (lib/deploy/trace.ts)', async ({
    request,
  }) => {
    for (const [path, allow] of [
      ['/docs/locations', 'GET, HEAD'],
      ['/mcp', 'POST, DELETE'],
    ] as const) {
      const response = await request.fetch(path, { method: 'TRACE' });
      expect(response.status(), path).toBe(405);
      expect(response.headers()['allow'], path).toBe(allow);
      expect(response.headers()['x-frame-options'], path).toBe('DENY');
    }
    // A method no route handler can export gets the same on /mcp, where it was a bare 400 without Allow.
    const propfind = await request.fetch('/mcp', { method: 'PROPFIND' });
    expect(propfind.status()).toBe(405);
    expect(propfind.headers()['allow']).toBe('POST, DELETE');
  });

  test('an absolute-form request target names no host for a redirect (lib/deploy/trace.ts)', async ({ baseURL }) => {
    const { port } = new URL(baseURL ?? '');
    for (const target of ['http://evil.example/docs/', 'http://evil.example/sdk']) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const location = /\r\nlocation: ([^\r]*)\r\n/i.exec(answer)?.[1];
      expect(location, target).toMatch(/^\/[^/\\]/);
    }
  });

  test('a malformed percent-encoding gets 400 with the security headers, not a bare 500', async ({ request }) => {
    for (const [path, status] of [
      ['/docs/%', 400],
      ['/docs/%00', 400],
      ['/docs/a%5Cb', 400],
      ['/%ff.md', 404],
      ['/docs/%C0%AFx', 404],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(response.headers()['x-frame-options'], path).toBe('DENY');
    }
  });

  test('pages, Markdown twins and the search index revalidate; only hashed assets are kept a year', async ({
    request,
    page,
  }) => {
    for (const path of ['/docs/locations', '/docs/locations.md', '/llms.txt', '/api/changes']) {
      expect((await request.get(path)).headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    }
    await page.goto('/docs/locations');
    const asset = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    expect((await request.get(asset as string)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
