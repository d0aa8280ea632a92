import type { Area } from './paths';
import type { DocsVersionConfig } from './schema';

/** A docs version as pages and the navbar use it (browser-safe: no server imports). */
export interface DocsVersion {
  area: Area;
  name: string;
  label: string;
  /** The first version of an area is the current one. */
  current: boolean;
  unmaintained: boolean;
  /** The URL prefix of its pages: `/sdk`, `/sdk/1.x`. */
  prefix: string;
  /** The page its main doc is at. */
  mainUrl: string;
  /** The sidebar its pages show. */
  sidebarId: string;
  /** Every page of this version, to find a page's counterpart in another version. */
  urls: string[];
}

/** Raised for a docs version whose configuration points at nothing; names the entry. */
export class DocsVersionConfigError extends Error {
  override name = 'DocsVersionConfigError';
}

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * Resolves the configured versions of every area: main doc URLs and the pages of each version (an
 * area's current version owns its pages minus those of its older versions).
 */
export function resolveDocsVersions(
  config: Partial<Record<Area, readonly DocsVersionConfig[]>>,
  pages: readonly string[],
  pageUrlById: (docId: string) => string | undefined,
): DocsVersion[] {
  return (Object.entries(config) as [Area, readonly DocsVersionConfig[]][]).flatMap(([area, versions]) => {
    const prefixes = versions.map((version) => `/${version.docs}`);
    return versions.map((version, index): DocsVersion => {
      const mainUrl = pageUrlById(version.mainDocId);
      if (!mainUrl) {
        throw new DocsVersionConfigError(
          `site config: docsVersions.${area}[${index}].mainDocId: unknown doc id "${version.mainDocId}"`,
        );
      }
      const prefix = prefixes[index] ?? `/${area}`;
      const deeper = prefixes.filter((other) => other !== prefix && other.startsWith(`${prefix}/`));
      const urls = pages.filter((url) => under(url, prefix) && !deeper.some((other) => under(url, other)));
      if (urls.length === 0)
        throw new DocsVersionConfigError(
          `site config: docsVersions.${area}[${index}].docs: no page in content/${version.docs}`,
        );
      return {
        area,
        name: version.name,
        label: version.label,
        current: index === 0,
        unmaintained: version.banner === 'unmaintained',
        prefix,
        mainUrl,
        sidebarId: version.sidebars[0] ?? area,
        urls,
      };
    });
  });
}

/** The version a page belongs to: the one with the longest matching prefix. */
export function versionOfPath(versions: readonly DocsVersion[], pathname: string): DocsVersion | undefined {
  return versions
    .filter((version) => under(pathname, version.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
}

/** The versions of one area, current first. */
export function versionsOfArea(versions: readonly DocsVersion[], area: Area): DocsVersion[] {
  return versions.filter((version) => version.area === area);
}

/** The same page in another version, or that version's main doc when it has no such page. */
export function counterpartUrl(pathname: string, from: DocsVersion, to: DocsVersion): string {
  const candidate = `${to.prefix}${pathname.slice(from.prefix.length)}`;
  return to.urls.includes(candidate) ? candidate : to.mainUrl;
}
