import 'server-only';
import { getAllPages, getPageById, getSidebar, getEmptyCategories, type SidebarItem } from './content';
import { appendToEntry } from './content/sidebar';
import { SDK_PACKAGES, versionsSidebarItem, versionsUrl } from './sdk';
import { getSdkReference, TYPEDOC_BASE, typedocSidebarItems } from './typedoc';
import { STANDALONE_ROUTES } from './routes';
import type { Area } from './content/paths';
import { siteConfig } from './site';
import { NavbarConfigError, resolveNavbarItems, type ResolvedNavbarItem } from './site/navbar';

const emptyCategories = getEmptyCategories();
if (emptyCategories.length > 0) {
  throw new NavbarConfigError(
    emptyCategories.map((file) => `${file}: sidebar category has nothing to link to (no page in its folder)`).join('\n'),
  );
}

/** Both areas' sidebars, for the docs layout and the mobile menu. */
export const sidebars: Readonly<Record<Area, readonly SidebarItem[]>> = {
  docs: getSidebar('docs'),
  sdk: SDK_PACKAGES.reduce(
    (items, name) => appendToEntry(items, `/sdk/packages/${name}`, [versionsSidebarItem(name)]),
    appendToEntry(getSidebar('sdk'), '/sdk/packages/kilowise-client', typedocSidebarItems()),
  ),
};

/** Pages generated from data rather than MDX: the TypeDoc reference and the versions pages. */
export const generatedRoutes: readonly string[] = [
  TYPEDOC_BASE,
  ...getSdkReference().symbols.map((symbol) => symbol.url),
  ...SDK_PACKAGES.map(versionsUrl),
];

/** The configured navbar with every doc and sidebar reference resolved; a bad entry fails the build. */
export const navbarItems: readonly ResolvedNavbarItem[] = resolveNavbarItems(siteConfig.navbar.items, {
  pageUrlById: (docId) => getPageById(docId)?.url,
  isKnownRoute: (path) =>
    STANDALONE_ROUTES.includes(path) || generatedRoutes.includes(path) || getAllPages().some((page) => page.url === path),
  sidebar: (area) => sidebars[area],
  versionedAreas: [],
  locales: Object.entries(siteConfig.i18n.locales).map(([code, locale]) => ({ code, label: locale.label })),
  currentLocale: siteConfig.i18n.defaultLocale,
});

/** How each area is named in breadcrumbs and landmarks. */
export const AREA_LABELS: Record<Area, { label: string; href: string }> = {
  docs: { label: 'Docs', href: '/' },
  sdk: { label: 'SDK', href: '/sdk/getting-started' },
};
