import type { SiteConfigInput } from './schema';

/**
 * The one place that names the product. Everything else reads these values through `siteConfig`
 * (lib/site/index.ts), which validates them.
 */
export const siteConfigInput = {
  productName: 'Kilowise',
  productSlug: 'kilowise',
  title: 'Kilowise',
  tagline: 'The official Kilowise developer documentation',
  url: 'https://developers.kilowise.io',
  editUrlBase: 'https://github.com/kilowise/developer-docs/edit/main/',
  sourceUrlBase: 'https://github.com/kilowise/developer-docs/blob/main/',
  announcementBar: {
    id: 'api-v2-2025',
    content:
      'The partner API v2 is live. Read the <a href="/docs/prerequisites">prerequisites</a> to get your API key.',
    backgroundColor: '#0f5132',
    textColor: '#ffffff',
    isCloseable: true,
  },
  navbar: {
    title: 'Kilowise',
    logo: {
      src: '/img/logo.svg',
      srcDark: '/img/logo-dark.svg',
      alt: 'Kilowise logo',
      width: 32,
      height: 32,
      href: '/',
    },
    style: 'primary',
    hideOnScroll: true,
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
      { type: 'docSidebar', sidebarId: 'sdk', label: 'SDK', position: 'left' },
      { type: 'default', label: 'API', href: '/api', position: 'left' },
      { type: 'default', label: 'Playground', href: '/playground', position: 'left' },
      {
        type: 'docsVersionDropdown',
        area: 'sdk',
        allVersionsHref: '/sdk/packages/kilowise-client/versions',
        position: 'right',
      },
      { type: 'localeDropdown', position: 'right' },
      { type: 'search', position: 'right' },
      {
        type: 'default',
        label: 'GitHub',
        href: 'https://github.com/kilowise',
        ariaLabel: 'Kilowise on GitHub',
        icon: 'github',
        position: 'right',
      },
    ],
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  docsVersions: {
    sdk: [
      { name: 'current', label: '2.x', docs: 'sdk', mainDocId: 'sdk/getting-started', sidebars: ['sdk'] },
      {
        name: '1.x',
        label: '1.x',
        docs: 'sdk/1.x',
        mainDocId: 'sdk/1.x/getting-started',
        sidebars: ['sdk-1.x'],
        banner: 'unmaintained',
      },
    ],
  },
  footer: {
    style: 'columns',
    columns: [
      {
        title: 'Docs',
        items: [
          { label: 'Getting started', href: '/docs/prerequisites' },
          { label: 'Smart charging', href: '/docs/smart-charging' },
          { label: 'SDK', href: '/sdk/getting-started' },
        ],
      },
      {
        title: 'Community',
        items: [{ label: 'LinkedIn', href: 'https://www.linkedin.com/company/kilowise' }],
      },
      {
        title: 'More',
        items: [
          { label: 'Kilowise', href: 'https://kilowise.io' },
          { label: 'GitHub', href: 'https://github.com/kilowise' },
        ],
      },
    ],
    copyright: 'Copyright © 2025 Kilowise.',
  },
  i18n: { defaultLocale: 'en', locales: { en: { label: 'English', htmlLang: 'en' } } },
} satisfies SiteConfigInput;
