// POST /insights/events: a batch of events from the widget (navigator.sendBeacon or fetch keepalive). Every field
// is checked (events.ts) before anything is stored, and a batch goes in whole or not at all:
// 204 stored (or dropped: the honeypot, Do Not Track) · 400 naming the field · 413 past the size · 429 past the
// rate, with Retry-After · 503 at once while the store is down, and again as soon as it is back.
import { clientOf } from '../security/client-key';
import { trustedProxies, type Arrival } from '../security/client-address';
import { BATCH_EVENTS, describeIssue, insightsBatch, type InsightsEvent } from './events';
import { createRateLimiter } from './rate-limit';
import { StoreUnavailableError, type InsightsStore, type RecordedEvent } from './store';
import { isAgent, optsOut, visitorHash } from './visitors';

/** Largest body taken: 50 events with a comment of 1,000 characters each fit, with room for their fields. */
export const MAX_BODY_BYTES = 96 * 1024;
/** After the store failed, answer 503 without trying it for this long, so that a dead database costs no time. */
const PAUSE_AFTER_FAILURE_MS = 1000;

/** What a reader volunteered, kept under Do Not Track and Global Privacy Control too; nothing else is. */
const VOLUNTEERED = new Set<InsightsEvent['type']>(['feedback', 'sample_flag']);

export interface IngestOptions {
  store: () => Promise<InsightsStore>;
  /** The site's name in the visitor hash. */
  site?: string;
  now?: () => Date;
  rateLimiter?: ReturnType<typeof createRateLimiter>;
  /** KILOWISE_TRUSTED_PROXIES, as lib/security/client-address.ts reads it. */
  trustedProxies?: string;
}

/** Headers every answer carries: a static host's pages send from another origin (KILOWISE_INSIGHTS_URL). */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
  'cache-control': 'no-store',
};

function answer(status: number, message?: string, extra: Record<string, string> = {}): Response {
  const headers = { ...CORS_HEADERS, ...extra };
  if (message === undefined) return new Response(null, { status, headers });
  return Response.json({ error: message }, { status, headers });
}

/** The body as text, or undefined once it passes `limit` bytes (it is not read further). */
async function readBounded(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The ingest handler; one per process, as its rate limits and pause are. */
export function createIngestHandler(options: IngestOptions) {
  const limiter = options.rateLimiter ?? createRateLimiter();
  const now = options.now ?? (() => new Date());
  const proxies = trustedProxies(options.trustedProxies ?? process.env.KILOWISE_TRUSTED_PROXIES);
  let pausedUntil = 0;

  return async function ingest(request: Request, arrival: Arrival = 'platform'): Promise<Response> {
    if (request.method === 'OPTIONS') return answer(204);
    if (request.method !== 'POST') return answer(405, 'Send events with POST.', { allow: 'POST, OPTIONS' });
    const at = now();
    const client = clientOf(request, arrival, proxies);
    const retryAfter = limiter.take(client, at.getTime());
    if (retryAfter > 0)
      return answer(429, 'Too many batches: wait and send again.', { 'retry-after': String(retryAfter) });

    const text = await readBounded(request, MAX_BODY_BYTES);
    if (text === undefined)
      return answer(
        413,
        `The body is larger than ${MAX_BODY_BYTES} bytes: send at most ${BATCH_EVENTS} events a batch.`,
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return answer(400, '(body): not JSON');
    }
    const parsed = insightsBatch.safeParse(body);
    if (!parsed.success) return answer(400, describeIssue(parsed.error));
    // A form filler wrote into the field no reader sees: thank it, keep nothing.
    if (parsed.data.website) return answer(204);

    const optedOut = optsOut(request.headers);
    const events = parsed.data.events.filter((event) => !optedOut || VOLUNTEERED.has(event.type));
    if (events.length === 0) return answer(204);
    if (Date.now() < pausedUntil) return answer(503, 'The insights store is unavailable.', { 'retry-after': '5' });
    try {
      const store = await options.store();
      const userAgent = request.headers.get('user-agent') ?? '';
      const agent = isAgent(userAgent);
      const needsVisitor = !optedOut && events.some((event) => event.type === 'page_view');
      const salt = needsVisitor ? await store.dailySalt(at) : undefined;
      const visitor = salt ? visitorHash(salt, options.site ?? 'kilowise', client, userAgent) : null;
      const recorded: RecordedEvent[] = events.map((event) => ({
        event,
        at,
        agent,
        visitor: event.type === 'page_view' ? visitor : null,
      }));
      await store.record(recorded);
      return answer(204);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      console.error(error.message);
      return answer(503, 'The insights store is unavailable.', { 'retry-after': '5' });
    }
  };
}
