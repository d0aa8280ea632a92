import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { handleMcp } from './http';

/** Where the tests' requests go: handleMcp answers them in process, so the host is never resolved. */
export const MCP_URL = 'http://docs.test/mcp';

export type McpHandler = (request: Request) => Promise<Response>;

/**
 * The SDK's own client, its requests answered in process, as a client at `address` (X-Forwarded-For): by
 * handleMcp, or by the handler `route` picks for the request of that number (one of several instances).
 */
export async function connectClient(
  address: string,
  route: (index: number) => McpHandler = () => handleMcp,
): Promise<Client> {
  const client = new Client({ name: 'kilowise-test', version: '1.0.0' });
  let requests = 0;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(MCP_URL), {
      requestInit: { headers: { 'x-forwarded-for': address } },
      fetch: (url, init) => route(requests++)(new Request(url, init)),
    }),
  );
  return client;
}

/** A raw `initialize` POST, as a client at `address` sends it. */
export function initializeRequest(address: string, id = 1): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': address,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
    }),
  });
}

/** A raw POST of a JSON-RPC message (its text) in session `sessionId`, as a client at `address` sends it. */
export function sessionRequest(
  sessionId: string,
  body: string,
  { address, protocolVersion = '2025-06-18' }: { address?: string; protocolVersion?: string } = {},
): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(address ? { 'x-forwarded-for': address } : {}),
      'mcp-session-id': sessionId,
      'mcp-protocol-version': protocolVersion,
    },
    body,
  });
}

type Content = { type: string; text?: string }[];

/** A tool result's text. */
export const textOf = (result: object): string =>
  (('content' in result ? result.content : []) as Content).map((part) => part.text ?? '').join('\n');
