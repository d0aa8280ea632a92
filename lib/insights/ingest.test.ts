import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createIngestHandler, MAX_BODY_BYTES } from './ingest';
import { createRateLimiter, INGEST_RATES } from './rate-limit';
import { openSqliteStore } from './sqlite';
import { StoreUnavailableError, type InsightsStore } from './store';

const NOW = new Date('2026-11-20T12:00:00Z');
const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-ingest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const feedback = { type: 'feedback', path: '/docs/smart-charging', section: 'charge-now', helpful: true };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/insights/events', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the ingest endpoint', () => {
  let store: InsightsStore;
  let ingest: ReturnType<typeof createIngestHandler>;
  let count = 0;
  beforeEach(() => {
    store = openSqliteStore(path.join(dir, `ingest-${(count += 1)}.sqlite`));
    ingest = createIngestHandler({ store: () => Promise.resolve(store), now: () => NOW });
  });
  const stored = async () => (await store.report({ since: new Date(0), now: NOW })).totals.events;

  it('stores a good batch and answers 204, with CORS for a static host', async () => {
    const response = await ingest(post({ events: [feedback, { ...feedback, helpful: false, comment: 'Unclear' }] }));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const report = await store.report({ since: new Date(0), now: NOW });
    expect(report.helpfulness).toEqual([{ path: '/docs/smart-charging', section: 'charge-now', yes: 1, no: 1 }]);
    expect(report.comments.map((row) => row.text)).toEqual(['Unclear']);
  });

  it.each([
    ['a wrong type', { events: [{ ...feedback, helpful: 'yes' }] }, 'events[0].helpful'],
    ['an unknown event', { events: [{ type: 'page_leave', path: '/docs' }] }, 'events[0].type'],
    ['a comment of 1,001 characters', { events: [{ ...feedback, comment: 'x'.repeat(1001) }] }, 'events[0].comment'],
    ['a field no event has (a key)', { events: [{ ...feedback, apiKey: 'sk_live' }] }, 'events[0]'],
    [
      '__proto__',
      '{"events":[{"type":"feedback","path":"/docs","section":null,"helpful":true,"__proto__":{"x":1}}]}',
      'events[0]',
    ],
    ['a bad event after a good one', { events: [feedback, { ...feedback, path: 'docs' }] }, 'events[1].path'],
    ['51 events', { events: Array.from({ length: 51 }, () => feedback) }, 'events'],
    ['no events', { events: [] }, 'events'],
    ['deep JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`, '(body)'],
    ['not JSON', '{"events": [', '(body)'],
  ])('refuses %s with 400 naming the field, and stores nothing of it', async (_name, body, field) => {
    const response = await ingest(post(body));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error.startsWith(`${field}:`)).toBe(true);
    expect(await stored()).toBe(0);
  });

  it('refuses a body past the limit with 413 (10,000 events, a huge string), declared or not', async () => {
    const many = { events: Array.from({ length: 10_000 }, () => feedback) };
    expect((await ingest(post(many))).status).toBe(413);
    const huge = JSON.stringify({ events: [{ ...feedback, comment: 'x'.repeat(MAX_BODY_BYTES) }] });
    const undeclared = new Request('http://localhost/insights/events', {
      method: 'POST',
      body: new Blob([huge]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect((await ingest(undeclared)).status).toBe(413);
    expect(await stored()).toBe(0);
  });

  it('answers the honeypot 204 and keeps nothing', async () => {
    expect((await ingest(post({ events: [feedback], website: 'https://spam.example' }))).status).toBe(204);
    expect(await stored()).toBe(0);
  });

  it('keeps only what the reader volunteered under Do Not Track or Global Privacy Control', async () => {
    const view = { type: 'page_view', path: '/docs', referrerHost: null, device: 'desktop' };
    expect((await ingest(post({ events: [view, feedback] }, { dnt: '1' }))).status).toBe(204);
    expect((await ingest(post({ events: [view] }, { 'sec-gpc': '1' }))).status).toBe(204);
    const report = await store.report({ since: new Date(0), now: NOW });
    expect(report.totals).toMatchObject({ events: 1, pageViews: 0, feedback: 1 });
  });

  it('counts a visitor by address and browser, without storing either, and tells agents from people', async () => {
    const view = { type: 'page_view', path: '/docs', referrerHost: 'example.org', device: 'desktop' };
    await ingest(post({ events: [view, view] }));
    await ingest(post({ events: [view] }, { 'x-forwarded-for': '198.51.100.1' }));
    await ingest(post({ events: [view] }, { 'user-agent': 'python-requests/2.32' }));
    const report = await store.report({ since: new Date(0), now: NOW });
    expect(report.totals).toMatchObject({ pageViews: 4, visitors: 3 });
    expect(report.audience).toMatchObject({ people: 3, agents: 1 });
  });

  it('answers 429 with Retry-After past a client’s rate, while another client still gets in', async () => {
    const limited = createIngestHandler({
      store: () => Promise.resolve(store),
      now: () => NOW,
      rateLimiter: createRateLimiter({ ...INGEST_RATES, clientBurst: 3, clientPerSecond: 1 }),
    });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await limited(post({ events: [feedback] }))).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const refused = await limited(post({ events: [feedback] }));
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await limited(post({ events: [feedback] }, { 'x-forwarded-for': '198.51.100.2' }))).status).toBe(204);
  });

  it('answers 503 at once while the store is down, and stores again once it is back', async () => {
    let down = true;
    const flaky: InsightsStore = {
      ...store,
      record: (events) =>
        down ? Promise.reject(new StoreUnavailableError('postgres', new Error('ECONNREFUSED'))) : store.record(events),
    };
    const handler = createIngestHandler({ store: () => Promise.resolve(flaky), now: () => NOW });
    const started = performance.now();
    expect((await handler(post({ events: [feedback] }))).status).toBe(503);
    expect((await handler(post({ events: [feedback] }))).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(1000);
    down = false;
    // The endpoint pauses a second after a failure before it tries the store again.
    const until = Date.now() + 1100;
    while (Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await handler(post({ events: [feedback] }))).status).toBe(204);
    expect(await stored()).toBe(1);
  });

  it('answers methods other than POST and OPTIONS with 405', async () => {
    const response = await ingest(new Request('http://localhost/insights/events', { method: 'PUT', body: '{}' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await ingest(new Request('http://localhost/insights/events', { method: 'OPTIONS' }))).status).toBe(204);
  });
});
