// The response headers of the site: one source for `headers()` in next.config.mjs (next start and a
// Vercel-style host) and for the static export's host configurations (scripts/build-static.ts writes
// out/_headers and deploy/nginx.conf from it). Plain JavaScript, as next.config.mjs loads it untranspiled;
// lib/deploy/headers.d.mts types it.

/**
 * Sent with every response. The policy here holds what a <meta> policy cannot carry (frame-ancestors);
 * each prerendered page adds its own policy as a <meta> tag with the hashes of its inline scripts
 * (scripts/apply-csp.ts). Browsers enforce both.
 */
export const SECURITY_HEADERS = [
  {
    key: 'Content-Security-Policy',
    value: "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
  },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // No other origin's window keeps a handle on ours (the site opens no cross-origin popups).
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
  },
];

/** Where the package playgrounds' preview frame is served from (public/generated/package-playground). */
export const FRAME_PATH = '/generated/package-playground';

/**
 * The package playgrounds' preview frame (built by scripts/build-playground-frame.ts) runs the reader's
 * code. The page embeds it with `sandbox="allow-scripts"`, so it has an origin of its own; this policy lets
 * only the site's pages embed it, lets it run its own script and `new Function` for the reader's code, and
 * gives that code no network (requests go to the page by postMessage) and no forms. It replaces the
 * site's headers of the same names.
 */
export const FRAME_HEADERS = [
  {
    key: 'Content-Security-Policy',
    value:
      "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src data:; font-src 'none'; connect-src 'none'; " +
      "form-action 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'self'",
  },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

/** A preview build asks search engines to leave every response alone. */
export const PREVIEW_HEADERS = [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }];

/**
 * Whether the environment asks for a preview build (VERCEL_ENV=preview or KILOWISE_PREVIEW=1; lib/preview.ts
 * checks the values and stops a build on a bad one).
 * @param {Record<string, string | undefined>} env
 */
export function isPreviewEnv(env) {
  return env.VERCEL_ENV === 'preview' || env.KILOWISE_PREVIEW === '1';
}

/**
 * What every response of the site carries: the security headers, and on a preview the robots header.
 * @param {boolean} preview
 */
export function siteHeaders(preview) {
  return preview ? [...SECURITY_HEADERS, ...PREVIEW_HEADERS] : SECURITY_HEADERS;
}

/** Hashed build assets (`/_next/static/`): a new build gives them new names, so a year is safe. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (pages, `.md` twins, the search index, images): a cache checks back with the server before reuse. */
export const REVALIDATE_CACHE = 'public, max-age=0, must-revalidate';

/**
 * The methods `/mcp` serves (MCP's Streamable HTTP without a stream of the server's own: GET is 405 there, as MCP
 * allows). OPTIONS names them; every other method, TRACE included (lib/deploy/trace.ts), gets 405 naming them.
 */
export const MCP_METHODS = 'POST, DELETE';

/** The text of /mcp's 405 for a method it does not serve. */
export const MCP_METHOD_NOT_ALLOWED =
  'Method not allowed: /mcp answers POST and DELETE (MCP over Streamable HTTP; every answer comes in the response to its POST, so GET opens no stream).\n';

/**
 * A %-escape of a character that needs none (a letter, a digit, - . _ ~) or of a slash, as a regular expression's
 * source (case-insensitive): a path with one names no page on either host (proxy.ts under next start, the
 * generated nginx configuration for the export). No link of the site writes one.
 */
export const ESCAPED_PLAIN = '%(?:2[def]|3[0-9]|[46][1-9a-f]|[57][0-9a]|5f|7e)';

/**
 * A backslash, a control character or DEL in a decoded path, as a regular expression's source: refused with 400 on
 * both hosts (proxy.ts, the generated nginx configuration), since browsers read a backslash as a slash and drop
 * tabs and newlines, so a redirect to such a path could leave the site.
 */
export const REFUSED_DECODED = '[\\x00-\\x1f\\x5c\\x7f]';

/** The site's redirects: the section roots to their first page (temporary, as the first page may change). */
export const REDIRECTS = [
  { source: '/docs', destination: '/', permanent: false },
  { source: '/sdk', destination: '/sdk/getting-started', permanent: false },
  { source: '/sdk/packages', destination: '/sdk/packages/kilowise-client', permanent: false },
];

/** Browsers ask for /favicon.ico on their own; it is answered with the SVG logo. */
export const FAVICON = { source: '/favicon.ico', destination: '/img/logo.svg' };
