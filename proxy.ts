// Requests `next start` (and a Vercel-style host) answers before any route: the rules the static export's
// nginx configuration follows too (lib/deploy/static-export.ts), so both hosts behave alike.
// - Only GET and HEAD: 405 with Allow. /mcp is not matched: it answers MCP's methods and refuses others itself.
// - A path with a malformed percent-encoding (`/docs/%`): 400, not a bare 500.
// - /md/…, where next.config.mjs's rewrite sends `/docs/x.md`, is no URL of the site: 404, as on the static export.
// - Pages, Markdown twins and data revalidate with the server rather than living in a CDN for a year.
import { NextResponse, type NextRequest } from 'next/server';
import { REVALIDATE_CACHE, SECURITY_HEADERS } from './lib/deploy/headers.mjs';

const OPEN_METHODS = new Set(['GET', 'HEAD']);

function plain(status: number, text: string, extra: Record<string, string> = {}): NextResponse {
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra });
  for (const header of SECURITY_HEADERS) headers.set(header.key, header.value);
  return new NextResponse(`${text}\n`, { status, headers });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  if (!decodes(path)) return plain(400, 'Bad request: the path has a malformed percent-encoding.');
  if (path === '/md' || path.startsWith('/md/'))
    return plain(404, "Not found: a page's Markdown is at its own URL plus .md (/docs/locations.md).");
  if (!OPEN_METHODS.has(request.method))
    return plain(405, 'Method not allowed: this site answers GET and HEAD only.', { allow: 'GET, HEAD' });
  const response = NextResponse.next();
  response.headers.set('cache-control', REVALIDATE_CACHE);
  return response;
}

export const config = {
  // Hashed assets keep Next's own year-long, immutable cache rule. /mcp skips the proxy: it answers its own
  // methods, and a proxy pass costs each agent's call a copy of its body.
  matcher: ['/((?!_next/static/|mcp$).*)'],
};
