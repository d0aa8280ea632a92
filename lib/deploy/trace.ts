// TRACE under `next start`. Next.js makes a fetch Request of each request before proxy.ts or a route sees it, and
// the Fetch standard refuses the method (`new Request(url, { method: 'TRACE' })` throws), so Next's server answered
// TRACE with a bare 500 and no security headers. Node's HTTP server still hands the request over, so this answers
// it there, before Next: 405 with Allow and the security headers, as proxy.ts (and /mcp) answer other methods
// they do not serve. instrumentation.ts installs it as the server starts.
// The same hook turns an absolute-form request target (`GET http://evil.example/docs/ HTTP/1.1`, which HTTP/1.1
// servers must accept) into its path: Next built its redirects from the target's host, so the trailing-slash
// redirect pointed at whatever host the client named. The Host header stays as sent.
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isPreviewEnv, MCP_METHOD_NOT_ALLOWED, MCP_METHODS, siteHeaders } from './headers.mjs';
import { clientAddress, trustedProxies, type TrustedProxies } from '../security/client-address';
import { parserRefusal, writeRawAnswer } from './raw-answer';
import { conditionsOf, fileStat, staticFileOf, staticRootsOf, type StaticRoots } from './static-conditions';

/** The headers every answer of the site carries (`siteHeaders`: the security headers, and on a preview X-Robots-Tag). */
type SiteHeaders = readonly { key: string; value: string }[];

const INSTALLED = Symbol.for('kilowise.refuseTrace');

/** The path of a request target, or `/` for a target that is no URL path (answered as any other path). */
function pathOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://host').pathname;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return '/';
  }
}

/**
 * The methods a route handler of Next.js can answer itself: a route answers the ones it does not export with 405
 * and Allow. Any other method (PROPFIND, MKCOL, SEARCH) got a bare 400 on /mcp, with no Allow.
 */
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** Whether this hook answers the request itself: TRACE anywhere, and on /mcp any method no route can export. */
export function answeredHere(request: IncomingMessage): boolean {
  if (request.method === 'TRACE') return true;
  return pathOf(request) === '/mcp' && !ROUTE_METHODS.has(request.method ?? '');
}

/** 405 for a TRACE request, with the `Allow` of its path: /mcp's methods, GET and HEAD everywhere else. */
export function answerTrace(request: IncomingMessage, response: ServerResponse, headers: SiteHeaders): void {
  const mcp = pathOf(request) === '/mcp';
  const text = mcp ? MCP_METHOD_NOT_ALLOWED : 'Method not allowed: this site answers GET and HEAD only.\n';
  answerPlain(response, headers, 405, text, { allow: mcp ? MCP_METHODS : 'GET, HEAD' });
}

/** A plain answer of the hook's own, with the site's headers (and `extra`). */
function answerPlain(
  response: ServerResponse,
  headers: SiteHeaders,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  response.statusCode = status;
  for (const header of headers) response.setHeader(header.key, header.value);
  for (const [key, value] of Object.entries(extra)) response.setHeader(key, value);
  response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(text);
}

/**
 * What Node's HTTP parser refused (a malformed request line or header, headers past 16 KB) is answered as Node
 * answers it, 400 or 431 with the connection closed, but with the site's headers, which Node's own answer
 * lacks. Gives false where Node would write nothing either (the socket is closed, or an answer has begun on
 * it), and Node then closes it.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex & { bytesWritten?: number },
  site: SiteHeaders,
): boolean {
  if (!socket.writable || (socket.bytesWritten ?? 0) > 0) return false;
  const { tooLarge, status } = parserRefusal(error);
  const text = tooLarge
    ? 'Request header fields too large: the request line and headers may take 16 KB.\n'
    : 'Bad request: the request is not well-formed HTTP.\n';
  writeRawAnswer(
    socket,
    status,
    [
      ...site.map((header): [string, string] => [header.key, header.value]),
      ['Content-Type', 'text/plain; charset=utf-8'],
      ['Cache-Control', 'no-store'],
    ],
    text,
  );
  return true;
}

/**
 * CONNECT, which Node's server hands to `connect` listeners rather than to `request`: with none (Next adds none), Node
 * closed the socket without a word (the fifth probe). The site is no proxy: 405 with Allow and the site's headers, the connection
 * closed.
 */
export function answerConnect(socket: Duplex, site: SiteHeaders): void {
  if (!socket.writable) return;
  writeRawAnswer(
    socket,
    '405 Method Not Allowed',
    [
      ...site.map((header): [string, string] => [header.key, header.value]),
      ['Allow', 'GET, HEAD'],
      ['Content-Type', 'text/plain; charset=utf-8'],
      ['Cache-Control', 'no-store'],
    ],
    'Method not allowed: this site is no proxy; CONNECT is not served.\n',
  );
}

/**
 * The origin form of an absolute-form request target (`http://evil.example/docs/?a=1` → `/docs/?a=1`), or the target
 * as it is when it is already a path (or `*`). A target that is neither is left to the server, which answers 400.
 */
export function originForm(target: string): string {
  if (target.startsWith('/') || target === '*') return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch (error) {
    if (error instanceof TypeError) return target;
    throw error;
  }
}

/**
 * X-Forwarded-For as the routes read it: the one address of the client, from the socket and the trusted proxies
 * (lib/security/client-address.ts), in place of whatever the request carried; X-Real-IP goes. A route handler never
 * sees the socket, and Next keeps a client's own X-Forwarded-For, so a route that reads the header's last entry (as
 * on a Vercel-style host, whose platform writes it) would count the client's claim. With no address, neither header.
 */
export function normalizeForwardedFor(request: IncomingMessage, trusted: TrustedProxies): void {
  const forwarded = new Headers();
  for (const name of ['x-forwarded-for', 'x-real-ip']) {
    const value = request.headers[name];
    if (value !== undefined) forwarded.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const address = clientAddress(forwarded, { peer: request.socket.remoteAddress }, trusted);
  delete request.headers['x-real-ip'];
  if (address) request.headers['x-forwarded-for'] = address.toString();
  else delete request.headers['x-forwarded-for'];
}

/** The trusted proxies of the environment; a bad setting trusts none, and says so (/mcp answers it, naming it). */
function trustedFromEnvironment(): TrustedProxies {
  try {
    return trustedProxies(process.env.KILOWISE_TRUSTED_PROXIES);
  } catch (error) {
    console.error(`[server] ${error instanceof Error ? error.message : String(error)}: no proxy is trusted`);
    return trustedProxies(undefined);
  }
}

/** Headers under which send's answer for a static file can fail (lib/deploy/static-conditions.ts). */
const CONDITIONS = ['range', 'if-match', 'if-unmodified-since'];

/**
 * A GET or HEAD of a static file with Range or a precondition, judged before Next, whose send answers their 412 and
 * 416 with a bare 500: 412 or 416 answered here, or a malformed Range dropped (true when answered).
 */
export function answerStaticConditions(
  request: IncomingMessage,
  response: ServerResponse,
  headers: SiteHeaders,
  roots: StaticRoots,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!CONDITIONS.some((name) => request.headers[name] !== undefined)) return false;
  const file = staticFileOf(pathOf(request), roots);
  const stat = file === undefined ? undefined : fileStat(file);
  if (!stat) return false;
  const outcome = conditionsOf(request.headers, stat);
  if (outcome === 'drop range') delete request.headers.range;
  if (outcome === undefined || outcome === 'drop range') return false;
  answerPlain(response, headers, outcome.status, outcome.text, outcome.headers);
  return true;
}

/**
 * Makes every HTTP server of the process answer TRACE with answerTrace before its own listener runs, CONNECT with
 * answerConnect, `/mcp` with `serveMcp` when given, a static file's failed precondition or unsatisfiable Range (under
 * `roots`) with 412 or 416,
 * and see every other request's target in origin form and its X-Forwarded-For as normalizeForwardedFor writes it. Next.js creates its server before it loads instrumentation.ts, so the server's prototype is where this can go; every
 * other request and event is emitted as before. Installing twice changes nothing.
 */
export function refuseTrace(
  serveMcp?: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  roots: StaticRoots = staticRootsOf(process.env, process.cwd()),
  trusted: TrustedProxies = trustedFromEnvironment(),
): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit;
  // What every response carries, read once: the environment of a running server does not change.
  const headers = siteHeaders(isPreviewEnv(process.env));
  prototype.emit = function emitUnlessTrace(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    const [request, response] = args as [IncomingMessage | undefined, ServerResponse | undefined];
    if (event === 'request' && request && response && answeredHere(request)) {
      answerTrace(request, response, headers);
      return true;
    }
    // /mcp's own handlers, before Next's router (lib/mcp/node.ts says why); TRACE and the like were answered above.
    if (event === 'request' && request && response && serveMcp && pathOf(request) === '/mcp') {
      void serveMcp(request, response);
      return true;
    }
    if (event === 'request' && request?.url) request.url = originForm(request.url);
    if (event === 'request' && request) normalizeForwardedFor(request, trusted);
    // `*` (OPTIONS * HTTP/1.1), or any target that is still no path, names no resource: Next's router made a URL of
    // it and answered 500. 400, as nginx answers.
    if (event === 'request' && request && response && !request.url?.startsWith('/')) {
      answerPlain(response, headers, 400, 'Bad request: the request target is not a path.\n');
      return true;
    }
    // Range and preconditions on a static file, which Next's own answer turns into a bare 500.
    if (event === 'request' && request && response && answerStaticConditions(request, response, headers, roots))
      return true;
    // Node emits `connect` only to a server that listens for it, and closes the socket otherwise: the first
    // connection gives this server a listener that answers it.
    if (event === 'connection' && this.listenerCount('connect') === 0)
      this.on('connect', (_request: IncomingMessage, socket: Duplex) => answerConnect(socket, headers));
    if (event === 'clientError') {
      const [error, socket] = args as [Error & { code?: string }, Duplex];
      if (this.listenerCount('clientError') === 0 && answerClientError(error, socket, headers)) return true;
    }
    // The site's headers before Next writes any: its own answers (the trailing-slash and repeated-slash redirects,
    // an error of its server) carried none, while next.config.mjs's headers() sets the same on every other.
    if (event === 'request' && response) for (const header of headers) response.setHeader(header.key, header.value);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
  prototype[INSTALLED] = true;
}
