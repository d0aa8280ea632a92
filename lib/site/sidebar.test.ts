import { describe, expect, it } from 'vitest';
import {
  appendToEntry,
  breadcrumbTrail,
  buildSidebar,
  flattenSidebar,
  neighbours,
  type SidebarItem,
  type SidebarPageInput,
} from './sidebar';

const page = (sourceFilePath: string, title: string, sidebarPosition?: number, url?: string): SidebarPageInput => ({
  docId: sourceFilePath.replace(/(\/index)?\.mdx$/, ''),
  url: url ?? `/${sourceFilePath.replace(/(\/index)?\.mdx$/, '')}`,
  title,
  sidebarPosition,
  sourceFilePath,
});

const docsPages = [
  page('index.mdx', 'Home', 0, '/'),
  page('docs/locations.mdx', 'Locations', 2),
  page('docs/prerequisites.mdx', 'Prerequisites', 1),
  page('docs/vehicles/index.mdx', 'Vehicles'),
  page('docs/vehicles/smartcar.mdx', 'Smartcar', 2),
  page('docs/vehicles/enode.mdx', 'Enode', 1),
  page('docs/zebra.mdx', 'Zebra'),
];
const categories = [{ dir: 'docs/vehicles', label: 'Vehicles', position: 3, collapsed: true }];

describe('buildSidebar', () => {
  const sidebar = buildSidebar('docs', docsPages, categories);

  it('orders by position, puts the home page first and makes folders categories', () => {
    expect(sidebar.map((item) => item.label)).toEqual(['Home', 'Prerequisites', 'Locations', 'Vehicles', 'Zebra']);
    const vehicles = sidebar[3];
    expect(vehicles).toMatchObject({ type: 'category', href: '/docs/vehicles', label: 'Vehicles' });
    expect(vehicles?.type === 'category' && vehicles.items.map((item) => item.label)).toEqual(['Enode', 'Smartcar']);
  });

  it('reads in order for previous and next, the category page before its children', () => {
    expect(flattenSidebar(sidebar).map((link) => link.href)).toEqual([
      '/',
      '/docs/prerequisites',
      '/docs/locations',
      '/docs/vehicles',
      '/docs/vehicles/enode',
      '/docs/vehicles/smartcar',
      '/docs/zebra',
    ]);
    expect(neighbours(sidebar, '/docs/vehicles')).toMatchObject({
      previous: { href: '/docs/locations' },
      next: { href: '/docs/vehicles/enode' },
    });
    expect(neighbours(sidebar, '/')).toMatchObject({ previous: undefined, next: { href: '/docs/prerequisites' } });
  });

  it('nests folders without pages of their own and labels them from _category_.json', () => {
    const sdk = buildSidebar(
      'sdk',
      [
        page('sdk/getting-started.mdx', 'Getting started', 1),
        page('sdk/packages/kilowise-ui/index.mdx', 'kilowise-ui'),
      ],
      [{ dir: 'sdk/packages', label: 'Packages', position: 5, collapsed: false }],
    );
    expect(sdk[1]).toMatchObject({ type: 'category', label: 'Packages', href: undefined, collapsed: false });
    // A folder holding only its index page is a plain link.
    expect(sdk[1]?.type === 'category' && sdk[1].items).toEqual([
      { type: 'link', label: 'kilowise-ui', href: '/sdk/packages/kilowise-ui', docId: 'sdk/packages/kilowise-ui' },
    ]);
    expect(breadcrumbTrail(sdk, '/sdk/packages/kilowise-ui')).toEqual([
      { label: 'Packages', href: undefined },
      { label: 'kilowise-ui', href: '/sdk/packages/kilowise-ui' },
    ]);
  });
});

describe('appendToEntry', () => {
  const generated: SidebarItem[] = [
    { type: 'link', label: 'Versions', href: '/sdk/packages/kilowise-ui/versions', docId: 'v' },
  ];
  const packages: SidebarItem[] = [
    {
      type: 'category',
      label: 'Packages',
      collapsed: false,
      items: [
        { type: 'link', label: 'kilowise-ui', href: '/sdk/packages/kilowise-ui', docId: 'ui' },
        {
          type: 'category',
          label: 'kilowise-client',
          href: '/sdk/packages/kilowise-client',
          docId: 'c',
          collapsed: true,
          items: [],
        },
      ],
    },
  ];

  it('turns a link into a category that keeps its page and holds the generated pages', () => {
    const [root] = appendToEntry(packages, '/sdk/packages/kilowise-ui', generated);
    expect(root?.type === 'category' && root.items[0]).toEqual({
      type: 'category',
      label: 'kilowise-ui',
      href: '/sdk/packages/kilowise-ui',
      docId: 'ui',
      collapsed: true,
      items: generated,
    });
    // The generated page reads after its package, and the trail goes through it.
    const result = appendToEntry(packages, '/sdk/packages/kilowise-ui', generated);
    expect(neighbours(result, '/sdk/packages/kilowise-ui').next?.href).toBe('/sdk/packages/kilowise-ui/versions');
    expect(breadcrumbTrail(result, '/sdk/packages/kilowise-ui/versions').map((crumb) => crumb.label)).toEqual([
      'Packages',
      'kilowise-ui',
      'Versions',
    ]);
  });

  it('appends to a category, and fails when no entry links to the page', () => {
    const [root] = appendToEntry(packages, '/sdk/packages/kilowise-client', generated);
    expect(root?.type === 'category' && root.items[1]?.type === 'category' && root.items[1].items).toEqual(generated);
    expect(() => appendToEntry(packages, '/sdk/packages/kilowise-nope', generated)).toThrow(
      'sidebar: no entry links to /sdk/packages/kilowise-nope',
    );
  });
});
