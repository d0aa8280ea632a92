import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { SECURITY_HEADERS } from '../lib/deploy/headers.mjs';

export { seriousFindings } from './axe';

interface Fixtures {
  /** Console errors a test expects (e.g. the 404 of an unknown route); any other fails the test. */
  allowedConsoleErrors: RegExp[];
  consoleErrors: string[];
}

/** Every test fails on a page error, an unexpected console error or a Content-Security-Policy violation. */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // Anything the Content-Security-Policy blocks fails the test too, with what was blocked.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'an inline script'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(errors);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page: the colour toggle is disabled until then. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /Switch between dark and light mode/ })).toBeEnabled();
}

/** Waits until the element `id` is in view, its top just under the sticky navbar (or the top, when the jump hid it). */
export async function expectInViewBelowNavbar(page: Page, id: string): Promise<void> {
  const target = page.locator(`[id="${id}"]`);
  await expect(target).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => {
      const navbarBottom = await page
        .getByRole('navigation', { name: 'Main' })
        .evaluate((nav) => nav.getBoundingClientRect().bottom);
      const top = await target.evaluate((element) => element.getBoundingClientRect().top);
      return top >= navbarBottom - 1 && top < navbarBottom + 120;
    })
    .toBe(true);
}

/**
 * Every security header of lib/deploy/headers.mjs (the one source for next.config.mjs and the static export's host
 * configuration), with its exact value, on a response's headers (lower-case names, as Playwright gives them).
 */
export function expectSecurityHeaders(headers: Record<string, string>, where: string): void {
  for (const { key, value } of SECURITY_HEADERS) expect(headers[key.toLowerCase()], `${key} on ${where}`).toBe(value);
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth ?? 0);
}

/** Where this build's search index is: the build names its files by content, and every page's head says where. */
export async function searchIndexUrl(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/docs/locations')).text();
  const url = /<meta name="kilowise-search-index" content="([^"]+)"/.exec(html)?.[1];
  if (!url) throw new Error('/docs/locations has no <meta name="kilowise-search-index">');
  return url;
}
