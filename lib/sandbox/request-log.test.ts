// The request log's own rules (sandbox.mdx, "The request log"): a ring of 200, bounded in what it weighs, the key
// never kept, bodies cut and marked so, and the filters of GET /__sandbox/requests.
import { describe, expect, it } from 'vitest';
import { logFilterOf } from './readings';
import {
  createRequestLog,
  cutBody,
  LOG_BODY_BYTES,
  LOG_BUDGET,
  LOG_ENTRIES,
  LOG_SHRUNK_BODY_BYTES,
  logEntry,
  REDACTED,
  type LoggedRequest,
  type RequestRecord,
} from './request-log';

const KEY = 'sk-partner-7f3a9c';

function record(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    sandboxTime: '2025-03-14T12:00:00.000Z',
    wallTime: '2026-12-02T01:00:00.000Z',
    method: 'POST',
    path: '/v2/kilowise/users/user-4711/locations',
    operationId: 'addLocation',
    status: 200,
    durationMs: 1.2,
    headers: new Headers({ 'x-api-key': KEY, 'content-type': 'application/json' }),
    requestBody: '{"name":"Cabin"}',
    responseBody: '{"id":"loc-1"}',
    keyHeader: 'x-api-key',
    ...overrides,
  };
}

const entry = (status: number, body = ''): LoggedRequest =>
  logEntry(record({ status, requestBody: body, responseBody: body }));

describe('cutBody', () => {
  it('keeps a body within the limit whole, and cuts a longer one at a character, marked and with its size', () => {
    expect(cutBody('{"a":1}')).toEqual({ text: '{"a":1}', bytes: 7, cut: false });
    const long = cutBody('x'.repeat(LOG_BODY_BYTES + 1));
    expect(long).toEqual({ text: 'x'.repeat(LOG_BODY_BYTES), bytes: LOG_BODY_BYTES + 1, cut: true });
    // "å" is two bytes in UTF-8: 11 bytes of "åå…" end inside the sixth, which is left out whole.
    expect(cutBody('å'.repeat(10), 11)).toEqual({ text: 'å'.repeat(5), bytes: 20, cut: true });
    expect(cutBody('🚗'.repeat(3), 5)).toEqual({ text: '🚗', bytes: 12, cut: true });
  });
});

describe('logEntry', () => {
  it('never keeps the API key: not its header, nor where else it was sent', () => {
    const logged = logEntry(
      record({
        path: `/v2/things?key=${KEY}`,
        headers: new Headers({ 'x-api-key': KEY, authorization: 'Bearer abc', 'x-note': `mine is ${KEY}` }),
        requestBody: `{"apiKey":"${KEY}"}`,
        responseBody: `{"echo":"${KEY}"}`,
        status: 400,
        reason: { rule: 'required', message: `bad ${KEY}`, in: 'body', pointer: `/${KEY}` },
      }),
    );
    expect(JSON.stringify(logged)).not.toContain(KEY);
    expect(logged.headers).toMatchObject({
      'x-api-key': REDACTED,
      authorization: REDACTED,
      'x-note': `mine is ${REDACTED}`,
    });
    expect(logged.path).toBe(`/v2/things?key=${REDACTED}`);
    expect(logged.requestBody?.text).toBe(`{"apiKey":"${REDACTED}"}`);
    expect(logged.reason).toEqual({
      rule: 'required',
      message: `bad ${REDACTED}`,
      in: 'body',
      pointer: `/${REDACTED}`,
    });
  });

  it('redacts a key in a header the contract names, whatever its case', () => {
    const logged = logEntry(record({ headers: new Headers({ 'X-Partner-Key': KEY }), keyHeader: 'X-Partner-Key' }));
    expect(logged.headers['x-partner-key']).toBe(REDACTED);
  });

  it('cuts a large body rather than dropping it, and leaves out bodies that were empty', () => {
    const logged = logEntry(record({ requestBody: `"${'y'.repeat(20_000)}"`, responseBody: '' }));
    expect(logged.requestBody).toMatchObject({ bytes: 20_002, cut: true });
    expect(logged.requestBody?.text).toHaveLength(LOG_BODY_BYTES);
    expect(logged).not.toHaveProperty('responseBody');
    expect(logEntry(record({ responseBody: { stream: 'application/jsonl' } })).responseBody).toEqual({
      text: '',
      bytes: 0,
      cut: false,
      stream: 'application/jsonl',
    });
  });
});

describe('createRequestLog', () => {
  it('keeps the last 200 entries, newest first', () => {
    const log = createRequestLog();
    for (let index = 0; index < LOG_ENTRIES + 30; index += 1) log.add({ ...entry(200), durationMs: index });
    const listed = log.list();
    expect(listed).toHaveLength(LOG_ENTRIES);
    expect(listed[0]?.durationMs).toBe(LOG_ENTRIES + 29);
    expect(listed.at(-1)?.durationMs).toBe(30);
    expect(log.added()).toBe(LOG_ENTRIES + 30);
  });

  it('stays within its budget when every body is full, cutting the oldest bodies first and keeping 200 entries', () => {
    const log = createRequestLog();
    const full = 'z'.repeat(LOG_BODY_BYTES * 2);
    for (let index = 0; index < LOG_ENTRIES; index += 1) log.add(entry(200, full));
    expect(log.size().weight).toBeLessThanOrEqual(LOG_BUDGET);
    expect(log.size().entries).toBe(LOG_ENTRIES);
    const [newest] = log.list({ limit: 1 });
    expect(newest?.requestBody).toMatchObject({ cut: true, bytes: LOG_BODY_BYTES * 2 });
    expect(newest?.requestBody?.text).toHaveLength(LOG_BODY_BYTES);
    const oldest = log.list().at(-1);
    expect(oldest?.requestBody?.text).toHaveLength(LOG_SHRUNK_BODY_BYTES);
    expect(oldest?.requestBody).toMatchObject({ cut: true, bytes: LOG_BODY_BYTES * 2 });
  });

  it('weighs a text past Latin-1 twice, as memory holds it, and then keeps nearly all 200', () => {
    const log = createRequestLog();
    for (let index = 0; index < LOG_ENTRIES; index += 1) log.add(entry(200, '字'.repeat(3000)));
    expect(log.size().weight).toBeLessThanOrEqual(LOG_BUDGET);
    // Each entry weighs twice its characters, its times and headers too: a few of the oldest go early.
    expect(log.size().entries).toBeGreaterThan(180);
    const ascii = createRequestLog();
    for (let index = 0; index < LOG_ENTRIES; index += 1) ascii.add(entry(200, 'z'.repeat(3000)));
    expect(log.size().weight).toBeGreaterThan(ascii.size().weight);
  });

  it('drops the oldest early only when cut bodies are not enough (long paths and many headers)', () => {
    const log = createRequestLog();
    const headers = new Headers(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`x-h${i}`, 'v'.repeat(300)])));
    for (let index = 0; index < LOG_ENTRIES; index += 1)
      log.add(logEntry(record({ headers, path: `/${'p'.repeat(600)}` })));
    expect(log.size().weight).toBeLessThanOrEqual(LOG_BUDGET);
    expect(log.size().entries).toBeLessThan(LOG_ENTRIES);
    expect(log.size().entries).toBeGreaterThan(20);
    const [newest] = log.list({ limit: 1 });
    expect(Object.keys(newest?.headers ?? {})).toHaveLength(24);
    expect(newest?.path).toHaveLength(503);
  });

  it('filters by a class of status or one status, and limits how many', () => {
    const log = createRequestLog();
    for (const status of [200, 404, 201, 400, 500, 404]) log.add(entry(status));
    expect(log.list({ status: { class: 4 }, limit: 200 }).map((each) => each.status)).toEqual([404, 400, 404]);
    expect(log.list({ status: { exact: 404 }, limit: 1 }).map((each) => each.status)).toEqual([404]);
    expect(log.list({ status: { class: 2 }, limit: 200 }).map((each) => each.status)).toEqual([201, 200]);
    expect(log.list({ limit: 2 }).map((each) => each.status)).toEqual([404, 500]);
  });

  it('reads back what it stored, as a host that keeps it between requests does', () => {
    const log = createRequestLog();
    log.add(entry(200));
    log.add(entry(404));
    const again = createRequestLog(log.texts());
    expect(again.list()).toEqual(log.list());
    expect(again.added()).toBe(0);
  });
});

describe('logFilterOf', () => {
  const of = (query: string) => logFilterOf(new URLSearchParams(query));

  it('reads a class, an exact status and a limit', () => {
    expect(of('')).toEqual({ limit: 200 });
    expect(of('status=4xx&limit=50')).toEqual({ status: { class: 4 }, limit: 50 });
    expect(of('status=5XX')).toEqual({ status: { class: 5 }, limit: 200 });
    expect(of('status=404&limit=1')).toEqual({ status: { exact: 404 }, limit: 1 });
  });

  it('names the parameter at fault', () => {
    expect(of('status=4x')).toEqual({
      problem:
        'Parameter "status" (query) must be a class such as 2xx, 4xx or 5xx, or a status code from 100 to 599, got "4x"',
    });
    expect(of('status=600')).toMatchObject({ problem: expect.stringMatching(/^Parameter "status" \(query\)/) });
    for (const limit of ['0', '201', '1.5', '-1', 'ten', ''])
      expect(of(`limit=${limit}`)).toEqual({
        problem: `Parameter "limit" (query) must be a whole number from 1 to 200, got "${limit}"`,
      });
    expect(of('stauts=4xx')).toEqual({
      problem: 'Parameter "stauts" (query) is not one this control reads; it reads "status" and "limit"',
    });
    expect(of('limit=1&limit=2')).toEqual({ problem: 'Parameter "limit" (query) is given more than once' });
  });
});
