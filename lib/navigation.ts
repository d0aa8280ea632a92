import 'server-only';
import { buildContentSidebar, getAllPages, getPageById, getEmptyCategories, type SidebarItem } from './content';
import { appendToEntry } from './site/sidebar';
import { playgroundSidebarItem, playgroundUrl, SDK_PACKAGES, versionsSidebarItem, versionsUrl } from './sdk';
import { getSdkReferences, typedocBase, typedocSidebarItems } from './typedoc';
import { API_CHANGELOG_URL } from './openapi/changelog';
import { getRecipes, recipesSidebarItem } from './recipes';
import { RECIPES_URL, recipeUrl } from './recipes/urls';
import { STANDALONE_ROUTES } from './routes';
import { areaOfUrl, type Area } from './site/paths';
import { siteConfig } from './site';
import { NavbarConfigError, resolveNavbarItems, type ResolvedNavbarItem } from './site/navbar';
import { resolveDocsVersions, versionOfPath, type DocsVersion } from './site/versions';

const emptyCategories = getEmptyCategories();
if (emptyCategories.length > 0) {
  throw new NavbarConfigError(
    emptyCategories
      .map((file) => `${file}: sidebar category has nothing to link to (no page in its folder)`)
      .join('\n'),
  );
}

/** The older docs versions' folders inside each area (`sdk/1.x`): their pages have sidebars of their own. */
const olderVersionDirs = (area: Area) => (siteConfig.docsVersions[area] ?? []).slice(1).map((version) => version.docs);

/** Both areas' sidebars (their current version), for the docs layout and the mobile menu. */
export const sidebars: Readonly<Record<Area, readonly SidebarItem[]>> = {
  docs: [
    ...buildContentSidebar('docs', olderVersionDirs('docs')),
    { type: 'link', label: 'API changelog', href: API_CHANGELOG_URL, docId: API_CHANGELOG_URL.slice(1) },
    recipesSidebarItem(getRecipes()),
  ],
  sdk: SDK_PACKAGES.reduce(
    (items, name) =>
      appendToEntry(items, `/sdk/packages/${name}`, [
        ...typedocSidebarItems(name),
        playgroundSidebarItem(name),
        versionsSidebarItem(name),
      ]),
    buildContentSidebar('sdk', olderVersionDirs('sdk')),
  ),
};

/** Pages generated from data rather than MDX: the API changelog, the recipes, the TypeDoc reference, the package playgrounds and the versions pages. */
export const generatedRoutes: readonly string[] = [
  API_CHANGELOG_URL,
  RECIPES_URL,
  ...getRecipes().map((recipe) => recipeUrl(recipe.workflow.workflowId)),
  ...getSdkReferences().flatMap((reference) => [
    typedocBase(reference.packageName),
    ...reference.symbols.map((symbol) => symbol.url),
  ]),
  ...SDK_PACKAGES.map(playgroundUrl),
  ...SDK_PACKAGES.map(versionsUrl),
];

/** Every docs version of every versioned area, with its pages; a bad entry fails the build. */
export const docsVersions: readonly DocsVersion[] = resolveDocsVersions(
  siteConfig.docsVersions,
  [...getAllPages().map((page) => page.url), ...generatedRoutes],
  (docId) => getPageById(docId)?.url,
);

/** The sidebars of the older versions, by URL prefix (`/sdk/1.x`), for the layout and the mobile menu. */
export const olderVersionSidebars: readonly { prefix: string; items: readonly SidebarItem[] }[] = docsVersions
  .filter((version) => !version.current)
  .map((version) => ({ prefix: version.prefix, items: buildContentSidebar(version.prefix.slice(1)) }));

/** The sidebar a page shows: its area's, or its older version's. */
export function sidebarForUrl(url: string): readonly SidebarItem[] {
  const version = versionOfPath(docsVersions, url);
  const older =
    version && !version.current ? olderVersionSidebars.find((entry) => entry.prefix === version.prefix) : undefined;
  if (older) return older.items;
  return sidebars[areaOfUrl(url) ?? 'docs'];
}

/** The configured navbar with every doc and sidebar reference resolved; a bad entry fails the build. */
export const navbarItems: readonly ResolvedNavbarItem[] = resolveNavbarItems(siteConfig.navbar.items, {
  pageUrlById: (docId) => getPageById(docId)?.url,
  isKnownRoute: (path) =>
    STANDALONE_ROUTES.includes(path) ||
    generatedRoutes.includes(path) ||
    getAllPages().some((page) => page.url === path),
  sidebar: (area) => sidebars[area],
  versions: docsVersions,
  locales: Object.entries(siteConfig.i18n.locales).map(([code, locale]) => ({ code, label: locale.label })),
  currentLocale: siteConfig.i18n.defaultLocale,
});

/** How each area is named in breadcrumbs and landmarks. */
export const AREA_LABELS: Record<Area, { label: string; href: string }> = {
  docs: { label: 'Docs', href: '/' },
  sdk: { label: 'SDK', href: '/sdk/getting-started' },
};
