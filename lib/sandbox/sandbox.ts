import { frameItem, streamContentType, streamEnd } from '../openapi/sequential-media';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { answerControl, type ControlHost } from './controls';
import { clockNow } from './domain/clock';
import type { World } from './domain/model';
import { playTo } from './domain/play';
import { seedWorld } from './domain/seed';
import { changeWorld } from './domain/world-draft';
import { HANDLERS, type Answer, type Handler, type HandlerContext } from './handlers';
import { tooLarge } from './handlers/context';
import { checkRequest, type IncomingRequest } from './request';
import { logRequest, startOf, type Traced } from './log-request';
import { createRequestLog, type RequestLog } from './request-log';
import { createRouter } from './router';
import { readWorld } from './state';
import { watched } from './status-watch';
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

// One router per contract: it holds nothing of a request, and a host that makes a sandbox per request (lib/sandbox/
// stored.ts, each world read from a store) would compile every path's pattern each time.
const routers = new WeakMap<OperationContract['operations'], ReturnType<typeof createRouter>>();
function routerOf(operations: OperationContract['operations']): ReturnType<typeof createRouter> {
  let router = routers.get(operations);
  if (!router) {
    router = createRouter(operations);
    routers.set(operations, router);
  }
  return router;
}

/**
 * Whether an answer is to a command that changed the world: a read never did, and a refused command (4xx) neither,
 * its world only played forward, as a read plays it.
 */
const isChange = (method: string, status: number) => method !== 'GET' && method !== 'HEAD' && status < 400;

/**
 * Runs a handler, and answers with the world to keep: the one its command made, else the one it was given. A refused
 * command (400, 404) made none, and leaves the world, and whether it has changed, as it was: the clock may go back.
 */
function runHandler(
  handler: Handler,
  context: HandlerContext,
  method: string,
): { answer: Answer; world: World; commanded: boolean } {
  const { world: changed, ...answer } = handler(context);
  const kept = changed ?? context.world;
  const touched = answer.status < 400 && method !== 'GET' && method !== 'HEAD' && !kept.touched;
  const next = touched ? changeWorld(kept, (draft) => void (draft.touched = true)) : kept;
  return { answer, world: watched(next, context.now), commanded: changed !== undefined };
}

/** What answering an operation needs of its sandbox: the contract's router and schemas, and the world's host. */
interface OperationHost {
  router: ReturnType<typeof createRouter>;
  validator: SchemaValidator;
  host: ControlHost;
}

/**
 * Answers a request to an operation of the contract: routed, checked as the API would, and answered by its handler
 * from the world played to the clock's now (the sandbox keeps the world the handler leaves), else from the example.
 */
function answerOperation({ router, validator, host }: OperationHost, request: IncomingRequest, path: string): Traced {
  const route = router.match(request.method, path || '/');
  if (!route)
    return {
      status: 404,
      body: { message: `No operation of the API matches ${request.method} ${path}` },
      reason: { rule: 'route' },
    };
  if ('allowed' in route) {
    return {
      status: 405,
      body: { message: `${request.method} is not allowed on ${path}; use ${route.allowed.join(' or ')}` },
      headers: { allow: route.allowed.join(', ') },
      reason: { rule: 'method' },
    };
  }
  const { operation, pathParams } = route;
  const operationId = operation.operationId;
  const checked = checkRequest(operation, request, pathParams, validator);
  if ('status' in checked)
    return { status: checked.status, body: { message: checked.message }, reason: checked.reason, operationId };
  const oversized = tooLarge(checked.body);
  if (oversized)
    return { status: 400, body: { message: oversized }, reason: { rule: 'sandbox-limit', in: 'body' }, operationId };
  const handler = HANDLERS[operation.operationId];
  if (!handler) return { ...exampleAnswer(operation), operationId };
  const now = clockNow(host.world().clock, host.realNow);
  const context: HandlerContext = {
    operation,
    params: checked.params,
    body: checked.body,
    world: playTo(host.world(), now),
    now,
    userId: userIdOf(operation, checked.params),
    example: () => exampleAnswer(operation),
  };
  const { answer: result, world: next, commanded } = runHandler(handler, context, request.method);
  host.replace(next);
  // A handler's own 4xx (a device not found, a rule of the simulation) says why in its message.
  if (result.status >= 400 && result.status < 500) return { ...result, reason: { rule: 'simulation' }, operationId };
  return commanded ? { ...result, operationId, keeps: true } : { ...result, operationId };
}

/** How a host makes its sandbox. */
export interface SandboxOptions {
  /** The world to start from, already read (a host that keeps worlds as objects); else `stored`'s, else a seed. */
  world?: World;
  /** The text of the world a host kept (a tab's sessionStorage): the JSON of a world `onChange` gave it. */
  stored?: string | null;
  /**
   * Told the world after every request or control that changed it, and null after a reset emptied the sandbox: a
   * host that keeps worlds between requests writes it then, as it keeps it (a tab's sessionStorage its JSON, a
   * store's entry the parts that changed). The sandbox changes it no more. Without it, the world lives in this
   * object only.
   */
  onChange?: (world: World | null) => void;
  now?: () => Date;
  /** The contract's compiled schemas, shared by the sandboxes of one host. */
  validator?: SchemaValidator;
  streamDelayMs?: number;
  /** Where the requests are logged: a log of this sandbox's own (the tab's calls) unless a host keeps one. */
  requests?: RequestLog;
  /** What makes the ids of a world seeded here its own: a hash of the API key or session (lib/sandbox/domain/world.ts). */
  idSeed?: string;
}

/** The HTTP answer for a sandbox's answer: a stream item by item, JSON text, or no body. */
function respond(result: Traced, method: string, text: string, streamDelayMs: number): Response {
  const headers = new Headers({ [SANDBOX_HEADER]: 'true', ...result.headers });
  if (result.stream) {
    headers.set('content-type', streamContentType(result.stream.contentType));
    headers.set('cache-control', 'no-store');
    return new Response(method === 'HEAD' ? null : itemStream(result.stream, streamDelayMs), {
      status: result.status,
      headers,
    });
  }
  if (result.body === undefined) return new Response(null, { status: result.status, headers });
  headers.set('content-type', 'application/json');
  return new Response(text, { status: result.status, headers });
}

/**
 * The API's sandbox, run from the contract: it routes a request to its operation, checks it as the API would (401
 * without a key, 400 naming the bad parameter or body field), plays its world forward to the world's clock, and
 * answers from the simulation (`lib/sandbox/domain/`): locations, devices that charge and heat on a price curve,
 * sessions, schedules and statuses. The controls under `/__sandbox/` set the clock and a device's physical state.
 * Every answer carries `x-kilowise-sandbox: true`. Operations the simulation does not know (another contract's)
 * answer the contract's example.
 */
export function createSandbox(contract: OperationContract, options: SandboxOptions = {}) {
  const onChange = options.onChange;
  const streamDelayMs = options.streamDelayMs ?? STREAM_DELAY_MS;
  const realNow = () => (options.now ? options.now().getTime() : Date.now());
  const router = routerOf(contract.operations);
  // Compiled once for the contract; many sandboxes of one server (the MCP sessions') share it.
  const validator = options.validator ?? createSchemaValidator(contract.defs);
  const basePath = new URL(contract.serverUrl).pathname.replace(/\/$/, '');
  let world: World | undefined = options.world ?? readWorld(options.stored);
  const requests = options.requests ?? createRequestLog();
  const keyHeader = contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key';
  const host: ControlHost = {
    world: () => (world ??= seedWorld(realNow(), null, options.idSeed)),
    made: () => world,
    replace: (next) => {
      world = next;
      if (!next) onChange?.(null);
    },
    realNow,
    contract,
    requests,
  };

  function answer(request: IncomingRequest): Traced {
    const path = request.url.pathname.startsWith(basePath)
      ? request.url.pathname.slice(basePath.length)
      : request.url.pathname;
    const control = answerControl(
      host,
      request.method,
      request.url.pathname,
      request.bodyText,
      request.url.searchParams,
    );
    const result: Traced = control
      ? control.status >= 400 && control.status < 500
        ? { ...control, reason: { rule: 'control' } }
        : control
      : answerOperation({ router, validator, host }, request, path);
    // A host that keeps the world (a tab's sessionStorage, a store's entry) gets it after every change, and after a
    // GET that carried out a command (an authorization URL remembers its redirect URI, which a connect checks on
    // whichever instance it reaches). Any other read writes nothing.
    if (onChange && world && (isChange(request.method, result.status) || result.keeps)) onChange(world);
    return result;
  }

  return {
    /** Answers one request as the API would, or as the controls under `/__sandbox/` do, and logs it. */
    async handle(request: Request): Promise<Response> {
      const started = startOf(host);
      const incoming: IncomingRequest = {
        method: request.method.toUpperCase(),
        url: new URL(request.url),
        headers: request.headers,
        bodyText: request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text(),
      };
      const result = answer(incoming);
      // Serialised here, on every host: a handler may answer with the world's own objects, no client holds them.
      const text = result.body === undefined || result.stream ? '' : JSON.stringify(result.body);
      logRequest(host, keyHeader, incoming, result, text, started);
      return respond(result, incoming.method, text, streamDelayMs);
    },
    /** The request log, newest first (as `GET /__sandbox/requests` answers it). */
    requests: (): RequestLog => requests,
    /** Forgets every change: the clock follows real time, and only the sample user's data is there. */
    reset(): void {
      host.replace(undefined);
    },
    /** The world as it is now, for a host that stores or measures it. */
    world: (): World => host.world(),
    /** The world if a request has made it (a GET seeds it, and plays it forward, without saving it). */
    made: (): World | undefined => host.made(),
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
