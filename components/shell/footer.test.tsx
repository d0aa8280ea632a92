import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  it('renders the simple style as one row of links separated by dots, with logo and copyright', () => {
    const html = renderToStaticMarkup(
      <Footer
        footer={{
          style: 'simple',
          links: [
            { label: 'Docs', href: '/' },
            { label: 'GitHub', href: 'https://github.com/kilowise' },
          ],
          logo: { src: '/img/logo.svg', alt: 'Kilowise logo', href: '/' },
          copyright: 'Copyright © 2025 Kilowise.',
        }}
      />,
    );
    expect(html).toContain('class="footer footer--simple"');
    expect(html).toMatch(
      />Docs<\/a><\/span><span><span class="footer__separator" aria-hidden="true"> · <\/span><a class="footer__link" href="https:\/\/github.com\/kilowise"/,
    );
    expect(html).toContain('alt="Kilowise logo"');
    expect(html).toContain('Copyright © 2025 Kilowise.');
  });

  it('renders columns with titles', () => {
    const html = renderToStaticMarkup(
      <Footer
        footer={{
          style: 'columns',
          columns: [
            { title: 'Community', items: [{ label: 'LinkedIn', href: 'https://www.linkedin.com/company/kilowise' }] },
          ],
        }}
      />,
    );
    expect(html).toContain('<h2 class="footer__title">Community</h2>');
    expect(html).toContain('target="_blank"');
  });
});
