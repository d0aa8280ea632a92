import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import createMDX from '@next/mdx';
import { FAVICON, FRAME_HEADERS, FRAME_PATH, isPreviewEnv, REDIRECTS, siteHeaders } from './lib/deploy/headers.mjs';

/**
 * A preview build (VERCEL_ENV=preview or KILOWISE_PREVIEW=1, read at build time; lib/preview.ts checks the
 * values) asks search engines to leave every response alone.
 */
const PREVIEW = isPreviewEnv(process.env);

/**
 * The search index's URLs of this build, written by its search step (scripts/build-search-index.ts) before `next
 * build` compiles; absent for the type check, which runs beside the data steps and needs no URL.
 */
const SEARCH_FILES = '.generated/search-files.json';
const searchFiles = existsSync(SEARCH_FILES) ? JSON.parse(readFileSync(SEARCH_FILES, 'utf8')) : undefined;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Standalone MDX pages in app/ (the playground); the guides in content/ go through contentlayer.
  pageExtensions: ['ts', 'tsx', 'mdx'],
  // The bench builds a 600-operation reference beside the real build (scripts/bench.ts).
  distDir: process.env.KILOWISE_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Inlined into the code: where this build's search index is (lib/search/load.ts, the root layout's meta).
  env: searchFiles
    ? { KILOWISE_SEARCH_INDEX_URL: searchFiles.index, KILOWISE_SEARCH_PASSAGES_URL: searchFiles.passages }
    : {},
  // `npm test` type-checks its first build and sets this for the next two, which build the same code.
  typescript: { ignoreBuildErrors: process.env.KILOWISE_NEXT_TYPECHECK === 'off' },
  experimental: {
    // Static generation on every core: Next's default leaves one free, which on two cores is one worker.
    cpus: Math.max(1, availableParallelism()),
    // No source maps for the server's chunks: writing them cost the compile 2 s of CPU and prerendering 2 s more
    // reading them, for stack traces that only a failing prerender shows. When one fails, `next build
    // --debug-prerender` builds without minifying, so its stack names the functions.
    turbopackSourceMaps: false,
    // A clean build (the bench's, CI's, each of `npm test`'s builds in a distDir of its own) never reads
    // Turbopack's build cache, and writing it cost the compile 3 to 6 s; a rebuild on a warm machine compiles anew.
    turbopackFileSystemCacheForBuild: false,
    // The server's code is not minified: minifying it cost the compile 5.5 s of 23 on this machine, for no reader
    // (a Node server loads it once), and its stack traces name the functions.
    serverMinification: false,
  },
  turbopack: {
    resolveAlias: {
      // flexsearch's "compact" build has all the search box uses (Document, charsets, export/import,
      // suggestions) without workers and database adapters: 11 KB gzip instead of 18. Its package
      // exports map does not list it, so the alias names the file. Node (build, tests) keeps the default.
      flexsearch: { browser: './node_modules/flexsearch/dist/flexsearch.compact.module.min.js' },
    },
  },
  // The site has no next/image: its optimiser's endpoint (/_next/image) answers 404, as on the static export, and
  // nobody can make the server resize images.
  images: { unoptimized: true },
  // URLs have no trailing slash; the slash form redirects (308) to it, so bookmarked links keep working.
  trailingSlash: false,
  // Browsers ask for /favicon.ico on their own; answer with the SVG logo rather than a 404.
  async rewrites() {
    return [
      FAVICON,
      // Every page's Markdown twin at its URL plus .md (app/md/[...slug]/route.ts); /index.md is the home page's.
      { source: '/:path(.+)\\.md', destination: '/md/:path' },
    ];
  },
  async headers() {
    // The later entry wins for a header both set: the frame's policy replaces the site's.
    return [
      { source: '/:path*', headers: siteHeaders(PREVIEW) },
      { source: `${FRAME_PATH}/:path*`, headers: FRAME_HEADERS },
    ];
  },
  async redirects() {
    return REDIRECTS;
  },
};

// Turbopack takes MDX plugins by name only.
const withMDX = createMDX({ options: { remarkPlugins: ['remark-gfm'] } });

export default withMDX(nextConfig);
