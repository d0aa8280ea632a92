import { describe, expect, it } from 'vitest';
import { isExternalHref, isWebHref } from './href';

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
