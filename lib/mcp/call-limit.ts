// How many tool calls one client runs at once on this instance. A call can cost the process's one thread tens of
// milliseconds (a sandbox_request reads and writes its session's world); twenty at once from one client took the
// home page from 40 ms to 7 s in the fifth probe, every page waiting behind them. Each session, and each client
// address over all its sessions, runs a few calls at a time; the rest wait their turn in order (a queue, so an
// agent that sends calls side by side gets every answer), and past a bounded queue or wait they get 429 with
// Retry-After. One at a time is not yet enough: calls sent back to back still kept the thread busy, and the home
// page's 95th percentile was 145 to 163 ms. So when calls of the same session or client are waiting (it sends more
// at once than it may run), a turn is held after its call three times as long as the call took (paceFactor): such
// a client's calls take at most about a quarter of the thread, and pages are served in the rest. An agent that
// waits for each answer has none waiting and is never held. Counted per instance: it is this process's thread that
// the limit keeps free.

/** Bounds of the tool calls one client runs at once on one instance. */
export interface CallLimits {
  /** Calls of one session that run at once; more wait their turn. */
  perSession: number;
  /** Calls of one client (its address: lib/security/client-key.ts) over all its sessions that run at once. */
  perClient: number;
  /** Calls that may wait for one session or one client; a call past it gets 429 at once. */
  queued: number;
  /** Calls waiting on this instance, of every client; past it, 429 too (the queues' memory stays bounded). */
  queuedTotal: number;
  /** The longest a call waits for its turn; then it gets 429 without having run. */
  waitMs: number;
  /**
   * While calls of its session or client are waiting, a turn is held after its call for the call's own time times
   * this (the answer goes out at once).
   */
  paceFactor: number;
  /** The longest a turn is held after its call. */
  maxPauseMs: number;
}

export const CALL_LIMITS: CallLimits = {
  perSession: 1,
  perClient: 2,
  queued: 32,
  queuedTotal: 1_000,
  waitMs: 20_000,
  paceFactor: 3,
  maxPauseMs: 1_000,
};

/** Why a call did not run: its queue was full, or its turn did not come within `waitMs`. */
export interface CallRefused {
  reason: 'queue full' | 'waited too long';
}

interface Gate {
  running: number;
  waiting: (() => void)[];
}

/**
 * Turns for tool calls, keyed by session and by client. `run` runs `call` once the session and the client each have
 * a free slot (the session's first, so a session waiting on its client holds only its own turn), and gives what it
 * gave; or, when it could not get them, why not, the call never having run.
 */
export function createCallLimiter(limits: CallLimits = CALL_LIMITS) {
  const gates = new Map<string, Gate>();
  let waitingTotal = 0;

  function release(key: string): void {
    const gate = gates.get(key);
    if (!gate) return;
    gate.running -= 1;
    const next = gate.waiting.shift();
    if (next) {
      gate.running += 1;
      next();
    } else if (gate.running === 0) gates.delete(key);
  }

  /** A slot of `key`: true once it is the caller's (release it), or why not. */
  function enter(key: string, limit: number): Promise<true | CallRefused> | true | CallRefused {
    let gate = gates.get(key);
    if (!gate) gates.set(key, (gate = { running: 0, waiting: [] }));
    if (gate.running < limit && gate.waiting.length === 0) {
      gate.running += 1;
      return true;
    }
    if (gate.waiting.length >= limits.queued || waitingTotal >= limits.queuedTotal) return { reason: 'queue full' };
    const queue = gate.waiting;
    waitingTotal += 1;
    return new Promise((resolve) => {
      const admit = () => {
        clearTimeout(timer);
        waitingTotal -= 1;
        resolve(true);
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(admit), 1);
        waitingTotal -= 1;
        // The gate may have no one left: it goes, as release() lets an idle gate go.
        if (queue.length === 0 && gates.get(key)?.running === 0) gates.delete(key);
        resolve({ reason: 'waited too long' });
      }, limits.waitMs);
      queue.push(admit);
    });
  }

  return {
    limits,
    async run<T>(
      keys: { session: string; client: string },
      call: () => Promise<T>,
    ): Promise<{ ran: true; value: T } | ({ ran: false } & CallRefused)> {
      const session = `session:${keys.session}`;
      const client = `client:${keys.client}`;
      const bySession = await enter(session, limits.perSession);
      if (bySession !== true) return { ran: false, ...bySession };
      const byClient = await enter(client, limits.perClient);
      if (byClient !== true) {
        release(session);
        return { ran: false, ...byClient };
      }
      const started = performance.now();
      try {
        return { ran: true, value: await call() };
      } finally {
        // The answer goes out now; a backlog's next call waits out the pause. Without a backlog, no pause.
        const backlog = (gates.get(session)?.waiting.length ?? 0) + (gates.get(client)?.waiting.length ?? 0);
        const pauseMs =
          backlog > 0 ? Math.min(limits.maxPauseMs, (performance.now() - started) * limits.paceFactor) : 0;
        const releaseBoth = () => {
          release(client);
          release(session);
        };
        if (pauseMs > 0) setTimeout(releaseBoth, pauseMs).unref?.();
        else releaseBoth();
      }
    },
    /** How many sessions and clients have a call running, waiting or pausing: none once every pause has ended. */
    size: () => gates.size,
  };
}

export type CallLimiter = ReturnType<typeof createCallLimiter>;
