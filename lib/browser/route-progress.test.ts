import { describe, expect, it } from 'vitest';
import { startsNavigation, type LinkClick } from './route-progress';

const current = new URL('https://developers.kilowise.io/docs/locations?tab=curl#add-a-location');
const click = (overrides: Partial<LinkClick>): LinkClick => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  href: '/docs/spot-prices',
  target: null,
  download: false,
  ...overrides,
});

describe('startsNavigation', () => {
  it('starts for a plain click to another page or query', () => {
    expect(startsNavigation(click({}), current)).toBe(true);
    expect(startsNavigation(click({ href: '/docs/locations?tab=ts' }), current)).toBe(true);
  });

  it('does not start for a hash on the same page, another site, or a new tab', () => {
    expect(startsNavigation(click({ href: '/docs/locations?tab=curl#errors' }), current)).toBe(false);
    expect(startsNavigation(click({ href: 'https://github.com/kilowise' }), current)).toBe(false);
    expect(startsNavigation(click({ target: '_blank' }), current)).toBe(false);
    expect(startsNavigation(click({ download: true }), current)).toBe(false);
  });

  it('does not start for modified or non-left clicks, or handled ones', () => {
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(startsNavigation(click({ [modifier]: true }), current)).toBe(false);
    }
    expect(startsNavigation(click({ button: 1 }), current)).toBe(false);
    expect(startsNavigation(click({ defaultPrevented: true }), current)).toBe(false);
  });
});
