import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { OperationContract } from '../contract/operation-contract';
import { parserRefusal, writeRawAnswer } from '../deploy/raw-answer';
import { createMemoryStore } from '../store/memory';
import { StateTooLargeError, StoreBusyError, StoreError, type EntryLimits, type StateStore } from '../store/store';
import { CONTROL_PREFIX, RESET_PATH, VERSION_PATH } from './controls';
import { SIGN_IN_PATH } from './handlers';
import { createSandbox, SANDBOX_HEADER } from './sandbox';
import { storedSandbox } from './stored';
import { createSchemaValidator } from './validator';

export { RESET_PATH };

/** Options of the Node host; the defaults suit a partner's test suite on one machine. */
export interface SandboxServerOptions {
  /** Largest request body read, in bytes; a larger one gets 413. */
  maxBodyBytes?: number;
  /** How many API keys keep a sandbox at once; the one used longest ago goes first (and the log says so). */
  maxKeys?: number;
  /**
   * Where each key's sandbox (its world: the simulation and its clock) lives between requests, made with
   * `sandboxStoreLimits(maxKeys)`: by default this process's memory; `--redis` gives one in Redis
   * (lib/store/open.ts), which several servers share and a restart keeps.
   */
  store?: StateStore;
  /** Origins besides the loopback ones (`http://localhost:3000`, `http://127.0.0.1:5173`) that may call it from a browser. */
  corsOrigins?: string[];
  /**
   * Host names a request may name besides the loopback ones (the address it listens on, when that is not on the
   * loopback; `*` for any, listening on every interface): a page that rebinds its own name to 127.0.0.1 must not
   * reach the developer's sandbox.
   */
  allowedHosts?: string[];
  /** Writes one line per request; `console.log` by default, nothing with `() => {}`. */
  log?: (line: string) => void;
  now?: () => Date;
}

/** A key's sandbox unused this long is dropped (in Redis, its key's TTL). */
export const SANDBOX_IDLE_MS = 7 * 24 * 3_600_000;

/**
 * The bounds of the sandbox server's store: `maxKeys` sandboxes, each up to 1.5 MB (the sandbox's own limits keep
 * a world under about 1.2 MB), none idle past a week. Keys are not clients: any key starts a sandbox at any rate.
 */
export function sandboxStoreLimits(maxKeys = 100): EntryLimits {
  return {
    maxEntries: maxKeys,
    idleMs: SANDBOX_IDLE_MS,
    stateBytes: 1_500_000,
    startsPerMinute: Number.MAX_SAFE_INTEGER,
    perClient: maxKeys,
  };
}

/** What the store sees of an API key: a hash, never the key (a partner may try a live key here by mistake). */
const keyId = (key: string) => createHash('sha256').update(`kilowise-sandbox-key:${key}`).digest('base64url');

/** The line the log gets when the bound on keys drops a sandbox. */
export const dropped = (maxKeys: number) =>
  `[sandbox] ${maxKeys} API keys have a sandbox: the one used longest ago was dropped`;

/** The methods the sandbox answers, as the API's operations and CORS preflights use them. */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const CORS_HEADERS = {
  'access-control-allow-methods': SERVED_METHODS.join(', '),
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
  vary: 'Origin',
};

/** An origin on this machine: a page served from localhost, 127.0.0.0/8 or [::1], on any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { protocol, hostname } = new URL(origin);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === 'localhost' ||
        hostname.endsWith('.localhost') ||
        /^127(\.\d{1,3}){3}$/.test(hostname) ||
        hostname === '[::1]')
    );
  } catch {
    return false;
  }
}

/** The host name of a Host header (`127.0.0.1:4010` → `127.0.0.1`, `[::1]:4010` → `[::1]`), or undefined. */
function hostNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The CORS headers for a request's origin: a local sandbox belongs to the developer, so only pages on the loopback
 * and the origins given with `--cors-origin` may read it; any other web page the developer visits gets none.
 */
function corsFor(origin: string | undefined, allowed: readonly string[]): Record<string, string> {
  if (!origin || !(isLoopbackOrigin(origin) || allowed.includes(origin))) return { vary: 'Origin' };
  return { ...CORS_HEADERS, 'access-control-allow-origin': origin, 'access-control-allow-private-network': 'true' };
}

class BodyTooLarge extends Error {}

/** The request body as text, refusing to read past `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    [SANDBOX_HEADER]: 'true',
    'content-type': 'application/json',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/**
 * What the sandbox refuses before it reads a request: a host that is not its own (DNS rebinding), a target that is
 * no path of one leading slash (//, //@/, which new URL reads as another host), and a method the API has not (TRACE,
 * CONNECT: fetch's Request refuses them). Each was a 500 but the first.
 */
function refusalAtTheDoor(
  request: IncomingMessage,
  method: string,
  allowedHosts: readonly string[],
): { status: number; message: string; headers?: Record<string, string> } | undefined {
  const host = hostNameOf(request.headers.host);
  const hostAllowed =
    allowedHosts.includes('*') ||
    (host !== undefined && (isLoopbackOrigin(`http://${host}`) || allowedHosts.includes(host)));
  if (!hostAllowed)
    return {
      status: 403,
      message: `Host ${request.headers.host ?? '(none)'} is not this sandbox's: call it at 127.0.0.1 or localhost (DNS rebinding protection)`,
    };
  const target = request.url ?? '/';
  if (!target.startsWith('/') || target.startsWith('//'))
    return {
      status: 400,
      message: `The request target must be a path that starts with one slash, not ${target.slice(0, 100)}`,
    };
  if (!SERVED_METHODS.includes(method))
    return {
      status: 405,
      message: `${method.slice(0, 20)} is not a method of the API; the sandbox answers ${SERVED_METHODS.join(', ')}`,
      headers: { allow: SERVED_METHODS.join(', ') },
    };
  return undefined;
}

/**
 * The answer to a CONNECT: Node hands one to the server's `connect` event, not to its handler, and closes the socket
 * unanswered when nothing listens there.
 */
function refuseConnect(request: IncomingMessage, socket: Duplex, log: (line: string) => void): void {
  log(`CONNECT ${(request.url ?? '?').slice(0, 100)} 405`);
  writeRawAnswer(
    socket,
    '405 Method Not Allowed',
    [
      ['Content-Type', 'application/json'],
      ['Allow', SERVED_METHODS.join(', ')],
      [SANDBOX_HEADER, 'true'],
    ],
    JSON.stringify({
      message: `CONNECT is not a method of the API, and the sandbox is no proxy; it answers ${SERVED_METHODS.join(', ')}`,
    }),
  );
}

/** The page the sandbox's authorize redirects to, where the partner's user would sign in to Kilowise. */
function sendSignIn(response: ServerResponse, cors: Record<string, string>): void {
  response.writeHead(200, { ...cors, [SANDBOX_HEADER]: 'true', 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><title>Kilowise sandbox sign-in</title><p>The Kilowise sandbox: here your user would sign in and grant access.</p>',
  );
}

/**
 * The store's failure as the answer: 507 for a sandbox past its size; 409 when the store's tries of this change all
 * met other changes of the same key (another instance writing it at the same moment: nothing of it was kept, send it
 * again); 503 to retry while the store is away.
 */
function sendStoreFailure(response: ServerResponse, error: StoreError, cors: Record<string, string>): void {
  if (error instanceof StateTooLargeError)
    return sendJson(
      response,
      507,
      {
        message: `Not kept: your sandbox would hold ${error.bytes} bytes, past the ${error.limit} bytes a key's sandbox may take in the ${error.store} store; reset it with POST ${RESET_PATH}`,
      },
      cors,
    );
  if (error instanceof StoreBusyError)
    return sendJson(
      response,
      409,
      {
        message: `Conflict: other requests changed this key's sandbox at the same moment, every time this one tried (${error.message}); nothing of it was kept: send it again`,
      },
      cors,
    );
  sendJson(response, 503, { message: `${error.message}: retry in a few seconds` }, { ...cors, 'retry-after': '2' });
}

/**
 * The request `createSandbox` handles for one the Node server read: its method and headers, at `target` (the
 * contract's server URL with the request's path and query), with the body unless it is empty or the method takes none.
 */
function forwardedRequest(request: IncomingMessage, target: URL, bodyText: string): Request {
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(target, {
    method,
    headers,
    body: bodyText === '' || method === 'GET' || method === 'HEAD' ? undefined : bodyText,
  });
}

/** The sandbox's answer written to the Node response, with the CORS headers; no body for HEAD. */
async function writeAnswer(
  response: ServerResponse,
  answered: Response,
  method: string,
  cors: Record<string, string>,
): Promise<void> {
  response.writeHead(answered.status, { ...cors, ...Object.fromEntries(answered.headers) });
  if (method === 'HEAD' || !answered.body) return void response.end();
  // Written as it comes: a streamed answer (OpenAPI 3.2 `itemSchema`) reaches the client item by item.
  for await (const chunk of answered.body) {
    if (response.destroyed) break;
    response.write(chunk);
  }
  response.end();
}

/**
 * The answer when answering a request threw: 413 for a body past `maxBodyBytes`, else 500 naming the failure; a
 * response already begun is cut off instead.
 */
function sendFailure(response: ServerResponse, error: unknown, maxBodyBytes: number): void {
  if (response.headersSent) return void response.destroy();
  if (error instanceof BodyTooLarge)
    return sendJson(
      response,
      413,
      { message: `The request body is larger than ${maxBodyBytes} bytes` },
      { connection: 'close' },
    );
  sendJson(response, 500, {
    message: `The sandbox failed on this request: ${error instanceof Error ? error.message : String(error)}`,
  });
}

/**
 * A request Node cannot parse: answer and close, as any server does, with the contract's Error body naming why
 * (a URL of 40,000 query keys is past the 16 KB Node reads for the request line and headers).
 */
function refuseUnparsed(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return;
  const { tooLarge, status } = parserRefusal(error);
  const body = JSON.stringify({
    message: tooLarge
      ? 'The request line and headers are larger than 16 KB, the most the sandbox reads: send fewer query parameters'
      : 'The request is not well-formed HTTP',
  });
  writeRawAnswer(socket, status, [['Content-Type', 'application/json']], body);
}

/**
 * The sandbox of the playground, served over HTTP for partners' own test suites: the same `createSandbox`, with a
 * sandbox per API key (any non-empty key works) kept in a store (this process's memory, or Redis), `POST
 * /__sandbox/reset` to empty the caller's, CORS for a local front end, and a line of log per request. Bad input
 * gets an `Error` body, never a crash; a store that fails gets 503 naming it.
 */
export function createSandboxServer(contract: OperationContract, options: SandboxServerOptions = {}): Server {
  const {
    maxBodyBytes = 1_000_000,
    maxKeys = 100,
    corsOrigins = [],
    allowedHosts = [],
    log = console.log,
    now,
  } = options;
  const validator = createSchemaValidator(contract.defs);
  const keyHeader = contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key';
  const store =
    options.store ?? createMemoryStore(sandboxStoreLimits(maxKeys), { onEvict: () => log(dropped(maxKeys)) });
  // The store holds each key's world; this process keeps only copies by version, and one queue per key (stored.ts).
  const sandboxOf = (key: string) => storedSandbox(contract, store, keyId(key), { validator, create: true, now });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    const cors = corsFor(request.headers.origin, corsOrigins);
    const refused = refusalAtTheDoor(request, method, allowedHosts);
    if (refused)
      return sendJson(
        response,
        refused.status,
        { message: refused.message },
        refused.status === 403 ? {} : { ...cors, ...refused.headers },
      );
    const target = request.url ?? '/';
    const url = new URL(target, 'http://sandbox.invalid');
    if (method === 'OPTIONS') {
      // A preflight from a page that may not call the sandbox (a public site asking for the private network) is refused.
      response.writeHead('access-control-allow-origin' in cors ? 204 : 403, cors);
      response.end();
      return;
    }
    // Where the sandbox's authorize redirects: the partner's user would sign in to Kilowise here.
    if (url.pathname === SIGN_IN_PATH) return sendSignIn(response, cors);
    const header = request.headers[keyHeader];
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    const bodyText = method === 'GET' || method === 'HEAD' ? '' : await readBody(request, maxBodyBytes);
    // The version is the server's, the same for every key and no key's state: a client may read it before it has one.
    const keyless = !key && url.pathname === VERSION_PATH;
    if (url.pathname.startsWith(CONTROL_PREFIX) && !keyless && !key)
      return sendJson(
        response,
        401,
        { message: `Send your API key in the ${keyHeader} header: each key has its own sandbox and clock to control` },
        cors,
      );
    const forwarded = forwardedRequest(request, new URL(`${url.pathname}${url.search}`, contract.serverUrl), bodyText);
    let answered: Response;
    try {
      // Without a key, no store entry is opened (one would take the place of a key's sandbox).
      answered = await (keyless ? createSandbox(contract, { validator, now }) : sandboxOf(key)).handle(forwarded);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      return sendStoreFailure(response, error, cors);
    }
    await writeAnswer(response, answered, method, cors);
  }

  return createServer((request, response) => {
    const started = performance.now();
    response.on('finish', () => {
      log(
        `${request.method ?? '?'} ${request.url ?? '?'} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`,
      );
    });
    answer(request, response).catch((error: unknown) => sendFailure(response, error, maxBodyBytes));
  })
    .on('connect', (request: IncomingMessage, socket: Duplex) => refuseConnect(request, socket, log))
    .on('clientError', refuseUnparsed);
}
