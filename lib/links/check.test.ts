import { describe, expect, it } from 'vitest';
import {
  checkLinks,
  descriptionHrefs,
  findDuplicateRoutes,
  findMarkdownFileLinks,
  formatProblem,
  type BuiltPage,
} from './check';

const guideSource = [
  '---',
  'title: Locations',
  '---',
  '',
  'Read [spot prices](/docs/spot-prices#units).',
  '',
  'See [the API](/api#operation/missingOp).',
  'And [gone](/docs/gone).',
].join('\n');

const pages: BuiltPage[] = [
  {
    route: '/docs/locations',
    html: '<main><h2 id="add-a-location">Add</h2><a href="/docs/spot-prices#units">x</a><a href="/api#operation/missingOp">y</a><a href="/docs/gone">z</a><a href="#add-a-location">self</a><a href="https://example.com">ext</a><a href="/img/logo.svg">logo</a><a href="/docs/spot-prices#read-prices">toc</a></main><script>self.__next_f.push(["<a href=\\"/docs/also-gone\\">"])</script>',
    source: { file: 'content/docs/locations.mdx', text: guideSource },
  },
  {
    route: '/docs/spot-prices',
    html: '<h2 id="units">Units</h2><h2 id="read-prices">Read</h2><a href="/playground">nav</a>',
  },
  {
    route: '/api',
    html: '<section id="operation/getLocations"></section><a href="#schema/Location">Location</a>',
    extraHtml: ['<section id="schema/Location"></section>'],
  },
];

const options = {
  isStaticFile: (path: string) => path === '/img/logo.svg',
  locateInConfig: (href: string) => (href === '/playground' ? 'lib/site/config.ts:31' : undefined),
};

describe('checkLinks', () => {
  it('reports each broken link once, with the file and line it was written on and the target', () => {
    const problems = checkLinks(pages, options).map(formatProblem);
    expect(problems).toEqual([
      'content/docs/locations.mdx:7: /api#operation/missingOp (no element with id "operation/missingOp" on /api)',
      'content/docs/locations.mdx:8: /docs/gone (no page at this path)',
      'lib/site/config.ts:31: /playground (no page at this path)',
    ]);
  });

  it('passes when every link and anchor resolves, counting on-demand fragments as part of their page', () => {
    const healthy = pages.map((page) => ({
      ...page,
      html: page.html.replace(/<a href="(\/api#operation\/missingOp|\/docs\/gone|\/playground)">[^<]*<\/a>/g, ''),
    }));
    expect(checkLinks(healthy, options)).toEqual([]);
  });
});

describe('warnings', () => {
  it('flags Markdown file links with their line', () => {
    expect(
      findMarkdownFileLinks('content/docs/a.mdx', 'Intro\n\nSee [b](./b.md) and [c](../c.mdx#x).').map(formatProblem),
    ).toEqual([
      'content/docs/a.mdx:3: ./b.md (Markdown file link; link to the page URL instead (e.g. /docs/locations))',
      'content/docs/a.mdx:3: ../c.mdx#x (Markdown file link; link to the page URL instead (e.g. /docs/locations))',
    ]);
  });

  it('flags duplicate routes', () => {
    expect(
      findDuplicateRoutes([
        { url: '/docs/vehicles', file: 'content/docs/vehicles.mdx' },
        { url: '/docs/vehicles', file: 'content/docs/vehicles/index.mdx' },
        { url: '/docs/locations', file: 'content/docs/locations.mdx' },
      ]).map(formatProblem),
    ).toEqual([
      'content/docs/vehicles.mdx, content/docs/vehicles/index.mdx: /docs/vehicles (duplicate route: these files map to the same URL)',
    ]);
  });
});

describe('descriptionHrefs', () => {
  it('collects the links of every description in the model, however deep, and no other link', () => {
    const model = {
      descriptionHtml: '<p>See <a href="/rest/overview">the overview</a>.</p>',
      referenceHtml: '<a href="#operation/getLocations">rendered by the site</a>',
      tags: [
        {
          operations: [
            {
              descriptionHtml: '<p><a href="#set-permissions">x</a> and <a href="/a?b=1&amp;c=2">y</a></p>',
              body: { schema: { properties: [{ descriptionHtml: '<a href="/deep">z</a>' }] } },
            },
          ],
        },
      ],
    };
    expect([...descriptionHrefs(model)].sort()).toEqual(['#set-permissions', '/a?b=1&c=2', '/deep', '/rest/overview']);
  });
});
