import { describe, expect, it } from 'vitest';
import { isDownloadHref, isExternalHref, isWebHref } from './href';

describe('isExternalHref', () => {
  it('is true for any scheme and protocol-relative links, false for paths and anchors', () => {
    for (const href of [
      'https://github.com/kilowise',
      'HTTP://x.test',
      'mailto:partners@kilowise.io',
      'tel:+46',
      '//cdn.test/a.js',
    ]) {
      expect(isExternalHref(href), href).toBe(true);
    }
    for (const href of ['/docs/locations', '#errors', '/api#operation/getLocations', 'installation', '']) {
      expect(isExternalHref(href), href).toBe(false);
    }
  });
});

describe('isWebHref', () => {
  it('is true only for links to other websites', () => {
    expect(isWebHref('https://github.com/kilowise')).toBe(true);
    expect(isWebHref('//cdn.test/a.js')).toBe(true);
    expect(isWebHref('mailto:partners@kilowise.io')).toBe(false);
    expect(isWebHref('/docs/locations')).toBe(false);
  });
});

describe('isDownloadHref', () => {
  it('is true for a script of this site, false for pages, other files and other sites', () => {
    expect(isDownloadHref('/sandbox/kilowise-sandbox.mjs')).toBe(true);
    expect(isDownloadHref('/sandbox/kilowise-sandbox.mjs#top')).toBe(true);
    for (const href of [
      '/docs/sandbox',
      '/openapi.yaml',
      '/docs/sandbox.md',
      '#x.mjs',
      'https://cdn.test/a.mjs',
      '/a.mjs.html',
    ])
      expect(isDownloadHref(href), href).toBe(false);
  });
});
