import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from './schema';
import { siteConfigInput } from './config';
import { counterpartUrl, resolveDocsVersions, versionOfPath } from './versions';

const PAGES = [
  '/sdk/getting-started',
  '/sdk/installation',
  '/sdk/prerequisites',
  '/sdk/1.x/getting-started',
  '/sdk/1.x/installation',
  '/sdk/1.x/migrating-to-2',
];
const ids: Record<string, string> = {
  'sdk/getting-started': '/sdk/getting-started',
  'sdk/1.x/getting-started': '/sdk/1.x/getting-started',
};
const config = {
  sdk: [
    {
      name: 'current',
      label: '2.x',
      docs: 'sdk',
      mainDocId: 'sdk/getting-started',
      sidebars: ['sdk'],
      banner: 'none' as const,
    },
    {
      name: '1.x',
      label: '1.x',
      docs: 'sdk/1.x',
      mainDocId: 'sdk/1.x/getting-started',
      sidebars: ['sdk-1.x'],
      banner: 'unmaintained' as const,
    },
  ],
};

describe('docs versions', () => {
  const versions = resolveDocsVersions(config, PAGES, (id) => ids[id]);
  const [current, old] = versions;

  it('gives each version its pages: the current one owns the area minus the older folders', () => {
    expect(current).toMatchObject({ name: 'current', current: true, prefix: '/sdk', mainUrl: '/sdk/getting-started' });
    expect(current?.urls).toEqual(['/sdk/getting-started', '/sdk/installation', '/sdk/prerequisites']);
    expect(old).toMatchObject({ name: '1.x', current: false, unmaintained: true, sidebarId: 'sdk-1.x' });
    expect(old?.urls).toEqual(['/sdk/1.x/getting-started', '/sdk/1.x/installation', '/sdk/1.x/migrating-to-2']);
  });

  it('finds the version of a page by its longest prefix', () => {
    expect(versionOfPath(versions, '/sdk/1.x/installation')?.name).toBe('1.x');
    expect(versionOfPath(versions, '/sdk/installation')?.name).toBe('current');
    expect(versionOfPath(versions, '/docs/locations')).toBeUndefined();
  });

  it("maps a page to its counterpart, or to the version's main doc when there is none", () => {
    if (!current || !old) throw new Error('versions missing');
    expect(counterpartUrl('/sdk/installation', current, old)).toBe('/sdk/1.x/installation');
    expect(counterpartUrl('/sdk/prerequisites', current, old)).toBe('/sdk/1.x/getting-started');
    expect(counterpartUrl('/sdk/1.x/migrating-to-2', old, current)).toBe('/sdk/getting-started');
  });

  it('fails on a main doc that does not exist, naming the entry', () => {
    expect(() => resolveDocsVersions(config, PAGES, () => undefined)).toThrow(
      'site config: docsVersions.sdk[0].mainDocId: unknown doc id "sdk/getting-started"',
    );
  });

  it('validates the config: unique names, the current version first, folders below the area', () => {
    const withVersions = (sdk: unknown) => siteConfigSchema.safeParse({ ...siteConfigInput, docsVersions: { sdk } });
    const twice = withVersions([config.sdk[0], { ...config.sdk[1], name: 'current' }]);
    expect(twice.success || twice.error.issues[0]).toMatchObject({
      path: ['docsVersions', 'sdk', 1, 'name'],
      message: 'version "current" is listed twice',
    });
    const outside = withVersions([config.sdk[0], { ...config.sdk[1], docs: 'legacy', mainDocId: 'legacy/start' }]);
    expect(outside.success || outside.error.issues[0]?.message).toBe('an older version lives in a folder below "sdk/"');
    const wrongMain = withVersions([{ ...config.sdk[0], mainDocId: 'docs/locations' }, config.sdk[1]]);
    expect(wrongMain.success || wrongMain.error.issues[0]?.message).toBe(
      `"docs/locations" is not in the version's folder "sdk"`,
    );
  });
});
