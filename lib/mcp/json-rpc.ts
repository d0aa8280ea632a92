// JSON-RPC framing of `/mcp`: a POST's body read (bounded) and checked before the SDK sees it, the errors we answer
// ourselves, and a batch's answer as JSON-RPC writes one. Nothing here knows of sessions or stores.
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { nonFiniteAt } from '../sandbox/bounds';
import { jsonDepth } from '../sandbox/request';
import { fieldPath } from '../sandbox/validator';
import { TOOL_NAMES } from './server';
import { isObject } from '../json/object';

/** The largest MCP message read, counted in the bytes that arrive: a chunked body declares no length. */
export const MAX_MESSAGE_BYTES = 1_000_000;

/** How deep a message may nest: a sandbox body's 64 levels, inside a tool call's envelope. */
const MAX_MESSAGE_DEPTH = 100;

export type RequestId = string | number | null;

/**
 * A JSON-RPC error as the Streamable HTTP transport writes its own; for a batch (an array of its requests' ids), one
 * error for each, in an array (one error with no id when the batch holds no request).
 */
export function rpcError(
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

/** A POST's body as text, read to the end while counting its bytes; past MAX_MESSAGE_BYTES the read stops with 413. */
async function readBody(request: Request): Promise<string | Response> {
  const tooLarge = () =>
    rpcError(413, -32600, `Payload too large: an MCP message may be at most ${MAX_MESSAGE_BYTES} bytes`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_MESSAGE_BYTES) return tooLarge();
  if (!request.body) return '';
  const decoder = new TextDecoder();
  const reader = request.body.getReader();
  let text = '';
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
  return text + decoder.decode();
}

/** A POST's message (or batch), bounded in size and depth; anything that is not one is answered here. */
export async function readMessage(request: Request): Promise<{ message: unknown } | Response> {
  const text = await readBody(request);
  if (text instanceof Response) return text;
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
  if (!(isObject(message) || (Array.isArray(message) && message.length > 0 && message.every(isObject))))
    return rpcError(400, -32600, 'Invalid Request: the body is JSON, but not a JSON-RPC message or a batch of them');
  return { message };
}

/**
 * What is wrong with a request's params where the SDK would answer -32603 with its schema's issues (a tools/call
 * whose arguments are a string), or would find a tool named after an Object.prototype member (`__proto__` was
 * "disabled"), or an argument holds a number no double holds (`1e400`, which JSON.parse reads as Infinity): -32602
 * (invalid params), naming it. Undefined for anything else.
 */
export function paramsProblem(message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== 'string') return undefined;
  const params = message.params;
  if (message.method === 'tools/call') return toolCallProblem(params);
  if (message.method === 'resources/read' && !(isObject(params) && typeof params.uri === 'string'))
    return 'Invalid params: resources/read takes an object with the resource\'s "uri", a string';
  return undefined;
}

function toolCallProblem(params: unknown): string | undefined {
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
  // JSON's 1e400 parses as Infinity: a tool's number schema said only "received Infinity" (or "Invalid input"), and
  // sandbox_request's body, written as JSON again, sent null in its place.
  const infinite = nonFiniteAt(params.arguments);
  if (infinite)
    return `Invalid params: the argument "${fieldPath(infinite)}" of ${params.name} is a number past the largest a double holds (1e400 or the like)`;
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

/** The messages of a POST: the one, or each of a batch. */
export const messagesOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);

/** The ids of a POST's requests (its notifications and responses have none), for the errors that answer them. */
export function requestIds(body: unknown): RequestId | RequestId[] {
  const ids = messagesOf(body)
    .filter((message) => isJSONRPCRequest(message))
    .map((message) => (message as { id: string | number }).id);
  // A batch is answered with an array, even of one; a single message with one error.
  return Array.isArray(body) ? ids : (ids[0] ?? null);
}

/** What a POST asks, for the log: `tools/call sandbox_request`, `initialize`. */
export function describe(body: unknown): string {
  return messagesOf(body)
    .map((message) => {
      const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
      if (typeof method !== 'string') return 'response';
      return method === 'tools/call' && typeof params?.name === 'string' ? `${method} ${params.name}` : method;
    })
    .join(', ');
}

/**
 * JSON-RPC answers a batch with an array, even of one answer; the SDK's transport answers a batch of one request with
 * the bare answer. Anything but a JSON object (an array, a 202 with no body) goes out as it is.
 */
export async function asBatchAnswer(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  const rewrapped = text.trimStart().startsWith('{') ? `[${text}]` : text;
  return new Response(rewrapped, { status: response.status, headers: response.headers });
}
