// Events the server counts itself (an MCP tool call: the tool, and whether it worked), without a request to the
// ingest endpoint. They are kept in memory and stored together every five seconds or every hundred, off the tool
// call's path; a store that is down loses those counts and says so in the log, and never fails the call.
import type { InsightsEvent } from './events';
import { insightsStore } from './open';
import type { RecordedEvent } from './store';

const BATCH = 100;
const EVERY_MS = 5000;
let pending: RecordedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Stores what is pending; resolves once stored or logged as lost. */
export async function flushServerCounts(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const batch = pending;
  pending = [];
  if (batch.length === 0) return;
  try {
    await (await insightsStore()).record(batch);
  } catch (error) {
    console.error(
      `[insights] ${batch.length} server events not stored: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Counts an event of a program's (an agent's) on this server. */
export function countServerEvent(event: InsightsEvent): void {
  pending.push({ event, at: new Date(), visitor: null, agent: true });
  if (pending.length >= BATCH) void flushServerCounts();
  else if (!timer) {
    timer = setTimeout(() => void flushServerCounts(), EVERY_MS);
    // A process that is done does not wait five seconds for its last counts.
    timer.unref?.();
  }
}
