/** What the sidebar needs to know of a page. */
export interface SidebarPageInput {
  docId: string;
  url: string;
  title: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  /** Path below `content/`, e.g. `docs/vehicles/index.mdx`. */
  sourceFilePath: string;
}

/** What `_category_.json` says of a folder. */
export interface SidebarCategoryInput {
  /** Folder below `content/`, e.g. `docs/vehicles`. */
  dir: string;
  label: string;
  position: number;
  collapsed: boolean;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  docId: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** The folder's `index.mdx`, when it has one. */
  href?: string;
  docId?: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

interface Sortable {
  position: number;
  label: string;
  item: SidebarItem;
}

function parentDir(filePath: string): string {
  const cut = filePath.lastIndexOf('/');
  return cut === -1 ? '' : filePath.slice(0, cut);
}

function isIndexFile(filePath: string): boolean {
  return /(^|\/)index\.mdx$/.test(filePath);
}

function bySidebarOrder(a: Sortable, b: Sortable): number {
  return a.position - b.position || a.label.localeCompare(b.label);
}

/**
 * Builds an area's sidebar from its pages and folders: a folder is a category (labelled by its
 * `_category_.json`), its `index.mdx` the category's own page. Order comes from `sidebarPosition`
 * and the category `position`; unpositioned items follow, by label. The docs home (`content/index.mdx`)
 * sits at the top level of the docs area.
 */
export function buildSidebar(
  /** The folder below `content/` whose files make up the top level: `docs`, `sdk`, `sdk/1.x`. */
  root: string,
  pages: readonly SidebarPageInput[],
  categories: readonly SidebarCategoryInput[],
): SidebarItem[] {
  const categoryByDir = new Map(categories.map((category) => [category.dir, category]));

  function folderOf(page: SidebarPageInput): string {
    const dir = parentDir(page.sourceFilePath);
    // A folder's index page belongs to the folder itself, not to a level inside it.
    if (page.sourceFilePath === 'index.mdx') return root;
    return dir;
  }

  function build(dir: string): Sortable[] {
    const entries: Sortable[] = [];
    for (const page of pages) {
      if (folderOf(page) !== dir || (isIndexFile(page.sourceFilePath) && dir !== root)) continue;
      const label = page.sidebarLabel ?? page.title;
      entries.push({
        position: page.sidebarPosition ?? Number.POSITIVE_INFINITY,
        label,
        item: { type: 'link', label, href: page.url, docId: page.docId },
      });
    }
    const childDirs = new Set(
      pages
        .map((page) => parentDir(page.sourceFilePath))
        .filter((pageDir) => pageDir.startsWith(`${dir}/`))
        .map((pageDir) => `${dir}/${pageDir.slice(dir.length + 1).split('/')[0]}`),
    );
    for (const childDir of [...childDirs].sort()) {
      const category = categoryByDir.get(childDir);
      const indexPage = pages.find((page) => page.sourceFilePath === `${childDir}/index.mdx`);
      const label = category?.label ?? indexPage?.sidebarLabel ?? childDir.split('/').pop() ?? childDir;
      const items = build(childDir).map((entry) => entry.item);
      const position = category?.position ?? indexPage?.sidebarPosition ?? Number.POSITIVE_INFINITY;
      // A folder whose only page is its index is just a link to that page.
      const item: SidebarItem =
        items.length === 0 && indexPage
          ? { type: 'link', label, href: indexPage.url, docId: indexPage.docId }
          : {
              type: 'category',
              label,
              href: indexPage?.url,
              docId: indexPage?.docId,
              collapsed: category?.collapsed ?? true,
              items,
            };
      entries.push({ position, label, item });
    }
    return entries.sort(bySidebarOrder);
  }

  return build(root).map((entry) => entry.item);
}

/** Every page of a sidebar in reading order (a category's own page before its children). */
export function flattenSidebar(items: readonly SidebarItem[]): SidebarLink[] {
  return items.flatMap((item): SidebarLink[] => {
    if (item.type === 'link') return [item];
    const own: SidebarLink[] =
      item.href && item.docId ? [{ type: 'link', label: item.label, href: item.href, docId: item.docId }] : [];
    return [...own, ...flattenSidebar(item.items)];
  });
}

/** The pages before and after `href` in reading order. */
export function neighbours(
  items: readonly SidebarItem[],
  href: string,
): { previous?: SidebarLink; next?: SidebarLink } {
  const flat = flattenSidebar(items);
  const index = flat.findIndex((link) => link.href === href);
  if (index === -1) return {};
  return { previous: flat[index - 1], next: flat[index + 1] };
}

/** True when `href` is the category's page or any page inside it. */
export function categoryContains(category: SidebarCategory, href: string): boolean {
  return category.href === href || flattenSidebar(category.items).some((link) => link.href === href);
}

/** The categories above `href` and the page itself, for breadcrumbs. */
export function breadcrumbTrail(items: readonly SidebarItem[], href: string): { label: string; href?: string }[] {
  for (const item of items) {
    if (item.type === 'link' && item.href === href) return [{ label: item.label, href: item.href }];
    if (item.type === 'category' && categoryContains(item, href)) {
      if (item.href === href) return [{ label: item.label, href: item.href }];
      return [{ label: item.label, href: item.href }, ...breadcrumbTrail(item.items, href)];
    }
  }
  return [];
}

/**
 * Appends generated pages (TypeDoc, versions) below the entry whose page is `href`. A plain link
 * becomes a category that keeps its page, so a package page can hold its generated subpages.
 */
export function appendToEntry(
  items: readonly SidebarItem[],
  href: string,
  extra: readonly SidebarItem[],
): SidebarItem[] {
  let found = false;
  const walk = (list: readonly SidebarItem[]): SidebarItem[] =>
    list.map((item): SidebarItem => {
      if (found) return item;
      if (item.href === href) {
        found = true;
        if (item.type === 'link')
          return {
            type: 'category',
            label: item.label,
            href: item.href,
            docId: item.docId,
            collapsed: true,
            items: [...extra],
          };
        return { ...item, items: [...item.items, ...extra] };
      }
      return item.type === 'category' ? { ...item, items: walk(item.items) } : item;
    });
  const result = walk(items);
  if (!found) throw new Error(`sidebar: no entry links to ${href}, so its generated pages have no place`);
  return result;
}
