// `/mcp` answered straight from Node's HTTP server under `next start`, before Next's router sees the request
// (lib/deploy/trace.ts installs it; instrumentation.ts loads both). The handlers are app/mcp/route.ts's own
// (MCP_ROUTE), so the answers are the same; what it saves is Next's handling of each request (routing, tracing,
// its fetch Request and response piping): about 1.1 ms of CPU of the 3.5 a tool call cost an instance, on every
// one of an agent's calls. A Vercel-style host, which has no `next start` server, serves the route as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPreviewEnv, siteHeaders } from '../deploy/headers.mjs';
import { handleMcp, MCP_ROUTE, type McpHandler } from './http';

/**
 * A request's body as a web stream that a reader may stop early (handleMcp stops at its limit): the rest is left
 * unread, not destroyed with the socket as Readable.toWeb would, so that the answer (413) still goes out; Node
 * then closes the connection, whose request never ended.
 */
function bodyOf(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  // Once the reader has stopped, the stream's controller may no longer be called: events after it are dropped.
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.on('end', () => {
        if (open) controller.close();
        open = false;
      });
      incoming.on('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
      incoming.pause();
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      open = false;
      incoming.pause();
    },
  });
}

/**
 * The fetch Request of a Node request, as Next makes it for a route: the headers as sent (X-Forwarded-For among
 * them, which counts only when the socket is a trusted proxy: the socket's address goes to handleMcp beside the
 * request), and the body streamed (handleMcp counts its bytes as they arrive). Throws a TypeError for a header
 * fetch refuses.
 */
export function fetchRequestOf(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2)
    headers.append(incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '');
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/mcp', 'http://localhost'), {
    method,
    headers,
    body: hasBody ? bodyOf(incoming) : undefined,
    duplex: 'half',
  } as RequestInit);
}

const MCP_SERVED = new Set(['POST', 'GET', 'DELETE']);

/**
 * Answers a request for `/mcp` with the route's handler for its method (`mcp` for the methods MCP serves: handleMcp,
 * or a test's own), and the site's headers. Never throws.
 */
export async function serveMcp(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  env: Record<string, string | undefined> = process.env,
  mcp: McpHandler = handleMcp,
): Promise<void> {
  let answer: Response;
  try {
    const method = incoming.method ?? '';
    const request = fetchRequestOf(incoming);
    // The methods MCP serves go to handleMcp with the socket's address: the client, unless it is a trusted proxy.
    answer = MCP_SERVED.has(method)
      ? await mcp(request, { peer: incoming.socket.remoteAddress })
      : await (MCP_ROUTE[method as keyof typeof MCP_ROUTE] ?? MCP_ROUTE.PUT)(request);
  } catch (error) {
    // A header value fetch refuses (a control character), or a bug of ours: handleMcp itself never throws.
    const bad = error instanceof TypeError;
    if (!bad) console.error('[mcp] request failed:', error);
    answer = new Response(bad ? `Bad request: ${error.message}\n` : 'Internal error\n', {
      status: bad ? 400 : 500,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const body = Buffer.from(await answer.arrayBuffer());
  if (outgoing.headersSent || outgoing.destroyed) return;
  // The headers next.config.mjs gives every response, /mcp's included.
  for (const header of siteHeaders(isPreviewEnv(env))) outgoing.setHeader(header.key, header.value);
  answer.headers.forEach((value, key) => outgoing.setHeader(key, value));
  outgoing.statusCode = answer.status;
  // A 204 has no body and, by HTTP, no Content-Length.
  if (answer.status !== 204 && answer.status !== 304) outgoing.setHeader('content-length', body.length);
  // A body left unread (past the limit) ends the connection once the answer is out: it is never read on.
  if (!incoming.complete && incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    outgoing.setHeader('connection', 'close');
    outgoing.on('finish', () => incoming.socket.destroySoon());
  }
  outgoing.end(body);
}
