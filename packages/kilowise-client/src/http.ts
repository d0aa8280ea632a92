import type { BodyShape } from './body-shapes';
import { KilowiseApiError, KilowiseUsageError } from './errors';
import type { ClientConfiguration, Options } from './types';

/** Where an endpoint wants the user id, besides the path. */
export type UserIdPlacement = 'query' | 'header' | 'smartcar-header';

type QueryValue = string | number | boolean | readonly string[] | undefined;

/** One request, as an area method describes it. */
export interface RequestSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with its parameters filled in, e.g. `/v2/kilowise/devices/dev-1`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sends the caller's user id in the query or a header. */
  userId?: { in: UserIdPlacement; value: string };
  options?: Options;
}

const USER_ID_HEADER: Record<Exclude<UserIdPlacement, 'query'>, string> = {
  header: 'X-User-Id',
  'smartcar-header': 'x-user-id',
};

/** Encodes one path segment. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Sends requests with the API key, the user id and JSON bodies; turns error responses into KilowiseApiError. */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly config: ClientConfiguration) {
    if (!config.apiKey) throw new KilowiseUsageError('kilowise-client: ClientConfiguration.apiKey is empty');
    let origin: URL;
    try {
      origin = new URL(config.baseUrl);
    } catch {
      throw new KilowiseUsageError(`kilowise-client: ClientConfiguration.baseUrl is not a URL: "${config.baseUrl}"`);
    }
    this.baseUrl = origin.href.replace(/\/+$/, '');
    const fetchImpl = config.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new KilowiseUsageError('kilowise-client: no fetch available; pass ClientConfiguration.fetch');
    }
    this.fetchImpl = fetchImpl;
  }

  /** The user id a call acts for: the call's own, else the client's; a usage error names the method. */
  userId(options: Options | undefined, method: string): string {
    const userId = options?.userId ?? this.config.userId;
    if (!userId) {
      throw new KilowiseUsageError(
        `kilowise-client: ${method} acts for a user: pass { userId } or create the client with a userId`,
      );
    }
    return userId;
  }

  /** The full URL of a request. */
  url(spec: Pick<RequestSpec, 'path' | 'query' | 'userId'>): URL {
    const url = new URL(this.baseUrl + spec.path);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    if (spec.userId?.in === 'query') url.searchParams.set('userId', spec.userId.value);
    return url;
  }

  private async send(spec: RequestSpec, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ 'x-api-key': this.config.apiKey, accept: 'application/json' });
    if (spec.userId && spec.userId.in !== 'query') headers.set(USER_ID_HEADER[spec.userId.in], spec.userId.value);
    if (spec.body !== undefined) headers.set('content-type', 'application/json');
    const response = await this.fetchImpl(this.url(spec), {
      ...init,
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: spec.options?.signal,
    });
    if (response.status >= 400) throw await toApiError(response, spec.operationId);
    return response;
  }

  /** Sends the request, parses the JSON body and checks that it has the shape the contract gives it. */
  async json<T>(spec: RequestSpec, shape: BodyShape<T>): Promise<T> {
    const response = await this.send(spec);
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      throw new KilowiseApiError(
        response.status,
        `${spec.operationId}: the response body is not JSON`,
        spec.operationId,
      );
    }
    if (!shape(body)) {
      throw new KilowiseApiError(
        response.status,
        `${spec.operationId}: the response body does not have the shape the API contract gives it`,
        spec.operationId,
      );
    }
    return body;
  }

  /** Sends the request; the response has no body (204 or 202). */
  async empty(spec: RequestSpec): Promise<void> {
    await this.send(spec);
  }

  /** Sends the request without following redirects and returns the `Location` it points to. */
  async location(spec: RequestSpec): Promise<string> {
    const response = await this.send(spec, { redirect: 'manual' });
    const target = response.headers.get('location');
    if (!target) {
      throw new KilowiseApiError(
        response.status,
        `${spec.operationId}: the response has no Location header`,
        spec.operationId,
      );
    }
    return target;
  }
}

async function toApiError(response: Response, operationId: string): Promise<KilowiseApiError> {
  const fallback = response.statusText || `HTTP ${response.status}`;
  let message = fallback;
  try {
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      message = body.message;
  } catch {
    // Not JSON: the status text says what there is to say.
  }
  return new KilowiseApiError(response.status, message, operationId);
}
