import { describe, expect, it } from 'vitest';
import { parseWith } from '../validation';
import { siteConfigInput } from './config';
import { siteConfigSchema } from './schema';

const parse = (value: unknown) => parseWith(siteConfigSchema, value, 'site config');

describe('site config schema', () => {
  it('accepts the shipped config', () => {
    const config = parse(siteConfigInput);
    expect(config.productSlug).toBe('kilowise');
    expect(config.navbar.items.map((item) => ('label' in item ? item.label : item.type))).toEqual([
      'Docs',
      'SDK',
      'API',
      'Playground',
      'docsVersionDropdown',
      'localeDropdown',
      'search',
      'GitHub',
    ]);
  });

  it('names the entry of an unknown navbar item type', () => {
    const items = [...siteConfigInput.navbar.items, { type: 'carousel', label: 'Nope' }];
    expect(() => parse({ ...siteConfigInput, navbar: { ...siteConfigInput.navbar, items } })).toThrow(
      /site config: field "navbar\.items\[8\]\.type": Invalid discriminator value/,
    );
  });

  it('names a bad colour-mode value and an unexpected field', () => {
    const call = () =>
      parse({
        ...siteConfigInput,
        colorMode: { ...siteConfigInput.colorMode, defaultMode: 'sepia' },
        footer: { ...siteConfigInput.footer, colour: 'red' },
      });
    expect(call).toThrow(/field "colorMode\.defaultMode"/);
    expect(call).toThrow(/field "footer"/);
  });

  it('accepts the simple footer style with logo and copyright', () => {
    const footer = {
      style: 'simple',
      links: [
        { label: 'Docs', href: '/' },
        { label: 'GitHub', href: 'https://github.com/kilowise' },
      ],
      logo: { src: '/img/logo.svg', alt: 'Kilowise logo' },
      copyright: 'Copyright © 2025 Kilowise.',
    };
    expect(parse({ ...siteConfigInput, footer }).footer).toMatchObject({ style: 'simple', logo: { href: '/' } });
  });
});
