import 'server-only';
import { isIP } from 'node:net';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_METHOD_NOT_ALLOWED, MCP_METHODS } from '../deploy/headers.mjs';
import { openStore } from '../store/open';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { SandboxHandle } from '../sandbox/stored';
import { EntryGoneError, StateTooLargeError, StoreError } from '../store/store';
import { docsData } from './data';
import { createDocsServer, TOOL_NAMES } from './server';
import { jsonDepth } from '../sandbox/request';
import { createSessions, sessionSettings, sessionTag, type Sessions, type SessionSettings } from './sessions';

/** The largest MCP message read, counted in the bytes that arrive: a chunked body declares no length. */
export const MAX_MESSAGE_BYTES = 1_000_000;

/** JSON-RPC error codes of ours (the implementation's range, -32000 to -32099; -32001 and -32002 are MCP's). */
export const STORE_UNAVAILABLE = -32003;
export const STATE_TOO_LARGE = -32004;

/** What one instance of `/mcp` serves with: its settings, and the sessions in their store. */
export interface McpBackend {
  settings: SessionSettings;
  sessions: Sessions;
}

/** The settings and the store the environment names (lib/store/open.ts). */
async function backendFromEnvironment(): Promise<McpBackend> {
  const settings = sessionSettings();
  const store = await openStore({ namespace: 'mcp', limits: settings.limits, log: console.log });
  return { settings, sessions: createSessions(store, () => docsData().contract) };
}

type RequestId = string | number | null;

/**
 * A JSON-RPC error as the Streamable HTTP transport writes its own; for a batch (an array of its requests' ids), one
 * error for each, in an array (one error with no id when the batch holds no request).
 */
function rpcError(
  status: number,
  code: number,
  message: string,
  id: RequestId | RequestId[] = null,
  headers: Record<string, string> = {},
): Response {
  const error = (each: RequestId) => ({ jsonrpc: '2.0', error: { code, message }, id: each });
  const body = Array.isArray(id) ? (id.length === 0 ? error(null) : id.map(error)) : error(id);
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** The methods of MCP's Streamable HTTP; any other gets 405 naming them, as every other route does its own. */
export function mcpMethodNotAllowed(): Response {
  return new Response(MCP_METHOD_NOT_ALLOWED, {
    status: 405,
    headers: { allow: MCP_METHODS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The handler of each method of `/mcp`: app/mcp/route.ts exports them, and lib/mcp/node.ts answers with them under
 * `next start`. Every method Next.js routes has one, so Next adds none of its own.
 */
export const MCP_ROUTE = {
  POST: (request: Request) => handleMcp(request),
  GET: (request: Request) => handleMcp(request),
  DELETE: (request: Request) => handleMcp(request),
  OPTIONS: () => mcpOptions(),
  HEAD: () => mcpMethodNotAllowed(),
  PUT: () => mcpMethodNotAllowed(),
  PATCH: () => mcpMethodNotAllowed(),
} as const;

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
  // The SDK's schemas walk a message recursively: 150,000 levels overflowed the stack, and the error's data said so.
  if (jsonDepth(text, MAX_MESSAGE_DEPTH) > MAX_MESSAGE_DEPTH)
    return rpcError(400, -32600, `Invalid Request: a message may nest at most ${MAX_MESSAGE_DEPTH} levels deep`);
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch {
    return rpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  // JSON that is no message (a string, a number, a list of them) is JSON-RPC's Invalid Request, -32600.
  const isMessage = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!(isMessage(message) || (Array.isArray(message) && message.length > 0 && message.every(isMessage))))
    return rpcError(400, -32600, 'Invalid Request: the body is JSON, but not a JSON-RPC message or a batch of them');
  return { message };
}

/** How deep a message may nest: a sandbox body's 64 levels, inside a tool call's envelope. */
const MAX_MESSAGE_DEPTH = 100;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with a request's params where the SDK would answer -32603 with its schema's issues (a tools/call
 * whose arguments are a string), or would find a tool named after an Object.prototype member (`__proto__` was
 * "disabled"): -32602 (invalid params), naming it. Undefined for anything else.
 */
export function paramsProblem(message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== 'string') return undefined;
  const params = message.params;
  if (message.method === 'tools/call') {
    if (!isObject(params)) return "Invalid params: tools/call takes an object with the tool's name and its arguments";
    if (typeof params.name !== 'string') return 'Invalid params: tools/call names its tool with a string "name"';
    if (params.arguments !== undefined && !isObject(params.arguments))
      return `Invalid params: the arguments of ${params.name.slice(0, 100)} are an object of named inputs`;
    if (!TOOL_NAMES.includes(params.name as (typeof TOOL_NAMES)[number]))
      return `Invalid params: no tool is named ${JSON.stringify(params.name.slice(0, 100))} (tools/list lists ${TOOL_NAMES.join(', ')})`;
    // The tools' schemas (zod records and objects) drop a "__proto__" member without a word, so run_recipe ran with
    // an input it never saw: named here instead. (A sandbox request's body keeps it: it is data there.)
    const inputs = isObject(params.arguments) ? params.arguments.inputs : undefined;
    if (isObject(params.arguments) && Object.hasOwn(params.arguments, '__proto__'))
      return `Invalid params: ${params.name} has no argument named "__proto__"`;
    if (params.name === 'run_recipe' && isObject(inputs) && Object.hasOwn(inputs, '__proto__'))
      return 'Invalid params: no recipe has an input named "__proto__"';
  }
  if (message.method === 'resources/read' && !(isObject(params) && typeof params.uri === 'string'))
    return 'Invalid params: resources/read takes an object with the resource\'s "uri", a string';
  return undefined;
}

/** The protocol version that took JSON-RPC batches out of MCP; before it (2025-03-26), a POST could carry several. */
const NO_BATCHES_SINCE = '2025-06-18';

/**
 * Why a batch is refused, or undefined: MCP from 2025-06-18 on sends one message per POST, so a client that says
 * (in MCP-Protocol-Version) it speaks such a version gets -32600 for a batch; one that says 2025-03-26, or nothing
 * (which the specification reads as 2025-03-26), may still send one, bounded by the SDK at 100 messages.
 */
export function batchProblem(body: unknown, protocolVersion: string | null): string | undefined {
  if (!Array.isArray(body) || protocolVersion === null || protocolVersion < NO_BATCHES_SINCE) return undefined;
  return `Invalid Request: MCP ${protocolVersion} has no batches; send each message in a POST of its own (batches ended with ${NO_BATCHES_SINCE})`;
}

/** The ids of a POST's requests (its notifications and responses have none), for the errors that answer them. */
function requestIds(body: unknown): RequestId | RequestId[] {
  const ids = (Array.isArray(body) ? body : [body])
    .filter((message) => isJSONRPCRequest(message))
    .map((message) => (message as { id: string | number }).id);
  // A batch is answered with an array, even of one; a single message with one error.
  return Array.isArray(body) ? ids : (ids[0] ?? null);
}

/** What a POST asks, for the log: `tools/call sandbox_request`, `initialize`. */
function describe(body: unknown): string {
  return (Array.isArray(body) ? body : [body])
    .map((message) => {
      const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
      if (typeof method !== 'string') return 'response';
      return method === 'tools/call' && typeof params?.name === 'string' ? `${method} ${params.name}` : method;
    })
    .join(', ');
}

const SESSION_NOT_FOUND = 'Session not found (it ended or was idle too long): start a new one with initialize';

/**
 * A failure of the session store as an answer to every request of the POST: the store unreachable, hanging or
 * refusing (503 and Retry-After, naming the store), a session ended while the call ran (MCP's 404), or a sandbox
 * past the state a session may keep (the JSON-RPC error naming the limit). Anything else is not the store's.
 */
function storeFailure(error: unknown, ids: RequestId | RequestId[]): Response {
  if (!(error instanceof StoreError)) throw error;
  if (error instanceof EntryGoneError) return rpcError(404, -32001, SESSION_NOT_FOUND, ids);
  if (error instanceof StateTooLargeError)
    return rpcError(
      200,
      STATE_TOO_LARGE,
      `Not kept: this session's sandbox would hold ${error.bytes} bytes, past the limit of ${error.limit} bytes a session's state may take in the session store (${error.store}). Its sandbox is as it was before this call; reset it (sandbox_control with action "reset") or keep less in it.`,
      ids,
    );
  return rpcError(503, STORE_UNAVAILABLE, `${error.message}: this call got no answer. Retry in a few seconds.`, ids, {
    'retry-after': '2',
  });
}

/** What a pooled server's tools reach for the request it serves now: the session's sandbox, and its store's failure. */
interface Serving {
  sandbox?: () => SandboxHandle;
  failure?: unknown;
}

/** Servers not serving a request now, kept for the next: making one (its tools, its resources) costs ~0.4 ms. */
const idleServers: { server: McpServer; serving: Serving }[] = [];
const MAX_IDLE_SERVERS = 16;

function borrowServer(): { server: McpServer; serving: Serving } {
  const idle = idleServers.pop();
  if (idle) return idle;
  const serving: Serving = {};
  const server = createDocsServer({
    sandbox: () => {
      const sandbox = serving.sandbox?.();
      if (!sandbox) throw new Error('[mcp] a tool ran before the session began');
      return {
        async handle(sandboxRequest) {
          try {
            return await sandbox.handle(sandboxRequest);
          } catch (error) {
            if (error instanceof StoreError) serving.failure ??= error;
            throw error;
          }
        },
      };
    },
  });
  return { server, serving };
}

/**
 * One POST answered by an MCP server connected to a transport of its own, in the SDK's stateless mode (no session
 * in the transport), with the session, if any, in our store; the transport is closed after it, and the server, which
 * holds nothing of the request, goes back to a small pool. A failure of the store while a tool ran answers the POST
 * with the store's error, not the tool's.
 */
async function serve(request: Request, parsedBody: unknown, sessions: Sessions, sessionId?: string): Promise<Response> {
  const borrowed = borrowServer();
  const { server, serving } = borrowed;
  serving.sandbox = sessionId ? () => sessions.sandbox(sessionId) : undefined;
  serving.failure = undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  let reusable = false;
  try {
    // With JSON responses, this resolves once every answer is in: no tool is still running after it.
    const response = await transport.handleRequest(request, { parsedBody });
    reusable = true;
    if (serving.failure !== undefined) return storeFailure(serving.failure, requestIds(parsedBody));
    return Array.isArray(parsedBody) ? asBatchAnswer(response) : response;
  } finally {
    await server.close();
    serving.sandbox = undefined;
    serving.failure = undefined;
    if (reusable && idleServers.length < MAX_IDLE_SERVERS) idleServers.push(borrowed);
  }
}

/**
 * JSON-RPC answers a batch with an array, even of one answer; the SDK's transport answers a batch of one request with
 * the bare answer. Anything but a JSON object (an array, a 202 with no body) goes out as it is.
 */
async function asBatchAnswer(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  const rewrapped = text.trimStart().startsWith('{') ? `[${text}]` : text;
  return new Response(rewrapped, { status: response.status, headers: response.headers });
}

/**
 * `/mcp` over `backend`, opened on the first request (a bad setting is then the answer of every request, naming
 * it). The route's is handleMcp, over the environment's store; a test makes its own, as two instances of one store.
 */
export function createMcpHandler(
  backend: () => Promise<McpBackend> = backendFromEnvironment,
): (request: Request) => Promise<Response> {
  let opened: Promise<McpBackend> | undefined;
  return (request) => handle(request, (opened ??= backend()));
}

/**
 * `/mcp`: the docs' MCP server over Streamable HTTP. An `initialize` without a session starts one (its id comes
 * back in `Mcp-Session-Id`); every other message names its session. Sessions, and the sandbox each may hold, are
 * bounded, per client too (lib/mcp/sessions.ts), and live in the session store, so that any instance serves any
 * request: each POST gets a server of its own. Malformed messages get JSON-RPC errors; nothing here throws.
 */
export const handleMcp = createMcpHandler();

async function handle(request: Request, opened: Promise<McpBackend>): Promise<Response> {
  const started = performance.now();
  // A POST's body is read here, bounded, and handed to the transport parsed; GET (405) and DELETE have none to read.
  let parsedBody: unknown;
  if (request.method === 'POST') {
    const read = await readMessage(request);
    if (read instanceof Response) return read;
    parsedBody = read.message;
    const batchRefused = batchProblem(parsedBody, request.headers.get('mcp-protocol-version'));
    if (batchRefused) return rpcError(400, -32600, batchRefused, requestIds(parsedBody));
    const problem = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]).map(paramsProblem).find(Boolean);
    if (problem) return rpcError(200, -32602, problem, requestIds(parsedBody));
  }
  const sessionId = request.headers.get('mcp-session-id');
  let response: Response;
  try {
    response = await answer(request, parsedBody, sessionId, await opened);
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

async function answer(
  request: Request,
  parsedBody: unknown,
  sessionId: string | null,
  { settings, sessions: store }: McpBackend,
): Promise<Response> {
  // MCP lets a server that sends nothing of its own answer GET with 405 (the SDK's client then opens no stream):
  // every answer of ours comes in the response to its POST, from whichever instance served it. With a session id
  // or without, so that the answer agrees with OPTIONS.
  if (request.method === 'GET')
    return rpcError(
      405,
      -32000,
      'Method not allowed: this server sends no messages of its own, so it has no stream to open with GET; every answer comes in the response to its POST',
      null,
      { allow: MCP_METHODS },
    );
  const ids = requestIds(parsedBody);
  const messages = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]) as JSONRPCMessage[];
  if (sessionId) {
    if (messages.some((message) => isInitializeRequest(message)))
      return rpcError(
        400,
        -32600,
        'Invalid Request: this session is initialized already; to start another, send initialize without Mcp-Session-Id',
        ids,
      );
    let known: boolean;
    try {
      known = await store.touch(sessionId);
    } catch (error) {
      return storeFailure(error, ids);
    }
    if (!known) return rpcError(404, -32001, SESSION_NOT_FOUND, ids);
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      return rpcError(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        ids,
      );
    if (request.method === 'DELETE') {
      try {
        await store.remove(sessionId);
      } catch (error) {
        return storeFailure(error, ids);
      }
      return new Response(null, { status: 200 });
    }
    const response = await serve(request, parsedBody, store, sessionId);
    response.headers.set('mcp-session-id', sessionId);
    return response;
  }
  const initialize = messages.find((message) => isInitializeRequest(message));
  if (request.method !== 'POST' || !initialize)
    return rpcError(400, -32000, 'No session: send initialize in a POST first', ids);
  // MCP: "the initialize request MUST NOT be part of a JSON-RPC batch", in every version that had batches.
  if (Array.isArray(parsedBody))
    return rpcError(400, -32600, 'Invalid Request: initialize may not be part of a batch; send it alone', ids);
  const client = clientOf(request);
  let refused: { retryAfterMs: number } | undefined;
  try {
    refused = await store.start(client);
  } catch (error) {
    return storeFailure(error, ids);
  }
  if (refused) {
    const seconds = Math.max(1, Math.ceil(refused.retryAfterMs / 1000));
    return rpcError(
      429,
      -32000,
      `Too many sessions: one client may start at most ${settings.limits.startsPerMinute} a minute. Retry in ${seconds} s, or reuse an open session.`,
      ids,
      { 'retry-after': String(seconds) },
    );
  }
  const response = await serve(request, parsedBody, store);
  // Opened once the server has accepted the initialize: a refused one leaves no session behind.
  if (response.status !== 200) return response;
  try {
    response.headers.set('mcp-session-id', await store.open(client));
  } catch (error) {
    return storeFailure(error, ids);
  }
  return response;
}
