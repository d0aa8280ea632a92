import { describe, expect, it } from 'vitest';
import { FRAME_PATH, IMMUTABLE_CACHE, REVALIDATE_CACHE, SECURITY_HEADERS } from './headers.mjs';
import { exportedPath, headersFile, redirectsFile, SERVER_ROUTES, sitePathRules } from './static-export';

describe('exportedPath', () => {
  it('writes pages as .html, the home page as index.html', () => {
    expect(exportedPath('/', 'page')).toBe('index.html');
    expect(exportedPath('/docs/locations', 'page')).toBe('docs/locations.html');
  });

  it('writes route handlers at their URL, and the Markdown twins at the page URL plus .md', () => {
    expect(exportedPath('/llms.txt', 'file')).toBe('llms.txt');
    expect(exportedPath('/og/docs/locations.png', 'file')).toBe('og/docs/locations.png');
    expect(exportedPath('/md/docs/locations', 'file')).toBe('docs/locations.md');
    expect(exportedPath('/md/index', 'file')).toBe('index.md');
  });

  it('leaves out what needs a server and Next’s internal routes', () => {
    for (const route of Object.keys(SERVER_ROUTES)) expect(exportedPath(route, 'page')).toBeUndefined();
    expect(exportedPath('/_not-found', 'page')).toBeUndefined();
    expect(exportedPath('/_global-error', 'page')).toBeUndefined();
  });
});

/** Netlify-style rule matching: an exact path, or a prefix ending in `/*`. */
const matches = (rule: string, path: string) =>
  rule.endsWith('/*') ? path.startsWith(rule.slice(0, -1)) : path === rule;

describe('_headers', () => {
  const entries = [
    '/index.html',
    '/docs',
    '/api.html',
    '/_next',
    '/generated',
    '/generated/sandbox',
    `${FRAME_PATH}`,
    '/llms.txt',
    '/404.html',
  ];
  const file = headersFile(entries, false);
  const rules = file.split('\n\n').map((block) => block.replace(/^#.*\n/, '').split('\n'));

  it('matches no path twice, so hosts that join repeated headers send each once', () => {
    for (const path of [
      '/',
      '/docs/locations',
      '/api',
      '/_next/static/chunks/a.js',
      '/generated/sandbox/contract-1.json',
      `${FRAME_PATH}/frame.html`,
      '/llms.txt',
      '/404',
    ]) {
      const matching = rules.filter(([rule]) => matches(rule as string, path));
      expect(
        matching.map(([rule]) => rule),
        path,
      ).toHaveLength(1);
    }
  });

  it('keeps hashed assets a year and revalidates the rest; the frame gets its own policy', () => {
    const ruleFor = (path: string) => rules.find(([rule]) => matches(rule as string, path)) ?? [];
    expect(ruleFor('/_next/static/chunks/a.js')).toContain(`  Cache-Control: ${IMMUTABLE_CACHE}`);
    expect(ruleFor('/docs/locations')).toContain(`  Cache-Control: ${REVALIDATE_CACHE}`);
    expect(ruleFor('/docs/locations')).toContain(`  ${SECURITY_HEADERS[0]?.key}: ${SECURITY_HEADERS[0]?.value}`);
    expect(ruleFor(`${FRAME_PATH}/frame.html`).join('\n')).toContain("frame-ancestors 'self'");
    expect(ruleFor(`${FRAME_PATH}/frame.html`).join('\n')).not.toContain("frame-ancestors 'none'");
  });

  it('adds noindex to every rule of a preview', () => {
    expect(headersFile(entries, true).match(/X-Robots-Tag: noindex, nofollow/g)?.length).toBe(rules.length);
  });

  it('lists the top-level entries as rules, not the home page or /generated itself', () => {
    expect(sitePathRules(entries)).toEqual([
      '/',
      '/404',
      '/404/*',
      '/api',
      '/api/*',
      '/docs',
      '/docs/*',
      '/generated/sandbox',
      '/generated/sandbox/*',
      '/llms.txt',
      '/llms.txt/*',
    ]);
  });
});

describe('_redirects', () => {
  it('writes the site’s redirects and the favicon', () => {
    expect(redirectsFile()).toContain('/docs / 307');
    expect(redirectsFile()).toContain('/favicon.ico /img/logo.svg 200');
  });
});
