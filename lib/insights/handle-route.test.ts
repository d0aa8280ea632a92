import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const TOKEN = 'editors-token-0123456789';
const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-handle-'));

describe('POST /insights/comments', () => {
  beforeAll(() => {
    vi.stubEnv('KILOWISE_INSIGHTS_SQLITE', path.join(dir, 'insights.sqlite'));
    vi.stubEnv('KILOWISE_DATABASE_URL', '');
    vi.stubEnv('KILOWISE_INSIGHTS_TOKEN', TOKEN);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (fields: Record<string, string>) =>
    new Request('http://localhost/insights/comments', { method: 'POST', body: new URLSearchParams(fields) });

  it('marks a comment handled for the token, and is 404 without it', async () => {
    const { HANDLE_ROUTE } = await import('./handle-route');
    const { insightsStore } = await import('./open');
    const { insightsEvent } = await import('./events');
    const store = await insightsStore();
    const event = insightsEvent.parse({
      type: 'feedback',
      path: '/docs',
      section: null,
      helpful: false,
      comment: 'Typo',
    });
    await store.record([{ event, at: new Date(), visitor: null, agent: false }]);
    const [comment] = (await store.report({ since: new Date(0) })).comments;
    const id = String(comment?.id);

    expect((await HANDLE_ROUTE.POST(post({ id }))).status).toBe(404);
    expect((await HANDLE_ROUTE.POST(post({ id, token: 'wrong-token-0123456789' }))).status).toBe(404);
    expect((await HANDLE_ROUTE.POST(post({ id: 'x', token: TOKEN }))).status).toBe(400);
    const done = await HANDLE_ROUTE.POST(post({ id, token: TOKEN }));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/insights?token=${TOKEN}`);
    expect((await store.report({ since: new Date(0) })).comments).toEqual([]);
    expect((await HANDLE_ROUTE.POST(post({ id, token: TOKEN }))).status).toBe(404);
  });
});
