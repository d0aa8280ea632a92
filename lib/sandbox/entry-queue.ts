import type { StateStore } from '../store/store';

/** Requests of one entry (an API key's sandbox, an MCP session's) that may wait at once; past it, a request is refused. */
export const ENTRY_QUEUE_LIMIT = 32;

/**
 * Runs the requests of each entry one at a time, in the order they came, and each after a turn of the event loop
 * (setImmediate), so that the requests of other entries that arrived meanwhile run between them: one client's flood
 * waits behind itself and adds at most one request's work before another client's. Two requests of one entry never
 * overlap here, so they never redo each other's work in the store. Past `limit` waiting, `run` gives undefined at
 * once (the caller answers 429), which bounds what one entry holds in memory.
 */
export function createEntryQueue(limit: number = ENTRY_QUEUE_LIMIT) {
  const queues = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  return {
    limit,
    async run<T>(id: string, task: () => Promise<T>): Promise<T | undefined> {
      const queue = queues.get(id) ?? { tail: Promise.resolve(), waiting: 0 };
      if (queue.waiting >= limit) return undefined;
      queue.waiting += 1;
      queues.set(id, queue);
      const turn = queue.tail.then(
        () => new Promise<void>((resolve) => setImmediate(resolve)),
        () => new Promise<void>((resolve) => setImmediate(resolve)),
      );
      const ran = turn.then(task);
      queue.tail = ran;
      try {
        return await ran;
      } finally {
        queue.waiting -= 1;
        if (queue.waiting === 0) queues.delete(id);
      }
    },
    /** How many entries have requests waiting or running (for tests). */
    busy: () => queues.size,
  };
}

export type EntryQueue = ReturnType<typeof createEntryQueue>;

const queues = new WeakMap<StateStore, EntryQueue>();

/** The queue of a store's entries in this process: one per store, however many hosts use it. */
export function entryQueue(store: StateStore): EntryQueue {
  let queue = queues.get(store);
  if (!queue) {
    queue = createEntryQueue();
    queues.set(store, queue);
  }
  return queue;
}
