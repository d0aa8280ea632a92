import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OperationContract } from '../contract/operation-contract';
import { SIGN_IN_PATH } from './handlers';
import { createSandbox, SANDBOX_HEADER, type Sandbox } from './sandbox';
import type { SandboxStore } from './state';

/** The path that empties the caller's sandbox (POST, with the caller's key). */
export const RESET_PATH = '/__sandbox/reset';

/** Options of the Node host; the defaults suit a partner's test suite on one machine. */
export interface SandboxServerOptions {
  /** Largest request body read, in bytes; a larger one gets 413. */
  maxBodyBytes?: number;
  /** How many API keys keep a sandbox at once; the one used longest ago goes first. */
  maxKeys?: number;
  /** Largest state one key's sandbox may hold, in bytes of JSON; past it, writes get 507 until a reset. */
  maxStateBytes?: number;
  /** Writes one line per request; `console.log` by default, nothing with `() => {}`. */
  log?: (line: string) => void;
  now?: () => Date;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
};

/** Thrown by a store whose sandbox has grown past its limit. */
class StateFull extends Error {}

/** Memory that refuses to keep more than `limit` bytes, so one key can never fill the machine. */
function boundedStore(limit: number): SandboxStore {
  let text: string | null = null;
  return {
    load: () => text,
    save(value) {
      if (value.length > limit) throw new StateFull(`this key's sandbox holds more than ${limit} bytes`);
      text = value;
    },
    clear: () => void (text = null),
  };
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
    ...CORS_HEADERS,
    [SANDBOX_HEADER]: 'true',
    'content-type': 'application/json',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/**
 * The sandbox of the playground, served over HTTP for partners' own test suites: the same `createSandbox`, with a
 * sandbox per API key (any non-empty key works) kept in memory, `POST /__sandbox/reset` to empty the caller's,
 * CORS for a local front end, and a line of log per request. Bad input gets an `Error` body, never a crash.
 */
export function createSandboxServer(contract: OperationContract, options: SandboxServerOptions = {}): Server {
  const { maxBodyBytes = 1_000_000, maxKeys = 100, maxStateBytes = 5_000_000, log = console.log, now } = options;
  const keyHeader = contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key';
  // A Map keeps insertion order: taking a key out and putting it back makes it the newest.
  const sandboxes = new Map<string, Sandbox>();
  const sandboxOf = (key: string): Sandbox => {
    let sandbox = sandboxes.get(key);
    if (sandbox) sandboxes.delete(key);
    else sandbox = createSandbox(contract, { store: boundedStore(maxStateBytes), now });
    sandboxes.set(key, sandbox);
    for (const oldest of sandboxes.keys()) {
      if (sandboxes.size <= maxKeys) break;
      sandboxes.delete(oldest);
    }
    return sandbox;
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    if (method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    if (url.pathname === SIGN_IN_PATH) {
      // Where the sandbox's authorize redirects: the partner's user would sign in to Kilowise here.
      response.writeHead(200, {
        ...CORS_HEADERS,
        [SANDBOX_HEADER]: 'true',
        'content-type': 'text/html; charset=utf-8',
      });
      response.end(
        '<!doctype html><title>Kilowise sandbox sign-in</title><p>The Kilowise sandbox: here your user would sign in and grant access.</p>',
      );
      return;
    }
    const header = request.headers[keyHeader];
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    const bodyText = method === 'GET' || method === 'HEAD' ? '' : await readBody(request, maxBodyBytes);
    if (url.pathname === RESET_PATH) {
      if (method !== 'POST')
        return sendJson(response, 405, { message: `Use POST ${RESET_PATH} to reset your sandbox` }, { allow: 'POST' });
      if (!key)
        return sendJson(response, 401, {
          message: `Send your API key in the ${keyHeader} header: each key has its own sandbox to reset`,
        });
      sandboxOf(key).reset();
      return sendJson(response, 200, {
        message: "Your sandbox is reset: it holds only the contract's example data again.",
      });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const forwarded = new Request(new URL(`${url.pathname}${url.search}`, contract.serverUrl), {
      method,
      headers,
      body: bodyText === '' || method === 'GET' || method === 'HEAD' ? undefined : bodyText,
    });
    const answered = await sandboxOf(key).handle(forwarded);
    response.writeHead(answered.status, { ...CORS_HEADERS, ...Object.fromEntries(answered.headers) });
    if (method === 'HEAD' || !answered.body) return void response.end();
    // Written as it comes: a streamed answer (OpenAPI 3.2 `itemSchema`) reaches the client item by item.
    for await (const chunk of answered.body) {
      if (response.destroyed) break;
      response.write(chunk);
    }
    response.end();
  }

  return createServer((request, response) => {
    const started = performance.now();
    response.on('finish', () => {
      log(
        `${request.method ?? '?'} ${request.url ?? '?'} ${response.statusCode} ${(performance.now() - started).toFixed(1)} ms`,
      );
    });
    answer(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      if (error instanceof BodyTooLarge)
        return sendJson(
          response,
          413,
          { message: `The request body is larger than ${maxBodyBytes} bytes` },
          { connection: 'close' },
        );
      if (error instanceof StateFull)
        return sendJson(response, 507, {
          message: `Your sandbox is full (${error.message}): reset it with POST ${RESET_PATH}`,
        });
      sendJson(response, 500, {
        message: `The sandbox failed on this request: ${error instanceof Error ? error.message : String(error)}`,
      });
    });
  }).on('clientError', (_error, socket) => {
    // A request Node cannot parse (a bad request line, oversized headers): answer 400 and close, as any server does.
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
}
