// Build step after `next build`'s compile half: every generated file the app reads when it runs is in the file trace
// of a route. A host such as Vercel ships each function with the files of its trace only, and the compile half
// traces the files that exist when it runs: a file written after it would be missing from the deploy, and nothing
// would fail here. The guides' index (contentlayer) and every JSON file of .generated/ are read by the app, but for
// the spec step's statistics, which only the bench reads, and the search files' URLs, which next.config.mjs inlines
// into the code at build time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { filesUnder } from '../lib/build/files';
import { SPEC_STATS_PATH } from '../lib/openapi/load';
import { SEARCH_FILES_PATH } from '../lib/search/files';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

const DIST_DIR = process.env.KILOWISE_DIST_DIR || '.next';
const APP_DIR = path.join(DIST_DIR, 'server', 'app');
const traceSchema = z.object({ files: z.array(z.string()) });

function main(): void {
  const traces = filesUnder(APP_DIR).filter((file) => file.endsWith('.nft.json'));
  if (traces.length === 0) throw new Error(`[traces] no file traces under ${APP_DIR}: run \`next build\` first`);
  const traced = new Set(
    traces.flatMap((trace) =>
      parseWith(traceSchema, JSON.parse(readFileSync(trace, 'utf8')), trace).files.map((file) =>
        path.relative(process.cwd(), path.resolve(path.dirname(trace), file)),
      ),
    ),
  );
  const buildOnly = new Set([SPEC_STATS_PATH, SEARCH_FILES_PATH].map((file) => path.normalize(file)));
  const read = [
    ...filesUnder(path.join('.contentlayer', 'generated')).filter((file) => file.endsWith('_index.json')),
    ...filesUnder('.generated').filter((file) => file.endsWith('.json') && !buildOnly.has(file)),
  ];
  if (read.length === 0) throw new Error('[traces] no generated files: the data steps have not run');
  const missing = read.filter((file) => !traced.has(file));
  if (missing.length > 0)
    throw new Error(
      `[traces] no route's file trace lists ${missing.join(', ')}: \`next build\`'s compile ran before they were written, and a deploy would ship without them (scripts/build.ts)`,
    );
  console.log(`[traces] the routes' file traces list all ${read.length} generated files the app reads`);
}

runMain(main);
