import { useEffect, useState } from 'react';
import { CLOCK_PATH, CONTROL_PREFIX, EVENTS_PATH, REQUESTS_PATH } from '@/lib/sandbox/control-names';
import type { SandboxControl } from '@/lib/browser/playground/sandbox-runtime';

// The log's own types (lib/sandbox/request-log.ts): the panel reads what the sandbox writes, so it declares no copy.
export type { LoggedBody, LoggedRequest as LoggedCall } from '@/lib/sandbox/request-log';
import type { LoggedRequest as LoggedCall } from '@/lib/sandbox/request-log';

/** One event of `GET /__sandbox/events` (lib/sandbox/timeline.ts). */
export interface SimulationEvent {
  at: string;
  type: string;
  deviceId?: string;
  reason?: string;
  sessionId?: string;
  scheduleId?: string;
  from?: string;
  to?: string;
  fault?: string;
  spotPriceAreaId?: string;
}

/** The clock's last move and what the simulation did during it. */
export interface ClockMove {
  from: string;
  to: string;
  events: SimulationEvent[];
}

/** How many of the tab's calls the panel lists: the newest. */
export const LISTED_CALLS = 50;

export interface RequestsView {
  calls: LoggedCall[];
  move?: ClockMove;
  problem?: string;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads the log and, after a clock move, the events since the clock it moved from; a failure is said, not thrown. */
export async function readRequests(control: SandboxControl): Promise<RequestsView> {
  try {
    const log = await control('GET', REQUESTS_PATH);
    if (log.status !== 200) return { calls: [], problem: `The sandbox answered ${log.status} for its request log.` };
    // The panels' own reads of the clock and a device are calls of the page, not the reader's: left out.
    const calls = (log.body as { requests: LoggedCall[] }).requests
      .filter((call) => !(call.method === 'GET' && call.path.startsWith(CONTROL_PREFIX)))
      .slice(0, LISTED_CALLS);
    // The newest clock move the log holds: its entry is dated by the clock before the move.
    const moved = calls.find((call) => call.path === CLOCK_PATH && call.method === 'POST' && call.status === 200);
    if (!moved) return { calls };
    const since = encodeURIComponent(moved.sandboxTime);
    const events = await control('GET', `${EVENTS_PATH}?since=${since}`);
    if (events.status !== 200) return { calls, problem: `The sandbox answered ${events.status} for its events.` };
    const body = events.body as { now: string; events: SimulationEvent[] };
    return { calls, move: { from: moved.sandboxTime, to: body.now, events: body.events } };
  } catch (error) {
    return { calls: [], problem: `The sandbox could not answer: ${reasonOf(error)}` };
  }
}

/**
 * The Requests panel's state: the tab's calls to the sandbox from its request log, newest first, and the events of the
 * clock's last move, read again whenever `version` changes (a request answered, a control, a reset).
 */
export function useSandboxRequests(control: SandboxControl | undefined, version: number): RequestsView {
  const [view, setView] = useState<RequestsView>({ calls: [] });
  useEffect(() => {
    if (!control) return;
    let wanted = true;
    void readRequests(control).then((next) => {
      if (wanted) setView(next);
    });
    return () => {
      wanted = false;
    };
  }, [control, version]);
  return view;
}
