import createMDX from '@next/mdx';

/**
 * Sent with every response, by `next start` and by a Vercel-style host alike. The policy here holds what a
 * <meta> policy cannot carry (frame-ancestors); each prerendered page adds its own policy as a <meta> tag
 * with the hashes of its inline scripts (scripts/apply-csp.ts). Browsers enforce both.
 */
const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'" },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
  },
];

/**
 * The package playgrounds' preview frame (public/generated/package-playground, built by
 * scripts/build-playground-frame.ts) runs the reader's code. The page embeds it with
 * `sandbox="allow-scripts"`, so it has an origin of its own; this policy lets only the site's pages embed it,
 * lets it run its own script and `new Function` for the reader's code, and gives that code no network
 * (requests go to the page by postMessage) and no forms.
 */
const FRAME_HEADERS = [
  {
    key: 'Content-Security-Policy',
    value:
      "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src data:; font-src 'none'; connect-src 'none'; " +
      "form-action 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'self'",
  },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

/**
 * A preview build (VERCEL_ENV=preview or KILOWISE_PREVIEW=1, read at build time; lib/preview.ts checks the
 * values) asks search engines to leave every response alone.
 */
const PREVIEW = process.env.VERCEL_ENV === 'preview' || process.env.KILOWISE_PREVIEW === '1';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Standalone MDX pages in app/ (the playground); the guides in content/ go through contentlayer.
  pageExtensions: ['ts', 'tsx', 'mdx'],
  // The bench builds a 600-operation reference beside the real build (scripts/bench.ts).
  distDir: process.env.KILOWISE_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: {
    resolveAlias: {
      // flexsearch's "compact" build has all the search box uses (Document, charsets, export/import,
      // suggestions) without workers and database adapters: 11 KB gzip instead of 18. Its package
      // exports map does not list it, so the alias names the file. Node (build, tests) keeps the default.
      flexsearch: { browser: './node_modules/flexsearch/dist/flexsearch.compact.module.min.js' },
    },
  },
  // URLs have no trailing slash; the slash form redirects (308) to it, so bookmarked links keep working.
  trailingSlash: false,
  // Browsers ask for /favicon.ico on their own; answer with the SVG logo rather than a 404.
  async rewrites() {
    return [
      { source: '/favicon.ico', destination: '/img/logo.svg' },
      // Every page's Markdown twin at its URL plus .md (app/md/[...slug]/route.ts); /index.md is the home page's.
      { source: '/:path(.+)\\.md', destination: '/md/:path' },
    ];
  },
  async headers() {
    // The later entry wins for a header both set: the frame's policy replaces the site's.
    return [
      { source: '/:path*', headers: PREVIEW ? [...SECURITY_HEADERS, { key: 'X-Robots-Tag', value: 'noindex, nofollow' }] : SECURITY_HEADERS },
      { source: '/generated/package-playground/:path*', headers: FRAME_HEADERS },
    ];
  },
  async redirects() {
    return [
      { source: '/docs', destination: '/', permanent: false },
      { source: '/sdk', destination: '/sdk/getting-started', permanent: false },
      { source: '/sdk/packages', destination: '/sdk/packages/kilowise-client', permanent: false },
    ];
  },
};

// Turbopack takes MDX plugins by name only.
const withMDX = createMDX({ options: { remarkPlugins: ['remark-gfm'] } });

export default withMDX(nextConfig);
