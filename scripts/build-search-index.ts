// Build step after contentlayer, spec:build and sdk:build: the search index as two static files in public/
// (git-ignored), named by a hash of their content (lib/search/files.ts): the first stage (titles, identifiers and
// leads) and the second (the text's terms and the sentences results quote). As static files they are sent
// compressed by `next start`, nginx (gzip_static) and any CDN; the route handler that served the index before was
// sent uncompressed by `next start` (653 KB where gzip makes it 137 KB). Run with the react-server condition, as
// lib/search/site.ts reads the content through server-only modules.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SEARCH_FILES_PATH, searchFileUrls } from '../lib/search/files';
import { getSitePassages, getSiteSearchIndex } from '../lib/search/site';
import { runMain } from '../lib/build/run-main';

/** Writes one file of public/ for a site URL, and says its size. */
function write(url: string, json: string): void {
  const file = path.join('public', url);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, json);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`[search] ${url}: ${kb(json.length)} KB, ${kb(gzipSync(json).length)} KB gzip`);
}

function main(): void {
  // 1. Both stages, each checked with zod as it is built (lib/search/site.ts).
  const index = JSON.stringify(getSiteSearchIndex());
  const passages = JSON.stringify(getSitePassages());
  // 2. One folder per content: a build never overwrites the files another build's pages load.
  const hash = createHash('sha256').update(index).update(passages).digest('hex').slice(0, 12);
  const urls = searchFileUrls(hash);
  write(urls.index, index);
  write(urls.passages, passages);
  // 3. The URLs, for next.config.mjs to put in the browser's code.
  mkdirSync(path.dirname(SEARCH_FILES_PATH), { recursive: true });
  writeFileSync(SEARCH_FILES_PATH, JSON.stringify(urls));
}

runMain(main, { tag: 'search' });
