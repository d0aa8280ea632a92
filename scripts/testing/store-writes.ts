// A store that counts what a host asks of it: the tests of lib/sandbox/stored.ts and the bench
// (scripts/bench/simulation.ts) measure with it what a request writes.
import type { StateStore } from '../../lib/store/store';

/** What a store saw: each change's run, those that had to read the state (its version was not the one kept), and the writes. */
export interface StoreWrites {
  runs: number;
  parsed: number;
  writes: number;
  /** The UTF-8 bytes of the parts' texts the writes sent. */
  bytesWritten: number;
  /** The parts the writes set or removed. */
  partsWritten: number;
}

export const noWrites = (): StoreWrites => ({ runs: 0, parsed: 0, writes: 0, bytesWritten: 0, partsWritten: 0 });

/**
 * `inner`, counting into `seen` what each change gives it to write. Each call makes another object over the same
 * entries: another instance of a host, with a cache of its own (lib/sandbox/world-cache.ts is per store object).
 */
export function countingStore(inner: StateStore, seen: StoreWrites): StateStore {
  return {
    ...inner,
    update: (id, change, options) =>
      inner.update(
        id,
        async (state, meta) => {
          seen.runs += 1;
          if (!meta.same) seen.parsed += 1;
          const answer = await change(state, meta);
          if (answer.state !== undefined) {
            seen.writes += 1;
            for (const text of answer.state?.values() ?? []) {
              seen.partsWritten += 1;
              seen.bytesWritten += Buffer.byteLength(text ?? '');
            }
          }
          return answer;
        },
        options,
      ),
  };
}
