// `/mcp` over HTTP: the route's handlers for each method, and the request's way through the parts of the server,
// each in a file of its own job: the client's address (lib/security/client-key.ts), the JSON-RPC framing
// (lib/mcp/json-rpc.ts), the session and its tool calls' turns (lib/mcp/session-requests.ts, lib/mcp/call-limit.ts)
// and the pool of MCP servers that answer (lib/mcp/server-pool.ts).
import 'server-only';
import { MCP_METHOD_NOT_ALLOWED, MCP_METHODS } from '../deploy/headers.mjs';
import type { Arrival } from '../security/client-address';
import { openStore } from '../store/open';
import { clientOf } from '../security/client-key';
import { createCallLimiter, type CallLimiter } from './call-limit';
import { docsData } from './data';
import { batchProblem, describe, messagesOf, paramsProblem, readMessage, requestIds, rpcError } from './json-rpc';
import { answerInSession } from './session-requests';
import { createSessions, sessionSettings, sessionTag, type Sessions, type SessionSettings } from './sessions';

/** What one instance of `/mcp` serves with: its settings, the sessions in their store, and its tool calls' turns. */
export interface McpBackend {
  settings: SessionSettings;
  sessions: Sessions;
  /** Made with the defaults when left out. */
  calls?: CallLimiter;
}

/** The settings and the store the environment names (lib/store/open.ts). */
async function backendFromEnvironment(): Promise<McpBackend> {
  const settings = sessionSettings();
  const store = await openStore({ namespace: 'mcp', limits: settings.limits, log: console.log });
  return { settings, sessions: createSessions(store, () => docsData().contract) };
}

/** The methods of MCP's Streamable HTTP; any other gets 405 naming them, as every other route does its own. */
export function mcpMethodNotAllowed(): Response {
  return new Response(MCP_METHOD_NOT_ALLOWED, {
    status: 405,
    headers: { allow: MCP_METHODS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** OPTIONS: the methods `/mcp` serves, and no others (Next's own answer would list PUT, PATCH and HEAD too). */
export function mcpOptions(): Response {
  return new Response(null, { status: 204, headers: { allow: MCP_METHODS, 'cache-control': 'no-store' } });
}

/**
 * The handler of each method of `/mcp` as app/mcp/route.ts exports them, for a host that runs the route as a
 * function (Vercel-style): the request reaches it through the host, which writes X-Forwarded-For itself. Under
 * `next start`, lib/mcp/node.ts answers with handleMcp and the socket's address instead. Every method Next.js
 * routes has one, so Next adds none of its own.
 */
export const MCP_ROUTE = {
  POST: (request: Request) => handleMcp(request, 'platform'),
  GET: (request: Request) => handleMcp(request, 'platform'),
  DELETE: (request: Request) => handleMcp(request, 'platform'),
  OPTIONS: () => mcpOptions(),
  HEAD: () => mcpMethodNotAllowed(),
  PUT: () => mcpMethodNotAllowed(),
  PATCH: () => mcpMethodNotAllowed(),
} as const;

/** A handler of `/mcp`: a request, and how it arrived (the client's address is read from that). */
export type McpHandler = (request: Request, arrival?: Arrival) => Promise<Response>;

/**
 * `/mcp` over `backend`, opened on the first request (a bad setting is then the answer of every request, naming
 * it). The route's is handleMcp, over the environment's store; a test makes its own, as two instances of one store.
 * A request's arrival defaults to 'platform', as a test's in-process requests come: X-Forwarded-For names the client.
 */
export function createMcpHandler(backend: () => Promise<McpBackend> = backendFromEnvironment): McpHandler {
  let opened: Promise<Required<McpBackend>> | undefined;
  const open = async (): Promise<Required<McpBackend>> => {
    const made = await backend();
    return { ...made, calls: made.calls ?? createCallLimiter() };
  };
  return (request, arrival = 'platform') => handle(request, arrival, (opened ??= open()));
}

/**
 * `/mcp`: the docs' MCP server over Streamable HTTP. An `initialize` without a session starts one (its id comes
 * back in `Mcp-Session-Id`); every other message names its session. Sessions, and the sandbox each may hold, are
 * bounded, per client too (lib/mcp/sessions.ts), and live in the session store, so that any instance serves any
 * request: each POST gets a server of its own. Malformed messages get JSON-RPC errors; nothing here throws.
 */
export const handleMcp = createMcpHandler();

async function handle(request: Request, arrival: Arrival, opened: Promise<Required<McpBackend>>): Promise<Response> {
  const started = performance.now();
  // A POST's body is read here, bounded, and handed to the transport parsed; GET (405) and DELETE have none to read.
  let parsedBody: unknown;
  if (request.method === 'POST') {
    const read = await readMessage(request);
    if (read instanceof Response) return read;
    parsedBody = read.message;
    const batchRefused = batchProblem(parsedBody, request.headers.get('mcp-protocol-version'));
    if (batchRefused) return rpcError(400, -32600, batchRefused, requestIds(parsedBody));
    const problem = messagesOf(parsedBody).map(paramsProblem).find(Boolean);
    if (problem) return rpcError(200, -32602, problem, requestIds(parsedBody));
  }
  const sessionId = request.headers.get('mcp-session-id');
  let response: Response;
  try {
    const { settings, sessions, calls } = await opened;
    const client = clientOf(request, arrival, settings.trustedProxies);
    response = await answerInSession(request, parsedBody, sessionId, { settings, sessions, calls, client });
  } catch (error) {
    // Not the store's (storeFailure rethrows those): a bug of ours, or a bad setting such as KILOWISE_REDIS_URL.
    console.error('[mcp] request failed:', error);
    response = rpcError(
      500,
      -32603,
      `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      requestIds(parsedBody),
    );
  }
  const logCalls = await opened.then(
    ({ settings }) => settings.logCalls,
    () => false,
  );
  if (logCalls) {
    const session = response.headers.get('mcp-session-id') ?? sessionId;
    console.log(
      `[mcp] ${request.method} ${parsedBody === undefined ? '' : `${describe(parsedBody)} `}${response.status} ${(performance.now() - started).toFixed(1)} ms${session ? ` session ${sessionTag(session)}` : ''}`,
    );
  }
  return response;
}
