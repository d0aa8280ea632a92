import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustedProxies } from '../security/client-address';
import { createMemoryStore } from '../store/memory';
import { createCallLimiter, type CallLimits } from './call-limit';
import { docsData } from './data';
import { createMcpHandler } from './http';
import { createSessions, SESSION_LIMITS } from './sessions';
import { initializeRequest, MCP_URL } from './testing';

/** Small bounds, and no pause after a call (its own test below has one). */
const LIMITS: CallLimits = {
  perSession: 1,
  perClient: 2,
  queued: 2,
  queuedTotal: 100,
  waitMs: 1_000,
  paceFactor: 0,
  maxPauseMs: 0,
};

/** A call that runs until `finish` is called, counting how many such calls run at once. */
function blockingCalls() {
  let running = 0;
  let most = 0;
  const finishers: (() => void)[] = [];
  return {
    call: () => {
      running += 1;
      most = Math.max(most, running);
      return new Promise<string>((resolve) => finishers.push(() => resolve('done'))).finally(() => (running -= 1));
    },
    /** Finishes every call as it starts, until `outcomes` have all settled (each finished call lets the next in). */
    finishAll: async (outcomes: Promise<unknown>[]) => {
      let settled = false;
      const all = Promise.allSettled(outcomes).then(() => (settled = true));
      while (!settled) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        finishers.splice(0).forEach((finish) => finish());
      }
      await all;
    },
    most: () => most,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the tool calls one client runs at once', () => {
  it('runs one call of a session at a time, queues the next in order, and refuses past the queue', async () => {
    const limiter = createCallLimiter(LIMITS);
    const calls = blockingCalls();
    const order: number[] = [];
    const outcomes = Array.from({ length: 5 }, (_, index) =>
      limiter.run({ session: 's1', client: 'c1' }, () => {
        order.push(index);
        return calls.call();
      }),
    );
    await calls.finishAll(outcomes);
    const settled = await Promise.all(outcomes);
    // One runs, two wait (the queue's bound), and two never run.
    expect(settled.map((outcome) => (outcome.ran ? outcome.value : outcome.reason))).toEqual([
      'done',
      'done',
      'done',
      'queue full',
      'queue full',
    ]);
    expect(order).toEqual([0, 1, 2]);
    expect(calls.most()).toBe(1);
    // Nothing is kept once every call has ended.
    expect(limiter.size()).toBe(0);
  });

  it("bounds a client's calls over all its sessions, and leaves other clients' alone", async () => {
    const limiter = createCallLimiter({ ...LIMITS, queued: 10 });
    const mine = blockingCalls();
    const theirs = blockingCalls();
    const outcomes = [
      ...Array.from({ length: 6 }, (_, index) => limiter.run({ session: `s${index}`, client: 'c1' }, mine.call)),
      ...Array.from({ length: 2 }, (_, index) => limiter.run({ session: `t${index}`, client: 'c2' }, theirs.call)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 0));
    // c2's two calls run at once beside c1's two, though c1 has four more waiting.
    expect(theirs.most()).toBe(2);
    await Promise.all([mine.finishAll(outcomes), theirs.finishAll(outcomes)]);
    expect((await Promise.all(outcomes)).every((outcome) => outcome.ran)).toBe(true);
    expect(mine.most()).toBe(2);
    expect(limiter.size()).toBe(0);
  });

  it('refuses a call whose turn does not come within the wait, which never runs then', async () => {
    vi.useFakeTimers();
    const limiter = createCallLimiter(LIMITS);
    const calls = blockingCalls();
    const first = limiter.run({ session: 's1', client: 'c1' }, calls.call);
    let ranLate = false;
    const second = limiter.run({ session: 's1', client: 'c1' }, () => {
      ranLate = true;
      return Promise.resolve('late');
    });
    await vi.advanceTimersByTimeAsync(LIMITS.waitMs + 1);
    expect(await second).toEqual({ ran: false, reason: 'waited too long' });
    vi.useRealTimers();
    await calls.finishAll([first]);
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(ranLate).toBe(false);
    expect(limiter.size()).toBe(0);
  });

  it("holds a turn with calls waiting behind it as long as its call took, without holding the call's answer", async () => {
    const limiter = createCallLimiter({ ...LIMITS, paceFactor: 1, maxPauseMs: 1_000 });
    const origin = performance.now();
    const since = () => performance.now() - origin;
    const call = () => new Promise<number>((resolve) => setTimeout(() => resolve(since()), 40));
    const first = limiter.run({ session: 's1', client: 'c1' }, call);
    let secondStarted = 0;
    const second = limiter.run({ session: 's1', client: 'c1' }, () => {
      secondStarted = since();
      return call();
    });
    const answer = await first;
    const answeredAt = since();
    if (!answer.ran) throw new Error('the first call did not run');
    // The first answer comes when its call ends, not after the pause (as long again as the call).
    expect(answeredAt - answer.value).toBeLessThan(answer.value / 2);
    await second;
    // The second starts once the first has run and then paused as long as it ran.
    expect(secondStarted - answer.value).toBeGreaterThanOrEqual(answer.value * 0.9);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(limiter.size()).toBe(0);
    // A call past maxPauseMs pauses only that long.
    const capped = createCallLimiter({ ...LIMITS, paceFactor: 100, maxPauseMs: 20 });
    const held = capped.run({ session: 's', client: 'c' }, call);
    void capped.run({ session: 's', client: 'c' }, () => Promise.resolve(0));
    await held;
    expect(capped.size()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(capped.size()).toBe(0);
    // A call with none waiting behind it (an agent that waits for each answer) is not held at all.
    const alone = createCallLimiter({ ...LIMITS, paceFactor: 100, maxPauseMs: 1_000 });
    await alone.run({ session: 's', client: 'c' }, call);
    expect(alone.size()).toBe(0);
  });

  it('keeps its waiting calls under queuedTotal over every client', async () => {
    const limiter = createCallLimiter({ ...LIMITS, queued: 10, queuedTotal: 3 });
    const calls = blockingCalls();
    const outcomes = Array.from({ length: 3 }, (_, client) =>
      Array.from({ length: 3 }, () => limiter.run({ session: `s${client}`, client: `c${client}` }, calls.call)),
    ).flat();
    await calls.finishAll(outcomes);
    const reasons = (await Promise.all(outcomes)).map((outcome) => (outcome.ran ? 'ran' : outcome.reason));
    // Three run at once (one per session), three wait, and the other three find the total full.
    expect(reasons.filter((reason) => reason === 'ran')).toHaveLength(6);
    expect(reasons.filter((reason) => reason === 'queue full')).toHaveLength(3);
  });
});

describe('/mcp with one client sending many tool calls at once', () => {
  it("runs a session's sandbox calls one at a time, answers those that waited, and 429s the rest with Retry-After", async () => {
    const calls = blockingCalls();
    const handler = createMcpHandler(() => {
      const sessions = createSessions(createMemoryStore(SESSION_LIMITS), () => docsData().contract);
      return Promise.resolve({
        settings: { limits: SESSION_LIMITS, logCalls: false, trustedProxies: trustedProxies(undefined) },
        // Every sandbox request of the session holds its turn until the test lets it go.
        sessions: {
          ...sessions,
          sandbox: (id: string) => ({
            handle: async (request: Request) => {
              await calls.call();
              return sessions.sandbox(id).handle(request);
            },
          }),
        },
        // A long wait: the first call loads the docs' data, which takes a while on a busy machine.
        calls: createCallLimiter({ ...LIMITS, waitMs: 60_000 }),
      });
    });
    const started = await handler(initializeRequest('192.0.2.80'));
    const sessionId = started.headers.get('mcp-session-id') ?? '';
    const call = (id: number) =>
      handler(
        new Request(MCP_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sessionId,
            'mcp-protocol-version': '2025-06-18',
            'x-forwarded-for': '192.0.2.80',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'sandbox_request', arguments: { method: 'GET', path: '/v2/kilowise/users/user-4711' } },
          }),
        }),
      );
    const answers = Array.from({ length: 6 }, (_, index) => call(index + 2));
    await calls.finishAll(answers);
    const settled = await Promise.all(answers);
    expect(settled.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(calls.most()).toBe(1);
    const refused = settled.find((answer) => answer.status === 429);
    expect(refused?.headers.get('retry-after')).toBe('1');
    const body = (await refused?.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^Too many tool calls at once: a session runs 1 at a time/);
    // The first call loads the docs' data: seconds on a busy machine.
  }, 30_000);
});
