// Which store holds the state. Now: this process's memory.
import { createMemoryStore } from './memory';
import type { EntryLimits, StateStore } from './store';

export interface OpenStoreOptions {
  /** The entries' kind: `mcp`, `sandbox`. */
  namespace: string;
  limits: EntryLimits;
  /** Told how many entries the bounds ended (past `maxEntries` or a client's `perClient`). */
  onEvict?: (count: number) => void;
  /** Where the store says where it keeps state. */
  log?: (line: string) => void;
}

/** The store for `options.namespace`, bounded by `options.limits`. */
export function openStore(options: OpenStoreOptions): Promise<StateStore> {
  return Promise.resolve(
    createMemoryStore(options.limits, { onEvict: options.onEvict && (() => options.onEvict?.(1)) }),
  );
}
