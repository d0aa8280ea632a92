import 'server-only';
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { docsData } from './data';
import { createDocsServer } from './server';
import { createSessionStore } from './sessions';

/** The largest MCP message read; a larger one is refused before it is parsed. */
const MAX_MESSAGE_BYTES = 1_000_000;

const sessions = createSessionStore<WebStandardStreamableHTTPServerTransport>(
  () => docsData().contract,
  (transport) => void transport.close(),
);

/** A JSON-RPC error as the Streamable HTTP transport writes its own. */
function rpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

/** The methods of MCP's Streamable HTTP; any other gets 405 naming them, as every other route does its own. */
export function mcpMethodNotAllowed(): Response {
  return new Response('Method not allowed: /mcp answers POST, GET and DELETE (MCP over Streamable HTTP).\n', {
    status: 405,
    headers: { allow: 'POST, GET, DELETE', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * `/mcp`: the docs' MCP server over Streamable HTTP. An `initialize` without a session starts one (its id comes
 * back in `Mcp-Session-Id`); every other message names its session. Sessions, and the sandbox each may hold, are
 * bounded (lib/mcp/sessions.ts). Malformed messages get JSON-RPC errors from the transport; nothing here throws.
 */
export async function handleMcp(request: Request): Promise<Response> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_MESSAGE_BYTES)
    return rpcError(413, -32600, `The message is larger than ${MAX_MESSAGE_BYTES} bytes`);
  const sessionId = request.headers.get('mcp-session-id');
  if (sessionId) {
    const transport = sessions.get(sessionId);
    if (!transport)
      return rpcError(
        404,
        -32001,
        'Session not found (it ended or was idle too long): start a new one with initialize',
      );
    return transport.handleRequest(request);
  }
  if (request.method !== 'POST') return rpcError(400, -32000, 'No session: send initialize in a POST first');
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => sessions.add(id, transport),
    onsessionclosed: (id) => sessions.remove(id),
  });
  const server = createDocsServer({
    sandbox: () => {
      if (!transport.sessionId) throw new Error('[mcp] a tool ran before the session began');
      return sessions.sandbox(transport.sessionId);
    },
  });
  await server.connect(transport);
  return transport.handleRequest(request);
}
