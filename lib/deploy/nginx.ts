// nginx's configuration for the static export (deploy/nginx.conf) and for a caching proxy in front of `next start`
// (deploy/nginx-proxy.conf), written by scripts/build-static.ts from the same headers as next.config.mjs.
import {
  ESCAPED_PLAIN,
  REFUSED_DECODED,
  FAVICON,
  FRAME_PATH,
  IMMUTABLE_CACHE,
  REDIRECTS,
  REVALIDATE_CACHE,
  siteHeaders,
  type HeaderEntry,
} from './headers.mjs';
import { frameHeaders } from './static-export';

/** Debian's brotli_static module (libnginx-mod-http-brotli-static): where it is, deploy/nginx.conf turns brotli on. */
export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * What a generated server block listens on: the loopback address unless the builder asks for every interface
 * (`KILOWISE_NGINX_LISTEN_ALL=1` in scripts/build-static.ts), so a configuration copied onto a server is not
 * public until someone decides it should be, or puts a proxy or load balancer in front of it on the same host.
 */
export const listenAddress = (port: number, allInterfaces = false) => (allInterfaces ? `${port}` : `127.0.0.1:${port}`);

export interface NginxOptions {
  /** The absolute path of out/. */
  root: string;
  /** The port; the address is 127.0.0.1 unless `allInterfaces` is set. */
  listen: number;
  /** Listen on every interface (`listen PORT;`) rather than on 127.0.0.1 only. */
  allInterfaces?: boolean;
  /** Whether the brotli_static module is loaded (Debian: libnginx-mod-http-brotli-static). */
  brotli: boolean;
  preview: boolean;
}

/** The request headers a page's response depends on, besides Accept-Encoding. */
const RSC_VARY = 'RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch';

/**
 * public/generated/ is served by name: its HTML files are the API reference's fragments, fetched as files. The
 * other `.html` files of out/ are the exported pages, served at their paths without the extension.
 */
const PUBLIC_GENERATED = '/generated/';

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const addHeaders = (headers: readonly HeaderEntry[], indent: string) =>
  headers.map((header) => `${indent}add_header ${header.key} ${quote(header.value)} always;`).join('\n');

/** A raw path with ESCAPED_PLAIN in it, not ending with a slash (the trailing-slash redirect comes first there). */
const ESCAPED_PLAIN_NGINX = `^[^?]*${ESCAPED_PLAIN}(?:[^?]*[^/?])?(?:\\?|$)`;

/**
 * The server block's answers before any file: the security headers on nginx's own answers, the refusal of paths
 * that could make the trailing-slash redirect leave the origin, and 405 for every method but GET and HEAD.
 */
function refusals(site: readonly HeaderEntry[]): string {
  return `  # nginx's own answers (a 400 for a malformed request line or header, 414, the refusal below) carry the
  # security headers too. A location with add_header lines of its own replaces these, so each repeats them.
${addHeaders(site, '  ')}

  # Refused before any location: a decoded path with a backslash or a control character, or starting with two
  # slashes (possible with merge_slashes off). The trailing-slash redirect below writes the decoded path into
  # Location, and browsers read a backslash as a slash and drop tabs and newlines: /%5Cevil.example/ and
  # /%09/evil.example/ would both redirect a browser to //evil.example, another origin. $uri is decoded, so no
  # encoding of these gets past the check.
  if ($uri ~ "${REFUSED_DECODED}|^//") {
    return 400;
  }

  # Only GET and HEAD: everything here is a file.
  if ($request_method !~ ^(GET|HEAD)$) {
    return 405;
  }
  error_page 405 = @method_not_allowed;
  location @method_not_allowed {
    default_type text/plain;
    add_header Allow "GET, HEAD" always;
${addHeaders(site, '    ')}
    return 405 "Method not allowed: this site answers GET and HEAD only.\n";
  }

  # As under next start: a path whose last slash was sent as %2F names no page, and a path with a doubled slash
  # inside redirects to its single-slash form (nginx merges the slashes in $uri).
  if ($request_uri ~* "^[^?]*%2F(?:\\?|$)") {
    return 404;
  }
  if ($request_uri ~ "^/[^?]*//") {
    return 308 $uri$is_args$args;
  }

  # As under next start (proxy.ts), which routes a path as it was sent: a path that spells a letter, a digit, one
  # of - . _ ~ or a slash with a %-escape names no page, where nginx would decode it into one (/docs%2Flocations,
  # /%64ocs/x). No link of the site does it. With a trailing slash, it first redirects to itself without the slash,
  # as written (/%2F/ → /%2F, where the decoded path would be the home page); the checks above keep the Location a
  # path of this site.
  if ($request_uri ~* "${ESCAPED_PLAIN_NGINX}") {
    return 404;
  }
  if ($request_uri ~* "^(?<escaped_without_slash>/[^?]*?${ESCAPED_PLAIN}[^?]*?)/(?:\\?|$)") {
    return 308 $escaped_without_slash$is_args$args;
  }`;
}

/** The 404 page, the trailing-slash redirect, and the files served by no name of their own: the precompressed copies and the pages' `.html`. */
function slashesAndHiddenFiles(site: readonly HeaderEntry[], revalidate: string): string {
  return `  error_page 404 /404.html;

  # URLs have no trailing slash: the slash form redirects to it, as under next start. The check above keeps
  # $without_slash a path of this site: one slash, then neither a slash nor a backslash.
  location ~ ^(?<without_slash>/.+)/$ {
${addHeaders(site, '    ')}
    # The path as the client encoded it, as next start writes it (/%3F/x/ → /%3F/x, not /?/x), when it starts
    # with one slash and then neither a slash nor a backslash; else the decoded path, which the checks above keep so.
    if ($request_uri ~ "^(?<raw_without_slash>/[^/\\\\?][^?]*?)/(?:\\?|$)") {
      return 308 $raw_without_slash$is_args$args;
    }
    return 308 $without_slash$is_args$args;
  }

  # The precompressed files are for nginx's gzip and brotli static modules, which open them beside the file asked
  # for, without a location. By name they are 404, as under next start, not a compressed body under another type.
  location ~ \\.(?:gz|br)$ {
    return 404;
  }

  # The exported pages' files are served at their paths without .html (location / below), and 404.html as the
  # error page only: /index.html, /404.html or /docs/x.html by name is 404, as under next start.
  location ~ "^(?!${PUBLIC_GENERATED}).*\\.html$" {
    internal;
${revalidate}
  }`;
}

/** The site's redirects and the favicon. */
function redirectLocations(site: readonly HeaderEntry[], revalidate: string): string {
  return `${REDIRECTS.map((redirect) => `  location = ${redirect.source} {\n${addHeaders(site, '    ')}\n    return ${redirect.permanent ? 308 : 307} ${redirect.destination};\n  }`).join('\n')}
  location = ${FAVICON.source} {
    default_type image/svg+xml;
    try_files ${FAVICON.destination} =404;
${revalidate}
  }`;
}

/** The hashed assets, the preview frame, the Markdown twins and the RSC payloads by name. */
function assetLocations(site: readonly HeaderEntry[], revalidate: string): string {
  return `  location /_next/static/ {
${addHeaders(site, '    ')}
    add_header Cache-Control ${quote(IMMUTABLE_CACHE)} always;
  }

  location ${FRAME_PATH}/ {
${addHeaders(frameHeaders(site), '    ')}
    add_header Cache-Control ${quote(REVALIDATE_CACHE)} always;
  }

  location ~ \\.md$ {
    types { }
    default_type text/markdown;
${revalidate}
  }

  # The RSC payloads are answered at the page's own path (location / below, for the router's RSC requests). By name,
  # as under next start, they are 404: /docs/x.rsc, /index.rsc and the segments' files.
  location ~ \\.rsc$ {
    return 404;
  }`;
}

/** Files of out/ that are not pages of the site: 404 by name. */
function notPageLocations(): string {
  return `  # Files of out/ for other hosts (Netlify's and Cloudflare Pages' rules), not pages of the site.
  location = /_headers {
    return 404;
  }
  location = /_redirects {
    return 404;
  }

  # /index and /404 are files of out/ (index.html, 404.html), not pages: 404 by path, as under next start.
  location = /index {
    return 404;
  }
  location = /404 {
    return 404;
  }`;
}

/** The pages, the home page first, and public/generated/'s files by name. */
function pageLocations(revalidate: string): string {
  return `  # The home page's payload and segments are index.rsc and index.segments/.
  location = / {
    try_files /index$kilowise_segment /index$kilowise_rsc /index.html =404;
    add_header Vary ${quote(RSC_VARY)} always;
${revalidate}
  }

  # Under /generated/ (the API reference's fragments, the playground frame) every file is served by its own name,
  # as Next serves public/: /generated/api/x/reference is 404, not reference.html.
  location /generated/ {
    try_files $uri =404;
${revalidate}
  }

  location / {
    # An RSC request for a page is answered with a segment of its payload, or the whole payload.
    try_files $uri$kilowise_segment $uri$kilowise_rsc $uri $uri.html =404;
    add_header Vary ${quote(RSC_VARY)} always;
${revalidate}
  }`;
}

/** The server block's locations: the 404 page, trailing slashes, redirects, the files and the pages. */
function fileLocations(site: readonly HeaderEntry[], revalidate: string): string {
  return `${slashesAndHiddenFiles(site, revalidate)}
${redirectLocations(site, revalidate)}

${assetLocations(site, revalidate)}

${notPageLocations()}

${pageLocations(revalidate)}`;
}

/**
 * deploy/nginx.conf: one server block for out/. Precompressed files (gzip_static, brotli_static where the
 * module is loaded), pages at their paths without `.html`, the 404 page, trailing slashes and the site's
 * redirects, the headers, and the Next router's requests for a page's RSC payload answered from the
 * exported `.rsc` files, so navigation stays client-side as under `next start`. Paths that are files of out/
 * but not URLs of the site (`/index.html`, `/docs/x.html`, `/404.html`, `x.gz`, `x.br`) answer 404 as there.
 * A path whose decoded form has a backslash or a control character, or starts with `//`, is refused with 400
 * before any location, so the trailing-slash redirect only ever points at a path of the same origin.
 */
export function nginxConf(options: NginxOptions): string {
  const site = siteHeaders(options.preview);
  const revalidate = `${addHeaders(site, '    ')}\n    add_header Cache-Control ${quote(REVALIDATE_CACHE)} always;`;
  return `# Generated by \`npm run build:static\` from lib/deploy/headers.mjs (the source of next.config.mjs's headers()).
# A server block: include it in the http block of nginx.conf. It serves ${options.root}.
# The site's own Content-Security-Policy for each page is in that page's <meta> tag.

# The Next router asks for a page's RSC payload with an "RSC: 1" header, and for one segment of it with
# Next-Router-Segment-Prefetch; the export has both as files beside the page.
map $http_next_router_segment_prefetch $kilowise_segment {
  default "";
  "~^(?<segment>/[^.]+)$" ".segments$segment.segment.rsc";
}
map $http_rsc $kilowise_rsc {
  default "";
  "1" ".rsc";
}

server {
  # 127.0.0.1 unless the build asked for every interface (KILOWISE_NGINX_LISTEN_ALL=1).
  listen ${listenAddress(options.listen, options.allInterfaces)};
  server_name _;
  root ${options.root};
  charset utf-8;
  charset_types text/plain text/markdown text/css application/javascript application/json image/svg+xml text/x-component;
  server_tokens off;
  absolute_redirect off;
  types {
    text/html html;
    text/css css;
    application/javascript js mjs;
    application/json json map;
    text/plain txt;
    text/yaml yaml;
    application/xml xml;
    image/svg+xml svg;
    image/png png;
    image/x-icon ico;
    text/x-component rsc;
    text/markdown md;
    font/woff2 woff2;
  }

  gzip off;
  gzip_static on;
  gzip_vary on;
${options.brotli ? '  brotli_static on;\n' : ''}
${refusals(site)}

${fileLocations(site, revalidate)}
}
`;
}

export interface NginxProxyOptions {
  /** The port; the address is 127.0.0.1 unless `allInterfaces` is set. */
  listen: number;
  /** Listen on every interface (`listen PORT;`) rather than on 127.0.0.1 only. */
  allInterfaces?: boolean;
  /** Where `next start` listens, as host:port. */
  upstream: string;
  /** The proxy cache's folder. */
  cacheDir: string;
}

/**
 * deploy/nginx-proxy.conf: nginx in front of `next start` as a caching proxy, for a host that runs the app
 * (for /mcp) rather than the export. Pages revalidate with the server (`max-age=0`), so the proxy keeps each
 * response for a second and serves it while one request refreshes it: a burst of readers costs the app one
 * render per page per second. The app compresses once per cached response; a client without gzip gets it
 * unzipped. The router's RSC requests and everything but GET and HEAD pass through uncached; /mcp streams.
 */
export function nginxProxyConf(options: NginxProxyOptions): string {
  const pass = `    proxy_pass http://kilowise_next;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;`;
  return `# Generated by \`npm run build:static\` (lib/deploy/nginx.ts). nginx as a caching proxy in front of
# \`next start\` on ${options.upstream}: include this file in the http block of nginx.conf. The app sends the
# security headers itself (next.config.mjs, proxy.ts). Start the app with KILOWISE_TRUSTED_PROXIES=127.0.0.1 (the
# address nginx connects from): it reads X-Forwarded-For, which nginx appends the client's address to, only from a
# proxy named there, and without it every client of /mcp counts as nginx (lib/security/client-address.ts).
proxy_cache_path ${options.cacheDir} levels=1:2 keys_zone=kilowise_docs:10m max_size=512m inactive=10m use_temp_path=off;

upstream kilowise_next {
  server ${options.upstream};
  keepalive 64;
}

server {
  # 127.0.0.1 unless the build asked for every interface (KILOWISE_NGINX_LISTEN_ALL=1).
  listen ${listenAddress(options.listen, options.allInterfaces)};
  server_name _;
  server_tokens off;

  # TRACE never reaches the app: Next.js makes a fetch Request of each request for proxy.ts, and the Fetch
  # standard refuses TRACE (\`next start\` answers it before Next, in lib/deploy/trace.ts). The proxy answers as
  # the app does for every other method it does not serve.
  if ($request_method = TRACE) {
    return 405;
  }
  error_page 405 = @trace_not_allowed;
  location @trace_not_allowed {
    default_type text/plain;
    add_header Allow "GET, HEAD" always;
    return 405 "Method not allowed: this site answers GET and HEAD only.\n";
  }

  location / {
${pass}
    proxy_set_header Accept-Encoding gzip;
    gunzip on;
    proxy_cache kilowise_docs;
    proxy_cache_methods GET HEAD;
    proxy_cache_key "$request_method$host$request_uri";
    # The router's requests for a page's payload vary by their headers: they go to the app.
    proxy_cache_bypass $http_rsc;
    proxy_no_cache $http_rsc;
    proxy_ignore_headers Cache-Control Expires;
    proxy_cache_valid 200 301 307 308 404 1s;
    proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
    proxy_cache_background_update on;
    proxy_cache_lock on;
    add_header X-Cache-Status $upstream_cache_status always;
  }

  # Reader insights: the ingest endpoint (POST) and the editors' report behind a token, never cached.
  location /insights {
${pass}
    proxy_cache off;
  }

  # The MCP server streams its answers (Server-Sent Events) and keeps its sessions: nothing cached or buffered.
  location = /mcp {
${pass}
    proxy_buffering off;
    proxy_cache off;
    proxy_read_timeout 1h;
  }
}
`;
}
