// Build step after `next build`: every internal link of every built page must reach a page, and its
// anchor an id on that page; every API path in a guide's code sample must be a path of the contract.
// Broken links and such paths fail the build, one line each; Markdown file links, duplicate routes and
// endpoints named in prose that the contract lacks are warnings, and so are a foreign document's own broken links.
// With --out it checks the static export instead (out/, `npm run build:static`): the pages and files as a
// CDN serves them.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { filesUnder } from '../lib/build/files';
import { parseWith } from '../lib/validation';
import { findApiPathProblems } from '../lib/links/api-paths';
import {
  checkLinks,
  descriptionHrefs,
  findDuplicateRoutes,
  findMarkdownFileLinks,
  formatProblem,
  lineOf,
  type BuiltPage,
  type LinkProblem,
} from '../lib/links/check';
import { API_MODEL_PATH, readContractChecks } from '../lib/openapi/load';
import { exportedPath } from '../lib/deploy/static-export';
import { runMain } from '../lib/build/run-main';

const DIST_DIR = process.env.KILOWISE_DIST_DIR || '.next';
/** The static export, checked with --out. */
const OUT_DIR = process.argv.includes('--out') ? 'out' : undefined;
const CONFIG_FILE = 'lib/site/config.ts';
const NON_PAGES = new Set(['/_global-error', '/_not-found', '/robots.txt', '/sitemap.xml']);

/** What the link check reads of contentlayer's index of a document type. */
const contentIndexSchema = z.array(
  z.object({ url: z.string(), readme: z.string().optional(), _raw: z.object({ sourceFilePath: z.string() }) }),
);
/** What it reads of Next's prerender manifest: the built routes. */
const prerenderManifestSchema = z.object({ routes: z.record(z.string(), z.unknown()) });
/** What it reads of the API model: each operation's id, method and path. */
const apiOperationsSchema = z.object({
  tags: z.array(
    z.object({ operations: z.array(z.object({ operationId: z.string(), method: z.string(), path: z.string() })) }),
  ),
  fragmentRoot: z.string(),
});

function readJson<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`[links] ${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return parseWith(schema, json, `[links] ${file}`);
}

function readContent(): z.infer<typeof contentIndexSchema> {
  return ['DocsPage', 'SdkPage'].flatMap((type) => {
    const file = path.join('.contentlayer', 'generated', type, '_index.json');
    return existsSync(file) ? readJson(file, contentIndexSchema) : [];
  });
}

const linkCount = (count: number) => `${count} link${count === 1 ? '' : 's'}`;

/** A page's source: the file itself, not contentlayer's body, so line numbers count the frontmatter too. */
type PageSources = Map<string, { file: string; text: string }>;

/** The built pages, from the prerender manifest, each with its source and, for /api, the reference's fragments. */
function builtPages(
  manifest: z.infer<typeof prerenderManifestSchema>,
  sourceOf: PageSources,
  fragmentRoot: string,
): BuiltPage[] {
  // This build's rendering of the reference; a large document's groups of cards are stored gzipped.
  const apiFragments = filesUnder(path.join(OUT_DIR ?? 'public', fragmentRoot))
    .filter((file) => file.endsWith('.html') || file.endsWith('.html.gz'))
    .map((file) =>
      file.endsWith('.gz') ? gunzipSync(readFileSync(file)).toString('utf8') : readFileSync(file, 'utf8'),
    );
  return (
    Object.keys(manifest.routes)
      // Route handlers (the search index) prerender to a `.body` file, not a page.
      .filter((route) => !NON_PAGES.has(route) && !existsSync(path.join(DIST_DIR, 'server', 'app', `${route}.body`)))
      // The export leaves out what needs a server.
      .filter((route) => !OUT_DIR || exportedPath(route, 'page') !== undefined)
      .map((route) => ({
        route,
        html: readFileSync(
          OUT_DIR
            ? path.join(OUT_DIR, exportedPath(route, 'page') as string)
            : path.join(DIST_DIR, 'server', 'app', `${route === '/' ? '/index' : route}.html`),
          'utf8',
        ),
        extraHtml: route === '/api' ? apiFragments : undefined,
        source: sourceOf.get(route),
      }))
  );
}

/** Whether a URL path is a file the site serves: public/, or what route handlers prerendered. */
function isStaticFile(manifest: z.infer<typeof prerenderManifestSchema>, urlPath: string): boolean {
  const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
  if (isFile(path.join('public', urlPath))) return true;
  // llms.txt, the OpenGraph images, and the Markdown twins, which `{page}.md` reaches through a rewrite to /md/{page}.
  if (OUT_DIR) return isFile(path.join(OUT_DIR, urlPath));
  const route = urlPath.endsWith('.md') ? `/md${urlPath.slice(0, -'.md'.length)}` : urlPath;
  return route in manifest.routes && existsSync(path.join(DIST_DIR, 'server', 'app', `${route}.body`));
}

/**
 * The broken links to fail on, and those of the document's own descriptions to warn of. With
 * KILOWISE_GUIDE_API_LINKS=off (a document that is not Kilowise's), links from other pages into /api or to a recipe
 * are not checked: they name the Kilowise contract, and no recipe is built for another document. A broken link that
 * the document's own descriptions wrote on /api is then a warning: it was written for the document's own site. What
 * the renderer makes stays an error.
 */
function linkProblems(allErrors: LinkProblem[], guideApiLinks: boolean, modelJson: unknown) {
  if (guideApiLinks) return { errors: allErrors, documentLinks: [] };
  const intoApi = (problem: LinkProblem) =>
    /^\/api#|^\/docs\/recipes\/./.test(problem.target) && !problem.where.startsWith('/api ');
  const writtenByDocument = descriptionHrefs(modelJson);
  const inDocument = (problem: LinkProblem) =>
    problem.where === '/api (generated)' && writtenByDocument.has(problem.target);
  const errors = allErrors.filter((problem) => !intoApi(problem) && !inDocument(problem));
  const documentLinks = allErrors.filter(inDocument).map((problem) => ({ ...problem, level: 'warning' as const }));
  const skipped = allErrors.filter(intoApi).length;
  console.warn(
    `[links] warning: KILOWISE_GUIDE_API_LINKS=off: ${skipped} links into /api or to a recipe, and the guides' API paths, are not checked`,
  );
  if (documentLinks.length > 0)
    console.warn(
      `[links] warning: KILOWISE_GUIDE_API_LINKS=off: ${linkCount(documentLinks.length)} in the document's descriptions ${documentLinks.length === 1 ? 'leads' : 'lead'} nowhere on this site (listed below)`,
    );
  return { errors, documentLinks };
}

function main(): void {
  // 1. The built pages, from the prerender manifest. A package page's body is its package's README.
  const manifest = readJson(path.join(DIST_DIR, 'prerender-manifest.json'), prerenderManifestSchema);
  const content = readContent();
  const sourceOf: PageSources = new Map(
    content.map((record) => {
      const file = record.readme ? `packages/${record.readme}/README.md` : `content/${record._raw.sourceFilePath}`;
      return [record.url, { file, text: readFileSync(file, 'utf8') }];
    }),
  );
  const modelJson = readJson(API_MODEL_PATH, z.unknown());
  const apiModel = parseWith(apiOperationsSchema, modelJson, `[links] ${API_MODEL_PATH}`);
  const pages = builtPages(manifest, sourceOf, apiModel.fragmentRoot);
  // 2. Check the links; the site config is where navbar, footer and announcement links are written.
  const configText = readFileSync(CONFIG_FILE, 'utf8');
  const checks = readContractChecks(process.env);
  const allErrors = checkLinks(pages, {
    isStaticFile: (urlPath) => isStaticFile(manifest, urlPath),
    locateInConfig: (href) => {
      const line = lineOf(configText, `'${href}'`) ?? lineOf(configText, `"${href}"`);
      return line === undefined ? undefined : `${CONFIG_FILE}:${line}`;
    },
  });
  const { errors, documentLinks } = linkProblems(allErrors, checks.guideApiLinks, modelJson);
  // 3. API paths in the guides, against the contract the site was built from.
  const operations = apiModel.tags.flatMap((tag) => tag.operations);
  const apiPathProblems = checks.guideApiLinks
    ? [...sourceOf.values()].flatMap((source) => findApiPathProblems(source.file, source.text, operations))
    : [];
  const pathErrors = apiPathProblems.filter((problem) => problem.level === 'error');
  // 4. Warnings: Markdown file links, duplicate routes and endpoints in prose that the contract lacks.
  const warnings = [
    ...[...sourceOf.values()].flatMap((source) => findMarkdownFileLinks(source.file, source.text)),
    ...findDuplicateRoutes(
      content.map((record) => ({ url: record.url, file: `content/${record._raw.sourceFilePath}` })),
    ),
    ...apiPathProblems.filter((problem) => problem.level === 'warning'),
    ...documentLinks,
  ];
  for (const warning of warnings) console.warn(`[links] warning: ${formatProblem(warning)}`);
  for (const error of errors) console.error(`[links] broken link: ${formatProblem(error)}`);
  for (const error of pathErrors) console.error(`[links] unknown API path: ${formatProblem(error)}`);
  const failures = errors.length + pathErrors.length;
  if (failures > 0)
    throw new Error(
      `[links] ${failures} broken link${failures === 1 ? '' : 's'} or unknown API path${failures === 1 ? '' : 's'}; the build fails`,
    );
  const except =
    documentLinks.length > 0 ? ` but for ${linkCount(documentLinks.length)} in the document's descriptions` : '';
  console.log(
    `[links] ${pages.length} pages${OUT_DIR ? ` of ${OUT_DIR}/` : ''} checked: every internal link and anchor resolves${except}, every API path in a code sample is in the contract`,
  );
}

runMain(main);
