import 'server-only';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readPackageReadme } from '../sdk/readme';
import { SDK_PACKAGES } from '../sdk/packages';
import { parseWith } from '../validation';
import { buildKind } from '../preview';
import { lastCommitDate } from './git';
import { AREAS } from '../site/paths';
import { buildSidebar, type SidebarItem, type SidebarLink } from '../site/sidebar';
import { extractToc } from './toc';
import { siteConfig } from '../site';

const tocEntrySchema = z.object({ depth: z.union([z.literal(2), z.literal(3)]), text: z.string(), id: z.string() });

/** A generated page as the app uses it; checked once when this module loads. */
const pageSchema = z.object({
  docId: z.string(),
  area: z.enum(AREAS),
  url: z.string().startsWith('/'),
  title: z.string(),
  description: z.string(),
  sidebarLabel: z.string().optional(),
  sidebarPosition: z.number().optional(),
  hideTableOfContents: z.boolean(),
  hideFooter: z.boolean(),
  draft: z.boolean(),
  toc: z.array(tocEntrySchema),
  lastUpdated: z.string(),
  editUrl: z.url(),
  sourceFilePath: z.string(),
  code: z.string(),
  /** The MDX source without frontmatter, for the search index; a README page's is its README's. */
  body: z.string(),
  /** The SDK package whose README.md is the page's body (rendered with next-mdx-remote, not contentlayer). */
  readme: z.enum(SDK_PACKAGES).optional(),
  /** Words readers search by, by section anchor (lib/content/frontmatter.ts). */
  searchTerms: z.record(z.string(), z.array(z.string())).optional(),
});

export type Page = z.infer<typeof pageSchema>;

/** A `_category_.json`: the label and position of a sidebar folder. */
const categorySchema = z.object({ label: z.string(), position: z.number(), collapsed: z.boolean() });
type SidebarCategory = z.infer<typeof categorySchema> & { dir: string };
export type { SidebarItem, SidebarLink };

// Drafts are built in development and in preview builds (with a Draft badge), never in production.
const showDrafts = process.env.NODE_ENV !== 'production' || buildKind().preview;

/** What the app reads of contentlayer's index of a document type; the rest is checked by `pageSchema`. */
const documentSchema = z.looseObject({
  _raw: z.object({ sourceFilePath: z.string(), sourceFileDir: z.string() }),
  body: z.object({ code: z.string(), raw: z.string() }).optional(),
});

const DOCUMENT_TYPES = ['DocsPage', 'SdkPage', 'SidebarCategory'] as const;
type DocumentType = (typeof DOCUMENT_TYPES)[number];

const indexFile = (type: DocumentType) => path.join(process.cwd(), '.contentlayer', 'generated', type, '_index.json');

/**
 * contentlayer's index of one document type, read when the app first asks for a page rather than imported: it is
 * data (2 MB of JSON for the guides), which `next build` need not bundle into the server's code. The routes' file
 * traces ship it to a host (scripts/check-traces.ts holds that).
 */
function readIndex(type: DocumentType): z.infer<typeof documentSchema>[] {
  const file = indexFile(type);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} is not readable (run \`contentlayer2 build\` first): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return parseWith(z.array(documentSchema), json, file);
}

interface Content {
  pages: Page[];
  categories: SidebarCategory[];
}

let loaded: { content: Content; version: string } | undefined;

/**
 * The indexes, read once in a production build. In development `contentlayer2 dev` rewrites them as guides are
 * edited: they are read again whenever one has changed.
 */
function content(): Content {
  const version =
    process.env.NODE_ENV === 'production'
      ? 'built'
      : DOCUMENT_TYPES.map((type) => statSync(indexFile(type), { throwIfNoEntry: false })?.mtimeMs ?? 0).join();
  if (loaded?.version === version) return loaded.content;
  const pages = [...readIndex('DocsPage'), ...readIndex('SdkPage')]
    .map((doc) =>
      parseWith(
        pageSchema,
        { ...doc, sourceFilePath: doc._raw.sourceFilePath, code: doc.body?.code, body: doc.body?.raw },
        `.contentlayer (from content/${doc._raw.sourceFilePath})`,
      ),
    )
    .filter((page) => showDrafts || !page.draft)
    .map(withReadme);
  const categories = readIndex('SidebarCategory').map((category) => ({
    dir: category._raw.sourceFileDir,
    ...parseWith(categorySchema, category, `.contentlayer (from content/${category._raw.sourceFilePath})`),
  }));
  loaded = { content: { pages, categories }, version };
  return loaded.content;
}

/**
 * A package page takes its body from the package's README: its table of contents, search text, edit link
 * and last-updated date are the README's.
 */
function withReadme(page: Page): Page {
  if (!page.readme) return page;
  const readme = readPackageReadme(page.readme);
  return {
    ...page,
    body: readme.source,
    toc: extractToc(readme.source),
    editUrl: `${siteConfig.editUrlBase}${readme.file}`,
    lastUpdated: lastCommitDate(readme.file) ?? '',
  };
}

/**
 * The sidebar whose top level is the folder `root` below content/ (`docs`, `sdk`, `sdk/1.x`), leaving
 * out the folders in `exclude` (the older docs versions inside an area).
 */
export function buildContentSidebar(root: string, exclude: readonly string[] = []): SidebarItem[] {
  const inRoot = (page: Page) =>
    (root === 'docs' && page.sourceFilePath === 'index.mdx') ||
    (page.sourceFilePath.startsWith(`${root}/`) && !exclude.some((dir) => page.sourceFilePath.startsWith(`${dir}/`)));
  return buildSidebar(root, content().pages.filter(inRoot), content().categories);
}

/** The drafts this build shows (none in production), for the preview banner. */
export function getDraftPages(): readonly Page[] {
  return content().pages.filter((page) => page.draft);
}

/** Every published page (drafts only outside production builds). */
export function getAllPages(): readonly Page[] {
  return content().pages;
}

/** The page at `url` (e.g. `/docs/locations`), or undefined. */
export function getPageByUrl(url: string): Page | undefined {
  return content().pages.find((page) => page.url === url);
}

/** The page with this id (its content path, e.g. `docs/locations`), or undefined. */
export function getPageById(docId: string): Page | undefined {
  return content().pages.find((page) => page.docId === docId);
}


/** `_category_.json` files whose folder holds no page: a category with nothing to link to. */
export function getEmptyCategories(): string[] {
  const { pages, categories } = content();
  return categories
    .filter((category) => !pages.some((page) => page.sourceFilePath.startsWith(`${category.dir}/`)))
    .map((category) => `content/${category.dir}/_category_.json`);
}
