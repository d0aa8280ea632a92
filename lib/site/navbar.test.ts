import { describe, expect, it } from 'vitest';
import type { SidebarItem } from './sidebar';
import { resolveNavbarItems, type NavbarContext } from './navbar';
import { navbarItemSchema, type NavbarItem } from './schema';

const docsSidebar: SidebarItem[] = [
  { type: 'link', label: 'Home', href: '/', docId: 'index' },
  { type: 'link', label: 'Locations', href: '/docs/locations', docId: 'docs/locations' },
];

const context: NavbarContext = {
  pageUrlById: (docId) => ({ 'docs/locations': '/docs/locations' })[docId],
  isKnownRoute: (path) => ['/', '/docs/locations', '/api'].includes(path),
  sidebar: (area) => (area === 'docs' ? docsSidebar : []),
  versions: [],
  locales: [{ code: 'en', label: 'English' }],
  currentLocale: 'en',
};

const item = (value: unknown): NavbarItem => navbarItemSchema.parse(value);

describe('resolveNavbarItems', () => {
  it('links a sidebar item to its first page and marks all its pages active', () => {
    const [docs] = resolveNavbarItems([item({ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' })], context);
    expect(docs).toMatchObject({ kind: 'link', href: '/', activePaths: ['/', '/docs/locations'], position: 'left' });
  });

  it('resolves a doc id, and tells external links apart', () => {
    const resolved = resolveNavbarItems(
      [
        item({ type: 'doc', docId: 'docs/locations', label: 'Locations', position: 'right' }),
        item({ type: 'default', label: 'GitHub', href: 'https://github.com/kilowise' }),
        item({ type: 'default', label: 'API', href: '/api#operation/getLocations' }),
      ],
      context,
    );
    expect(resolved).toMatchObject([
      { kind: 'link', href: '/docs/locations', position: 'right', external: false },
      { kind: 'link', href: 'https://github.com/kilowise', external: true, activePaths: [] },
      { kind: 'link', href: '/api#operation/getLocations', external: false },
    ]);
  });

  it('fails naming the entry for an unknown sidebar, an empty sidebar, an unknown doc and an unversioned area', () => {
    const run = (value: unknown) => () => resolveNavbarItems([item(value)], context);
    expect(run({ type: 'docSidebar', sidebarId: 'blog', label: 'Blog' })).toThrow(
      /navbar\.items\[0\] \(type "docSidebar".*unknown sidebar id "blog"/,
    );
    expect(run({ type: 'docSidebar', sidebarId: 'sdk', label: 'SDK' })).toThrow(/sidebar "sdk" has nothing to link to/);
    expect(run({ type: 'doc', docId: 'docs/missing' })).toThrow(/navbar\.items\[0\].*unknown doc id "docs\/missing"/);
    expect(run({ type: 'docsVersionDropdown', area: 'sdk' })).toThrow(/area "sdk" has no docs versions configured/);
    expect(run({ type: 'default', label: 'Playground', href: '/playground' })).toThrow(
      /navbar\.items\[0\] \(type "default".*"\/playground" is not a page of this site/,
    );
  });

  it('keeps the locale dropdown with the configured locales', () => {
    expect(resolveNavbarItems([item({ type: 'localeDropdown', position: 'right' })], context)).toEqual([
      { kind: 'localeDropdown', position: 'right', locales: [{ code: 'en', label: 'English' }], current: 'en' },
    ]);
  });

  it('resolves a version dropdown and a version link for an area with versions', () => {
    const versions = [
      {
        area: 'sdk',
        name: 'current',
        label: '2.x',
        current: true,
        unmaintained: false,
        prefix: '/sdk',
        mainUrl: '/sdk/getting-started',
        sidebarId: 'sdk',
        urls: ['/sdk/getting-started'],
      },
      {
        area: 'sdk',
        name: '1.x',
        label: '1.x',
        current: false,
        unmaintained: true,
        prefix: '/sdk/1.x',
        mainUrl: '/sdk/1.x/getting-started',
        sidebarId: 'sdk-1.x',
        urls: ['/sdk/1.x/getting-started'],
      },
    ] as const;
    const versioned: NavbarContext = {
      ...context,
      versions: versions.map((version) => ({ ...version, urls: [...version.urls] })),
    };
    const [dropdown, link] = resolveNavbarItems(
      [
        item({ type: 'docsVersionDropdown', area: 'sdk', position: 'right' }),
        item({ type: 'docsVersion', area: 'sdk' }),
      ],
      versioned,
    );
    expect(dropdown).toMatchObject({ kind: 'versionDropdown', area: 'sdk', position: 'right' });
    expect(dropdown?.kind === 'versionDropdown' && dropdown.versions.map((version) => version.name)).toEqual([
      'current',
      '1.x',
    ]);
    expect(link).toMatchObject({ kind: 'link', label: '2.x', href: '/sdk/getting-started' });
  });
});
