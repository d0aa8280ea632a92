// A request of `/mcp` in its session: an `initialize` without one starts it (counted per client), any other message
// names its session, DELETE ends it, and a tool call waits for its turn (lib/mcp/call-limit.ts). The store's
// failures are answered here, in the store's words.
import 'server-only';
import {
  isInitializeRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_METHODS } from '../deploy/headers.mjs';
import { EntryGoneError, StateTooLargeError, StoreBusyError, StoreError } from '../store/store';
import type { CallLimiter } from './call-limit';
import { messagesOf, requestIds, rpcError, type RequestId } from './json-rpc';
import { serve } from './server-pool';
import type { Sessions, SessionSettings } from './sessions';

/** JSON-RPC error codes of ours (the implementation's range, -32000 to -32099; -32001 and -32002 are MCP's). */
export const STORE_UNAVAILABLE = -32003;
export const STATE_TOO_LARGE = -32004;
export const STATE_CONTENDED = -32005;

const SESSION_NOT_FOUND = 'Session not found (it ended or was idle too long): start a new one with initialize';

/** What a request of `/mcp` is answered with: the instance's settings, its sessions, and its tool calls' turns. */
export interface SessionContext {
  settings: SessionSettings;
  sessions: Sessions;
  calls: CallLimiter;
  /** The key the request's client counts under (lib/security/client-key.ts). */
  client: string;
}

/**
 * A failure of the session store as an answer to every request of the POST: the store unreachable, hanging or
 * refusing (503 and Retry-After, naming the store), a session ended while the call ran (MCP's 404), a sandbox
 * past the state a session may keep (the JSON-RPC error naming the limit), or changes of the session's sandbox that
 * kept meeting each other's (409: nothing of this call was kept). Anything else is not the store's: thrown again.
 */
export function storeFailure(error: unknown, ids: RequestId | RequestId[]): Response {
  if (!(error instanceof StoreError)) throw error;
  if (error instanceof EntryGoneError) return rpcError(404, -32001, SESSION_NOT_FOUND, ids);
  if (error instanceof StateTooLargeError)
    return rpcError(
      200,
      STATE_TOO_LARGE,
      `Not kept: this session's sandbox would hold ${error.bytes} bytes, past the limit of ${error.limit} bytes a session's state may take in the session store (${error.store}). Its sandbox is as it was before this call; reset it (sandbox_control with action "reset") or keep less in it.`,
      ids,
    );
  if (error instanceof StoreBusyError)
    return rpcError(
      409,
      STATE_CONTENDED,
      `Conflict: other calls changed this session's sandbox at the same moment, every time this call tried (${error.message}). Nothing of this call was kept; send it again.`,
      ids,
    );
  return rpcError(503, STORE_UNAVAILABLE, `${error.message}: this call got no answer. Retry in a few seconds.`, ids, {
    'retry-after': '2',
  });
}

/** A request's answer, its body (if a POST) already read and checked (lib/mcp/json-rpc.ts). */
export async function answerInSession(
  request: Request,
  parsedBody: unknown,
  sessionId: string | null,
  context: SessionContext,
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
  return sessionId ? inSession(request, parsedBody, sessionId, context) : startSession(request, parsedBody, context);
}

async function inSession(
  request: Request,
  parsedBody: unknown,
  sessionId: string,
  { sessions, calls, client }: SessionContext,
): Promise<Response> {
  const ids = requestIds(parsedBody);
  const messages = messagesOf(parsedBody) as JSONRPCMessage[];
  if (messages.some((message) => isInitializeRequest(message)))
    return rpcError(
      400,
      -32600,
      'Invalid Request: this session is initialized already; to start another, send initialize without Mcp-Session-Id',
      ids,
    );
  try {
    if (!(await sessions.touch(sessionId))) return rpcError(404, -32001, SESSION_NOT_FOUND, ids);
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      return rpcError(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        ids,
      );
    if (request.method === 'DELETE') {
      await sessions.remove(sessionId);
      return new Response(null, { status: 200 });
    }
    const run = () => serve(request, parsedBody, () => sessions.sandbox(sessionId));
    // Tool calls take turns (lib/mcp/call-limit.ts); listing tools or reading a page costs too little to queue.
    const isCall = messages.some((message) => 'method' in message && message.method === 'tools/call');
    const turn = isCall
      ? await calls.run({ session: sessionId, client }, run)
      : { ran: true as const, value: await run() };
    if (!turn.ran) return tooManyCalls(calls.limits, turn.reason, ids);
    turn.value.headers.set('mcp-session-id', sessionId);
    return turn.value;
  } catch (error) {
    return storeFailure(error, ids);
  }
}

function tooManyCalls(
  limits: CallLimiter['limits'],
  reason: 'queue full' | 'waited too long',
  ids: RequestId | RequestId[],
): Response {
  const why =
    reason === 'queue full'
      ? `${limits.queued} calls are waiting already`
      : `this one waited ${limits.waitMs / 1000} s for its turn`;
  return rpcError(
    429,
    -32000,
    `Too many tool calls at once: a session runs ${limits.perSession} at a time and a client ${limits.perClient}, the others waiting their turn, and ${why}. It did not run; retry in a second, or wait for your calls' answers before sending more.`,
    ids,
    { 'retry-after': '1' },
  );
}

async function startSession(
  request: Request,
  parsedBody: unknown,
  { settings, sessions, client }: SessionContext,
): Promise<Response> {
  const ids = requestIds(parsedBody);
  const initialize = (messagesOf(parsedBody) as JSONRPCMessage[]).some((message) => isInitializeRequest(message));
  if (request.method !== 'POST' || !initialize)
    return rpcError(400, -32000, 'No session: send initialize in a POST first', ids);
  // MCP: "the initialize request MUST NOT be part of a JSON-RPC batch", in every version that had batches.
  if (Array.isArray(parsedBody))
    return rpcError(400, -32600, 'Invalid Request: initialize may not be part of a batch; send it alone', ids);
  try {
    const refused = await sessions.start(client);
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
    const response = await serve(request, parsedBody);
    // Opened once the server has accepted the initialize: a refused one leaves no session behind.
    if (response.status !== 200) return response;
    response.headers.set('mcp-session-id', await sessions.open(client));
    return response;
  } catch (error) {
    return storeFailure(error, ids);
  }
}
