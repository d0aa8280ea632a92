import type { RefusalReason } from './request';

/** How many requests a sandbox's log keeps: the newest, the oldest dropped first. */
export const LOG_ENTRIES = 200;
/** The most of a request's or an answer's body an entry keeps, in UTF-8 bytes: more is cut and marked so. */
export const LOG_BODY_BYTES = 8192;
/**
 * What a whole log may weigh, as the characters of its entries' JSON (two for each character of an entry past
 * Latin-1, which a JavaScript engine stores in two bytes): with every entry full a log stays under 200 KB.
 */
export const LOG_BUDGET = 180_000;
/** What an older entry's body is cut to when the log is past its budget: the newest keep their 8 KB. */
export const LOG_SHRUNK_BODY_BYTES = 96;
/** A header's value is cut to this many characters, and an entry keeps this many headers at most. */
const HEADER_CHARS = 200;
const HEADER_COUNT = 24;
/** A path and query, and a refusal's message, are cut to this many characters. */
const TEXT_CHARS = 500;

/** What stands for the API key wherever the log would hold it. */
export const REDACTED = '[redacted]';
/** Headers that carry a secret whatever the contract calls its key. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/** A body as the log keeps it: its text, cut to `LOG_BODY_BYTES`, its whole size, and whether it was cut. */
export interface LoggedBody {
  text: string;
  bytes: number;
  cut: boolean;
  /** A streamed answer (OpenAPI 3.2 `itemSchema`) is not read by the log: its media type stands for it. */
  stream?: string;
}

/** One request to a sandbox and its answer. */
export interface LoggedRequest {
  /** The instant on the sandbox's clock, and on the wall, when the request came (ISO date-times). */
  sandboxTime: string;
  wallTime: string;
  method: string;
  path: string;
  operationId?: string;
  status: number;
  durationMs: number;
  headers: Record<string, string>;
  requestBody?: LoggedBody;
  responseBody?: LoggedBody;
  /** For a 4xx: the answer's message and the rule that refused the request, with where it is. */
  reason?: RefusalReason & { message: string };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character, with its whole size. */
export function cutBody(text: string, maxBytes: number = LOG_BODY_BYTES): LoggedBody {
  // A text of fewer characters than a third of the limit fits however it encodes; most do, and skip the encoding.
  if (text.length * 3 <= maxBytes) return { text, bytes: encoder.encode(text).length, cut: false };
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text, bytes: bytes.length, cut: false };
  let end = maxBytes;
  // A byte 10xxxxxx continues a character: step back to the first byte of the one the limit falls in.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return { text: decoder.decode(bytes.subarray(0, end)), bytes: bytes.length, cut: true };
}

/** `text` with every occurrence of a secret replaced by `[redacted]`. */
function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

// Three dots, not an ellipsis: one character past Latin-1 would make the engine keep the whole entry in two bytes each.
const clip = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars)}...` : text);

/** What a host knows of a request and its answer when it logs them. */
export interface RequestRecord extends Omit<LoggedRequest, 'headers' | 'requestBody' | 'responseBody'> {
  headers: Headers;
  requestBody: string;
  responseBody: string | { stream: string };
  /** The header the API key comes in (the contract's), whose value is never logged. */
  keyHeader: string;
}

/**
 * The entry for a request: the key's header and the usual secret headers redacted, the key itself redacted wherever
 * else it appears (a query, a body), headers and bodies cut to their limits.
 */
export function logEntry(record: RequestRecord): LoggedRequest {
  const keyHeader = record.keyHeader.toLowerCase();
  const key = record.headers.get(keyHeader)?.trim() ?? '';
  // A key of one or two characters would redact half of every text; it is kept out of its header all the same.
  const secrets = key.length >= 3 ? [key] : [];
  const headers: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of record.headers) {
    if (count >= HEADER_COUNT) break;
    count += 1;
    headers[name] =
      name === keyHeader || SECRET_HEADERS.includes(name) ? REDACTED : clip(redact(value, secrets), HEADER_CHARS);
  }
  const body = (text: string) => cutBody(redact(text, secrets));
  return {
    sandboxTime: record.sandboxTime,
    wallTime: record.wallTime,
    method: record.method,
    path: clip(redact(record.path, secrets), TEXT_CHARS),
    ...(record.operationId ? { operationId: record.operationId } : {}),
    status: record.status,
    durationMs: record.durationMs,
    headers,
    ...(record.requestBody === '' ? {} : { requestBody: body(record.requestBody) }),
    ...loggedResponse(record.responseBody, body),
    ...(record.reason ? { reason: loggedReason(record.reason, secrets) } : {}),
  };
}

/** The answer's body as the log keeps it: a stream is named, not read; an empty body is left out. */
function loggedResponse(
  response: RequestRecord['responseBody'],
  body: (text: string) => LoggedBody,
): Pick<LoggedRequest, 'responseBody'> {
  if (typeof response !== 'string')
    return { responseBody: { text: '', bytes: 0, cut: false, stream: response.stream } };
  return response === '' ? {} : { responseBody: body(response) };
}

/** A refusal's reason with the key redacted in each of its texts: a body may name a field after the key. */
function loggedReason(reason: NonNullable<LoggedRequest['reason']>, secrets: readonly string[]) {
  const texts = Object.entries(reason).map(([name, value]) => [
    name,
    typeof value === 'string' ? clip(redact(value, secrets), TEXT_CHARS) : value,
  ]);
  return Object.fromEntries(texts) as NonNullable<LoggedRequest['reason']>;
}

/** What an entry's JSON weighs: a JavaScript engine stores a string with a character past Latin-1 in two bytes. */
const weigh = (json: string) => json.length * (/[^\u0000-\u00ff]/.test(json) ? 2 : 1);

/** An entry with its bodies cut to `LOG_SHRUNK_BODY_BYTES`, for a log past its budget. */
function shrunk(entry: LoggedRequest): LoggedRequest {
  // The whole size stays the one first logged; only the text kept is shorter.
  const shrink = (body: LoggedBody) => {
    const kept = cutBody(body.text, LOG_SHRUNK_BODY_BYTES);
    return kept.cut ? { ...body, text: kept.text, cut: true } : body;
  };
  return {
    ...entry,
    ...(entry.requestBody ? { requestBody: shrink(entry.requestBody) } : {}),
    ...(entry.responseBody ? { responseBody: shrink(entry.responseBody) } : {}),
  };
}

/** Which entries a reader asks for: a class of status (`4xx`) or one status, and how many. */
export interface LogFilter {
  status?: { class: number } | { exact: number };
  limit: number;
}

/**
 * A sandbox's request log: a ring of the last `LOG_ENTRIES` requests, each kept as its JSON text so that what the log
 * weighs is what it holds. Past `LOG_BUDGET`, the oldest entries' bodies are cut to `LOG_SHRUNK_BODY_BYTES` first
 * (the newest keep theirs); only when every entry is cut so and the log is still past it (entries of long paths and
 * many headers) do the oldest go before their turn.
 */
export function createRequestLog(stored: readonly string[] = []) {
  const entries: { json: string; weight: number; shrunk: boolean }[] = [];
  let weight = 0;
  let added = 0;

  function push(json: string, isShrunk: boolean): void {
    const entry = { json, weight: weigh(json), shrunk: isShrunk };
    entries.push(entry);
    weight += entry.weight;
    if (entries.length > LOG_ENTRIES) weight -= entries.shift()?.weight ?? 0;
    for (const old of entries) {
      if (weight <= LOG_BUDGET) return;
      if (old.shrunk || old === entry) continue;
      old.json = JSON.stringify(shrunk(JSON.parse(old.json) as LoggedRequest));
      old.shrunk = true;
      const lighter = weigh(old.json);
      weight += lighter - old.weight;
      old.weight = lighter;
    }
    while (weight > LOG_BUDGET && entries.length > 1) weight -= entries.shift()?.weight ?? 0;
  }

  for (const json of stored) push(json, false);

  return {
    add(entry: LoggedRequest): void {
      push(JSON.stringify(entry), false);
      added += 1;
    },
    /** How many entries were added since the log was made (read from a store): a host saves it when any was. */
    added: () => added,
    /** The entries that pass `filter`, newest first. */
    list(filter: LogFilter = { limit: LOG_ENTRIES }): LoggedRequest[] {
      const found: LoggedRequest[] = [];
      for (let index = entries.length - 1; index >= 0 && found.length < filter.limit; index -= 1) {
        const entry = JSON.parse(entries[index]?.json ?? '{}') as LoggedRequest;
        const wanted = filter.status;
        if (
          !wanted ||
          ('exact' in wanted ? entry.status === wanted.exact : Math.floor(entry.status / 100) === wanted.class)
        )
          found.push(entry);
      }
      return found;
    },
    /** The entries' JSON texts, oldest first, for a host that stores the log. */
    texts: (): string[] => entries.map((entry) => entry.json),
    /** How many entries, and what they weigh (see `LOG_BUDGET`). */
    size: () => ({ entries: entries.length, weight }),
    clear(): void {
      entries.length = 0;
      weight = 0;
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
