// Requests `next start` (and a Vercel-style host) answers before any route: the rules the static export's
// nginx configuration follows too (lib/deploy/nginx.ts), so both hosts behave alike.
// - Only GET and HEAD: 405 with Allow. /mcp is not matched: it answers MCP's methods and refuses others itself.
// - A path with a malformed percent-encoding (`/docs/%`), or a backslash or control character once decoded
//   (`/docs/%00`, `/a%5Cb`): 400, not a bare 500; escapes that are not UTF-8 (`/%C0%AF`): 404. As nginx answers.
// - A path that spells a plain character or a slash with a %-escape (/docs%2Flocations): 404, on both hosts.
// - The image optimiser is off (next.config.mjs), so /_next/image is 404, as on the static export.
// - /md/…, where next.config.mjs's rewrite sends `/docs/x.md`, is no URL of the site: 404, as on the static export.
// - Pages, Markdown twins and data revalidate with the server rather than living in a CDN for a year.
import { NextResponse, type NextRequest } from 'next/server';
import { ESCAPED_PLAIN, REFUSED_DECODED, REVALIDATE_CACHE, SECURITY_HEADERS } from './lib/deploy/headers.mjs';
import { INSIGHTS_SERVER_TIMING } from './lib/insights/server-timing';

const OPEN_METHODS = new Set(['GET', 'HEAD']);

function plain(status: number, text: string, extra: Record<string, string> = {}): NextResponse {
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra });
  for (const header of SECURITY_HEADERS) headers.set(header.key, header.value);
  return new NextResponse(`${text}\n`, { status, headers });
}

/** A `%` not followed by two hex digits: no URL can be read from the path (nginx answers it 400 itself). */
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
/** A backslash, a control character or DEL once decoded: the generated nginx configuration refuses these with 400. */
const REFUSED_DECODED_PATH = new RegExp(REFUSED_DECODED);

const ESCAPED_PLAIN_PATH = new RegExp(ESCAPED_PLAIN, 'i');

/** The decoded path, or undefined when its escapes are not UTF-8 (`/%C0%AF`): then it names no page. */
function decoded(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  if (MALFORMED_ESCAPE.test(path)) return plain(400, 'Bad request: the path has a malformed percent-encoding.');
  const text = decoded(path);
  if (text === undefined) return plain(404, 'Not found: the path is not UTF-8 once decoded, so it names no page.');
  if (REFUSED_DECODED_PATH.test(text))
    return plain(400, 'Bad request: the path holds a backslash or a control character once decoded.');
  // Next routes some such paths as written (/docs%2Flocations: 404) and decodes others (/docs/loc%61tions: 200); the
  // static export's nginx decodes them all. Both answer 404 now (lib/deploy/nginx.ts, ESCAPED_PLAIN).
  if (ESCAPED_PLAIN_PATH.test(path))
    return plain(404, 'Not found: write the path with plain letters, digits and slashes, not %-escapes of them.');
  if (path === '/md' || path.startsWith('/md/'))
    return plain(404, "Not found: a page's Markdown is at its own URL plus .md (/docs/locations.md).");
  if (!OPEN_METHODS.has(request.method))
    return plain(405, 'Method not allowed: this site answers GET and HEAD only.', { allow: 'GET, HEAD' });
  const response = NextResponse.next();
  response.headers.set('cache-control', REVALIDATE_CACHE);
  // Tells a page that this server takes reader insights at /insights/events (components/feedback/send.ts reads it
  // from the navigation's timing); a static host sends no such header, and the widgets stay hidden there.
  response.headers.set('server-timing', INSIGHTS_SERVER_TIMING);
  return response;
}

export const config = {
  // Hashed assets keep Next's own year-long, immutable cache rule. /mcp skips the proxy: it answers its own
  // methods, and a proxy pass costs each agent's call a copy of its body. So do /insights/events (POST, OPTIONS) and
  // /insights/comments (the report's POST).
  matcher: ['/((?!_next/static/|mcp$|insights/events$|insights/comments$).*)'],
};
