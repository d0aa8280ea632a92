import { frameItem, streamContentType, streamEnd } from '../openapi/sequential-media';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { createHandlers, type Answer, type HandlerContext } from './handlers';
import { checkRequest, type IncomingRequest } from './request';
import { createRouter } from './router';
import { loadState, memoryStore, seedState, type SandboxState, type SandboxStore } from './state';
import { createSchemaValidator, type SchemaValidator } from './validator';

/** The time between two items of a streamed answer, so a reader sees them arrive. */
const STREAM_DELAY_MS = 300;

/** The items of a streamed answer, framed for its media type, one every `delayMs`. */
function itemStream(stream: NonNullable<Answer['stream']>, delayMs: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (index < stream.items.length) {
        controller.enqueue(encoder.encode(frameItem(stream.contentType, stream.items[index], index)));
        index += 1;
        return;
      }
      const end = streamEnd(stream.contentType);
      if (end) controller.enqueue(encoder.encode(end));
      controller.close();
    },
  });
}

/** Marks every sandbox answer, so nobody mistakes one for the live API's. */
export const SANDBOX_HEADER = 'x-kilowise-sandbox';

/** How many items the sandbox streams for a response that is a stream (OpenAPI 3.2 `itemSchema`). */
export const STREAM_ITEMS = 3;

function exampleAnswer(operation: ContractOperation): Answer {
  const success = operation.responses.filter((response) => response.status.startsWith('2'));
  const stream = success.find((response) => response.stream && response.contentType);
  if (stream?.contentType) {
    const item = stream.example ?? {};
    return {
      status: Number(stream.status),
      stream: { contentType: stream.contentType, items: Array.from({ length: STREAM_ITEMS }, () => item) },
    };
  }
  const withExample = success.find((response) => response.example !== undefined);
  if (withExample) return { status: Number(withExample.status), body: withExample.example };
  const first = success[0];
  return { status: first ? Number(first.status) : 200, body: first?.contentType ? {} : undefined };
}

function userIdOf(operation: ContractOperation, params: Record<string, unknown>): string {
  const names = ['userId', 'X-User-Id', 'x-user-id'];
  const parameter = operation.parameters.find((candidate) => names.includes(candidate.name));
  return parameter ? String(params[parameter.name] ?? '') : '';
}

function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  return [...bytes]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

/**
 * A stateful mock of the whole API, run from the contract: it routes a request to its operation,
 * checks it as the API would (401 without a key, 400 naming the bad parameter or body field),
 * then answers from its state (locations, devices, preferences, tariff and user data, test prices)
 * or with the contract's example. Every answer carries `x-kilowise-sandbox: true`.
 */
export function createSandbox(
  contract: OperationContract,
  options: { store?: SandboxStore; now?: () => Date; validator?: SchemaValidator; streamDelayMs?: number } = {},
) {
  const store = options.store ?? memoryStore();
  const streamDelayMs = options.streamDelayMs ?? STREAM_DELAY_MS;
  const now = options.now ?? (() => new Date());
  const router = createRouter(contract.operations);
  // Compiled once for the contract; many sandboxes of one server (the MCP sessions') share it.
  const validator = options.validator ?? createSchemaValidator(contract.defs);
  const byId = new Map(contract.operations.map((operation) => [operation.operationId, operation]));
  const exampleOf = (operationId: string): Answer => {
    const operation = byId.get(operationId);
    return operation ? exampleAnswer(operation) : { status: 200, body: {} };
  };
  const handlers = createHandlers(exampleOf);
  const basePath = new URL(contract.serverUrl).pathname.replace(/\/$/, '');
  let state: SandboxState = loadState(store, contract);

  function answer(request: IncomingRequest): Answer {
    const path = request.url.pathname.startsWith(basePath)
      ? request.url.pathname.slice(basePath.length)
      : request.url.pathname;
    const route = router.match(request.method, path || '/');
    if (!route) return { status: 404, body: { message: `No operation of the API matches ${request.method} ${path}` } };
    if ('allowed' in route) {
      return {
        status: 405,
        body: { message: `${request.method} is not allowed on ${path}; use ${route.allowed.join(' or ')}` },
        headers: { allow: route.allowed.join(', ') },
      };
    }
    const { operation, pathParams } = route;
    const checked = checkRequest(operation, request, pathParams, validator);
    if ('status' in checked) return { status: checked.status, body: { message: checked.message } };

    const deviceId = checked.params.deviceId;
    if (
      typeof deviceId === 'string' &&
      !state.devices[deviceId] &&
      operation.responses.some((response) => response.status === '404')
    ) {
      return { status: 404, body: { message: `Device ${deviceId} not found` } };
    }
    const context: HandlerContext = {
      operation,
      params: checked.params,
      body: checked.body,
      state,
      userId: userIdOf(operation, checked.params),
      example: () => exampleAnswer(operation),
      newId: (prefix) => `${prefix}-${randomHex(6)}`,
      now,
    };
    const handler = handlers[operation.operationId];
    if (!handler) return exampleAnswer(operation);
    const result = handler(context);
    try {
      store.save(JSON.stringify(state));
    } catch (error) {
      // A store that refuses the write (full) keeps the last state it took: so does the sandbox.
      state = loadState(store, contract);
      throw error;
    }
    return result;
  }

  return {
    /** Answers one request as the API would. */
    async handle(request: Request): Promise<Response> {
      const incoming: IncomingRequest = {
        method: request.method.toUpperCase(),
        url: new URL(request.url),
        headers: request.headers,
        bodyText: request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text(),
      };
      const result = answer(incoming);
      const headers = new Headers({ [SANDBOX_HEADER]: 'true', ...result.headers });
      if (result.stream) {
        headers.set('content-type', streamContentType(result.stream.contentType));
        headers.set('cache-control', 'no-store');
        return new Response(incoming.method === 'HEAD' ? null : itemStream(result.stream, streamDelayMs), {
          status: result.status,
          headers,
        });
      }
      if (result.body === undefined) return new Response(null, { status: result.status, headers });
      headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(result.body), { status: result.status, headers });
    },
    /** Forgets every change: the sandbox is as the contract's examples describe it again. */
    reset(): void {
      store.clear();
      state = seedState(contract);
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
