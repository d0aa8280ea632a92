import { AREAS, type Area } from './paths';
import { flattenSidebar, type SidebarItem } from './sidebar';
import { isExternalHref } from '../links/href';
import type { DocsVersion } from './versions';
import type { NavbarItem } from './schema';

/** A navbar item ready to render: every reference to a doc or sidebar turned into a URL. */
export type ResolvedNavbarItem =
  | {
      kind: 'link';
      label: string;
      href: string;
      position: 'left' | 'right';
      /** Path prefixes under which the item shows as active. */
      activePaths: string[];
      external: boolean;
      ariaLabel?: string;
      icon?: 'github';
      /** A link into a versioned area: it follows the reader's preferred version there. */
      versions?: DocsVersion[];
    }
  | {
      kind: 'versionDropdown';
      area: Area;
      position: 'left' | 'right';
      versions: DocsVersion[];
      allVersionsHref?: string;
    }
  | { kind: 'dropdown'; label: string; position: 'left' | 'right'; items: { label: string; href: string }[] }
  | { kind: 'html'; value: string; position: 'left' | 'right' }
  | { kind: 'localeDropdown'; position: 'left' | 'right'; locales: { code: string; label: string }[]; current: string }
  | { kind: 'search'; position: 'left' | 'right' };

/** What resolving needs to know of the content. */
export interface NavbarContext {
  pageUrlById(docId: string): string | undefined;
  /** True when an internal path is a page of this site (a guide or a standalone route). */
  isKnownRoute(path: string): boolean;
  sidebar(area: Area): readonly SidebarItem[];
  /** The docs versions of the versioned areas. */
  versions: readonly DocsVersion[];
  locales: readonly { code: string; label: string }[];
  currentLocale: string;
}

/** Raised when a navbar entry points at something that does not exist; names the entry. */
export class NavbarConfigError extends Error {
  override name = 'NavbarConfigError';
}

function describe(index: number, item: NavbarItem): string {
  return `site config: navbar.items[${index}] (type "${item.type}", ${JSON.stringify(item)})`;
}

function isArea(value: string): value is Area {
  return (AREAS as readonly string[]).includes(value);
}

type ItemOf<T extends NavbarItem['type']> = Extract<NavbarItem, { type: T }>;

/** A plain link: an external URL or a page of this site. */
function resolveLink(item: ItemOf<'default'>, index: number, context: NavbarContext): ResolvedNavbarItem {
  const path = item.href.split(/[?#]/)[0] ?? item.href;
  if (!isExternalHref(item.href) && !context.isKnownRoute(path)) {
    throw new NavbarConfigError(`${describe(index, item)}: "${item.href}" is not a page of this site`);
  }
  return {
    kind: 'link',
    label: item.label,
    href: item.href,
    position: item.position,
    activePaths: isExternalHref(item.href) ? [] : [item.activeBasePath ?? item.href],
    external: isExternalHref(item.href),
    ariaLabel: item.ariaLabel,
    icon: item.icon,
  };
}

/** A link to one doc, by its id. */
function resolveDocLink(item: ItemOf<'doc'>, index: number, context: NavbarContext): ResolvedNavbarItem {
  const href = context.pageUrlById(item.docId);
  if (!href) throw new NavbarConfigError(`${describe(index, item)}: unknown doc id "${item.docId}"`);
  return {
    kind: 'link',
    label: item.label ?? item.docId,
    href,
    position: item.position,
    activePaths: [href],
    external: false,
  };
}

/** A link to a sidebar's first page, active on every page of the sidebar. */
function resolveSidebarLink(item: ItemOf<'docSidebar'>, index: number, context: NavbarContext): ResolvedNavbarItem {
  if (!isArea(item.sidebarId)) {
    throw new NavbarConfigError(
      `${describe(index, item)}: unknown sidebar id "${item.sidebarId}" (known: ${AREAS.join(', ')})`,
    );
  }
  const links = flattenSidebar(context.sidebar(item.sidebarId));
  const first = links[0];
  if (!first)
    throw new NavbarConfigError(`${describe(index, item)}: sidebar "${item.sidebarId}" has nothing to link to`);
  const area = item.sidebarId;
  const versions = context.versions.filter((version) => version.area === area);
  return {
    kind: 'link',
    label: item.label,
    href: first.href,
    position: item.position,
    // Pages of every version of the area mark the item active.
    activePaths: [
      ...links.map((link) => link.href),
      ...versions.filter((version) => !version.current).map((version) => version.prefix),
    ],
    external: false,
    versions: versions.length > 1 ? versions : undefined,
  };
}

/** A versioned area's current version as a link, or the dropdown of all its versions. */
function resolveVersionItem(
  item: ItemOf<'docsVersion' | 'docsVersionDropdown'>,
  index: number,
  context: NavbarContext,
): ResolvedNavbarItem {
  const area = item.area;
  const versions = context.versions.filter((version) => version.area === area);
  if (!isArea(area) || versions.length < 2) {
    throw new NavbarConfigError(`${describe(index, item)}: area "${area}" has no docs versions configured`);
  }
  const current = versions[0] as DocsVersion;
  if (item.type === 'docsVersionDropdown') {
    if (item.allVersionsHref && !context.isKnownRoute(item.allVersionsHref)) {
      throw new NavbarConfigError(`${describe(index, item)}: "${item.allVersionsHref}" is not a page of this site`);
    }
    return { kind: 'versionDropdown', area, position: item.position, versions, allVersionsHref: item.allVersionsHref };
  }
  return {
    kind: 'link',
    label: item.label ?? current.label,
    href: current.mainUrl,
    position: item.position,
    activePaths: current.urls,
    external: false,
    versions,
  };
}

/**
 * Turns configured items into links. Throws a NavbarConfigError naming the entry for an unknown
 * sidebar id, a sidebar with nothing to link to, an unknown doc id or an unversioned area.
 */
export function resolveNavbarItems(items: readonly NavbarItem[], context: NavbarContext): ResolvedNavbarItem[] {
  return items.map((item, index): ResolvedNavbarItem => {
    switch (item.type) {
      case 'default':
        return resolveLink(item, index, context);
      case 'doc':
        return resolveDocLink(item, index, context);
      case 'docSidebar':
        return resolveSidebarLink(item, index, context);
      case 'dropdown':
        return { kind: 'dropdown', label: item.label, position: item.position, items: item.items };
      case 'html':
        return { kind: 'html', value: item.value, position: item.position };
      case 'localeDropdown':
        return {
          kind: 'localeDropdown',
          position: item.position,
          locales: [...context.locales],
          current: context.currentLocale,
        };
      case 'search':
        return { kind: 'search', position: item.position };
      case 'docsVersion':
      case 'docsVersionDropdown':
        return resolveVersionItem(item, index, context);
    }
  });
}
