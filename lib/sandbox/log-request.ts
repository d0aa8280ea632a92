import type { Answer } from './handlers';
import { EVENTS_PATH, REQUESTS_PATH } from './control-names';
import type { ControlHost } from './controls';
import { clockNow } from './domain/clock';
import type { IncomingRequest, RefusalReason } from './request';
import { logEntry } from './request-log';

// How the sandbox logs each request in its request log (request-log.ts), the same on every host.

/** An answer with what the request log needs to know of it: the operation, and for a refusal why. */
export type Traced = Answer & {
  operationId?: string;
  reason?: RefusalReason;
  /** A GET whose handler carried out a command (the Smartcar authorization URL's redirect URI): the host keeps it. */
  keeps?: true;
};
/** When a request came, on the sandbox's clock and the wall (epoch ms), and on the monotonic clock that times it. */
export type Started = { sandbox: number; wall: number; clock: number };

/** Now, as a request comes. A sandbox nobody has made a world for yet follows real time, and is not made to say so. */
export function startOf(host: ControlHost): Started {
  const made = host.made();
  return {
    sandbox: made ? clockNow(made.clock, host.realNow) : host.realNow(),
    wall: Date.now(),
    clock: performance.now(),
  };
}

/**
 * Logs a request and its answer in the host's request log, timed from `started`. Reading the log or the timeline is
 * not logged, or reading it would fill it.
 */
export function logRequest(
  host: ControlHost,
  keyHeader: string,
  request: IncomingRequest,
  result: Traced,
  responseBody: string,
  started: Started,
): void {
  if (request.url.pathname === REQUESTS_PATH || request.url.pathname === EVENTS_PATH) return;
  const message = (result.body as { message?: unknown } | undefined)?.message;
  host.requests.add(
    logEntry({
      sandboxTime: new Date(started.sandbox).toISOString(),
      wallTime: new Date(started.wall).toISOString(),
      method: request.method,
      path: `${request.url.pathname}${request.url.search}`,
      operationId: result.operationId,
      status: result.status,
      durationMs: Math.round((performance.now() - started.clock) * 10) / 10,
      headers: request.headers,
      requestBody: request.bodyText,
      responseBody: result.stream ? { stream: result.stream.contentType } : responseBody,
      ...(result.reason
        ? { reason: { ...result.reason, message: typeof message === 'string' ? message : String(result.status) } }
        : {}),
      keyHeader,
    }),
  );
}
