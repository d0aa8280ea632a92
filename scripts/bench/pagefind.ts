// Pagefind 1.5 beside our search, on the same queries (issue #50): `npm run bench` indexes the static export (out/)
// with Pagefind's Node API, serves its bundle on loopback, runs every query of the relevance set through Pagefind's
// own search in Chromium, and measures its rankings as ours are measured (lib/search/relevance.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import * as pagefind from 'pagefind';
import { answers, measureRankings, type RelevanceQuery } from '../../lib/search/relevance';

/** A result of Pagefind as ranked: its page, and its sections (sub-results) in its order. */
interface PagefindResult {
  page: string;
  sections: string[];
}

/** A Pagefind URL as ours: `/docs/locations.html#x` → `/docs/locations#x`, `/index.html` → `/`. */
export function siteUrl(url: string): string {
  const [file = '', anchor] = url.split('#');
  const page = file.replace(/\.html$/, '').replace(/\/index$/, '') || '/';
  return anchor ? `${page}#${anchor}` : page;
}

/** Indexes out/'s pages (their <main>, as our index reads the content and not the navigation) into a folder. */
async function indexExport(outDir: string, bundleDir: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
  if (!index) throw new Error(`[bench] Pagefind could not create an index: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: outDir, glob: '**/*.html' });
  if (added.errors.length > 0)
    throw new Error(`[bench] Pagefind could not index ${outDir}: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: path.join(bundleDir, 'pagefind') });
  if (written.errors.length > 0)
    throw new Error(`[bench] Pagefind could not write its bundle: ${written.errors.join('; ')}`);
  return added.page_count;
}

/** Serves the bundle and an empty page to run it in, on loopback. */
function serveBundle(bundleDir: string): Promise<{ origin: string; server: Server }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.wasm': 'application/wasm',
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Pagefind bench</title>');
      return;
    }
    const file = path.join(bundleDir, path.normalize(url.pathname));
    if (!file.startsWith(bundleDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

/** Each query's first ten results from Pagefind, as its own search ranks them. */
async function runQueries(browser: Browser, origin: string, queries: readonly string[]): Promise<PagefindResult[][]> {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    return await page.evaluate(async (list) => {
      const bundle = (await import(`${location.origin}/pagefind/pagefind.js`)) as {
        init(): Promise<void>;
        search(query: string): Promise<{
          results: { data(): Promise<{ url: string; sub_results: { url: string }[] }> }[];
        } | null>;
      };
      await bundle.init();
      const found: { page: string; sections: string[] }[][] = [];
      for (const query of list) {
        const search = await bundle.search(query);
        const data = await Promise.all((search?.results ?? []).slice(0, 10).map((result) => result.data()));
        found.push(data.map((entry) => ({ page: entry.url, sections: entry.sub_results.map((sub) => sub.url) })));
      }
      return found;
    }, queries);
  } finally {
    await page.close();
  }
}

export interface PagefindFigures {
  /** How many pages Pagefind indexed. */
  pages: number;
  /** Section results: each page's sub-results, three at most as Pagefind's UI shows them, in its order. */
  bySection: (set: readonly RelevanceQuery[]) => ReturnType<typeof measureRankings>;
  /** Page results: a result answers when its page is an answer's page (lenient to Pagefind). */
  byPage: (set: readonly RelevanceQuery[]) => ReturnType<typeof measureRankings>;
}

/** Runs Pagefind over the static export on every query of `sets`; fails naming what is missing. */
export async function measurePagefind(
  browser: Browser,
  queries: readonly string[],
  outDir = 'out',
): Promise<PagefindFigures> {
  if (!existsSync(path.join(outDir, 'index.html')))
    throw new Error(
      `[bench] Pagefind runs over the static export: ${outDir}/index.html is missing (npm run build:static)`,
    );
  const bundleDir = mkdtempSync(path.join(tmpdir(), 'kilowise-pagefind-'));
  try {
    const pages = await indexExport(outDir, bundleDir);
    const { origin, server } = await serveBundle(bundleDir);
    let results: PagefindResult[][];
    try {
      results = await runQueries(browser, origin, queries);
    } finally {
      server.close();
    }
    const byQuery = new Map(queries.map((query, at) => [query, results[at] ?? []]));
    const sectionUrls = (query: string) =>
      (byQuery.get(query) ?? []).flatMap((result) =>
        (result.sections.length > 0 ? result.sections.slice(0, 3) : [result.page]).map(siteUrl),
      );
    const pageUrls = (query: string) => (byQuery.get(query) ?? []).map((result) => siteUrl(result.page));
    const samePage = (answer: string, url: string) => answers(answer.split('#')[0] ?? answer, url.split('#')[0] ?? url);
    return {
      pages,
      bySection: (set) => measureRankings(set, sectionUrls),
      byPage: (set) => measureRankings(set, pageUrls, (answer, url) => answers(answer, url) || samePage(answer, url)),
    };
  } finally {
    await pagefind.close();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
