import 'server-only';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { docsData } from './data';
import { createDocsServer } from './server';
import { createSessionStore, SESSION_LIMITS } from './sessions';

/** The largest MCP message read, counted in the bytes that arrive: a chunked body declares no length. */
export const MAX_MESSAGE_BYTES = 1_000_000;

/** The methods `/mcp` serves (MCP's Streamable HTTP); OPTIONS names them, and any other method gets 405. */
export const MCP_METHODS = 'POST, GET, DELETE';

const sessions = createSessionStore<WebStandardStreamableHTTPServerTransport>(
  () => docsData().contract,
  (transport) => void transport.close(),
);

/** A JSON-RPC error as the Streamable HTTP transport writes its own. */
function rpcError(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id }, { status, headers });
}

/** The methods of MCP's Streamable HTTP; any other gets 405 naming them, as every other route does its own. */
export function mcpMethodNotAllowed(): Response {
  return new Response('Method not allowed: /mcp answers POST, GET and DELETE (MCP over Streamable HTTP).\n', {
    status: 405,
    headers: { allow: MCP_METHODS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** OPTIONS: the methods `/mcp` serves, and no others (Next's own answer would list PUT, PATCH and HEAD too). */
export function mcpOptions(): Response {
  return new Response(null, { status: 204, headers: { allow: MCP_METHODS, 'cache-control': 'no-store' } });
}

/**
 * The client a request comes from, for the per-client session limits (lib/mcp/sessions.ts): the last address of
 * `X-Forwarded-For`, which is the one the nearest proxy saw. A Vercel-style host sets the header to the client's
 * address, dropping any the client sent; `deploy/nginx-proxy.conf` appends its peer's (`$proxy_add_x_forwarded_for`);
 * `next start` alone sets it to the socket's address, but keeps one the client sent, so there a client can choose
 * its key: put the proxy in front. Behind more than one proxy, make the nearest report the client (nginx's
 * `real_ip_header`), or every client counts as the outer proxy. An IPv6 address counts by its /64, the block one
 * subscriber gets. Without a usable address, `X-Real-IP`; without that, every such request shares one key.
 */
export function clientOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1);
  return addressKey(forwarded) ?? addressKey(request.headers.get('x-real-ip') ?? undefined) ?? 'unknown';
}

/** "1.2.3.4", "::ffff:1.2.3.4" → "1.2.3.4"; "2001:db8::1" → "2001:db8:0:0::/64"; anything else → undefined. */
function addressKey(raw: string | undefined): string | undefined {
  let address = raw?.trim().replace(/^\[(.*)\](?::\d+)?$/, '$1') ?? '';
  if (/^[\d.]+:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  address = address.replace(/^::ffff:(?=[\d.]+$)/i, '');
  if (isIP(address) === 4) return address;
  return isIP(address) === 6 ? `${ipv6Groups(address).slice(0, 4).join(':')}::/64` : undefined;
}

/** A valid IPv6 address's eight groups, "::" expanded and an IPv4 tail written as two groups. */
function ipv6Groups(address: string): string[] {
  const hex = (address.split('%')[0] ?? '')
    .toLowerCase()
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (...quad: string[]) => {
      const [a, b, c, d] = quad.slice(1, 5).map(Number);
      return `${(((a ?? 0) << 8) | (b ?? 0)).toString(16)}:${(((c ?? 0) << 8) | (d ?? 0)).toString(16)}`;
    });
  const parts = (text: string | undefined) => (text ? text.split(':') : []);
  const [head, tail] = hex.split('::');
  const groups =
    tail === undefined
      ? parts(head)
      : [...parts(head), ...Array<string>(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

/** A POST's message, read to the end while counting its bytes; past MAX_MESSAGE_BYTES the read stops with 413. */
async function readMessage(request: Request): Promise<{ message: unknown } | Response> {
  const tooLarge = () =>
    rpcError(413, -32600, `Payload too large: an MCP message may be at most ${MAX_MESSAGE_BYTES} bytes`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_MESSAGE_BYTES) return tooLarge();
  const decoder = new TextDecoder();
  let text = '';
  if (request.body) {
    const reader = request.body.getReader();
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > MAX_MESSAGE_BYTES) {
          reader.cancel().catch(() => undefined);
          return tooLarge();
        }
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      return rpcError(400, -32700, 'Parse error: the body could not be read to its end');
    }
    text += decoder.decode();
  }
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch {
    return rpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  // JSON that is no message (a string, a number, a list of them) is refused as the SDK refuses it: -32700.
  const isMessage = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!(isMessage(message) || (Array.isArray(message) && message.length > 0 && message.every(isMessage))))
    return rpcError(400, -32700, 'Parse error: the body is JSON, but not a JSON-RPC message or a batch of them');
  return { message };
}

/**
 * `/mcp`: the docs' MCP server over Streamable HTTP. An `initialize` without a session starts one (its id comes
 * back in `Mcp-Session-Id`); every other message names its session. Sessions, and the sandbox each may hold, are
 * bounded, per client too (lib/mcp/sessions.ts). Malformed messages get JSON-RPC errors; nothing here throws.
 */
export async function handleMcp(request: Request): Promise<Response> {
  // A POST's body is read here, bounded, and handed to the transport parsed; GET and DELETE have none to read.
  let parsedBody: unknown;
  if (request.method === 'POST') {
    const read = await readMessage(request);
    if (read instanceof Response) return read;
    parsedBody = read.message;
  }
  const sessionId = request.headers.get('mcp-session-id');
  if (sessionId) {
    const transport = sessions.get(sessionId);
    if (!transport)
      return rpcError(
        404,
        -32001,
        'Session not found (it ended or was idle too long): start a new one with initialize',
      );
    return transport.handleRequest(request, { parsedBody });
  }
  const initialize = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]).find((message) =>
    isInitializeRequest(message),
  );
  if (request.method !== 'POST' || !initialize)
    return rpcError(400, -32000, 'No session: send initialize in a POST first');
  const client = clientOf(request);
  const refused = sessions.start(client);
  if (refused) {
    const seconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
    const id = (initialize as { id?: unknown }).id;
    return rpcError(
      429,
      -32000,
      `Too many sessions: one client may start at most ${SESSION_LIMITS.startsPerMinute} a minute. Retry in ${seconds} s, or reuse an open session.`,
      typeof id === 'string' || typeof id === 'number' ? id : null,
      { 'retry-after': String(seconds) },
    );
  }
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => sessions.add(id, transport, client),
    onsessionclosed: (id) => sessions.remove(id),
  });
  const server = createDocsServer({
    sandbox: () => {
      if (!transport.sessionId) throw new Error('[mcp] a tool ran before the session began');
      return sessions.sandbox(transport.sessionId);
    },
  });
  await server.connect(transport);
  return transport.handleRequest(request, { parsedBody });
}
