// The default store: entries in this process's memory, gone when it stops. Nothing to set up, and one process only:
// a second instance has sessions of its own (lib/store/redis.ts shares them).
import { applyWrite, updateVersioned, type EntryLimits, type StateParts, type StateStore } from './store';

/** The window `startsPerMinute` counts in. */
const MINUTE_MS = 60_000;
/** Clients whose starts are remembered; past it, the one that started an entry longest ago is forgotten. */
const MAX_CLIENTS = 10_000;

interface Entry {
  client: string;
  /** Replaced, never changed in place, by a write: a change holds the parts it read as they were. */
  parts: StateParts;
  /** What the parts' texts weigh together, in UTF-8 bytes. */
  bytes: number;
  version: number;
  lastUsed: number;
  /** The entry's list (StateStore.append), oldest first, and what its items weigh in UTF-8 bytes. */
  list: string[];
  listBytes: number;
}

/**
 * The entry that goes past `maxEntries` (EntryLimits says why): the one used longest ago of the client that holds
 * the most, ties to the client whose oldest entry is oldest. `entries` is in order of use, oldest first.
 */
export function victim(entries: ReadonlyMap<string, { client: string }>): string | undefined {
  const counts = new Map<string, number>();
  for (const { client } of entries.values()) counts.set(client, (counts.get(client) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  for (const [id, { client }] of entries) if (counts.get(client) === most) return id;
  return undefined;
}

export interface MemoryStoreOptions {
  now?: () => number;
  /** Told of each entry the bounds end (past `maxEntries` or a client's `perClient`; not those idle too long). */
  onEvict?: (id: string) => void;
}

/**
 * How often a client may start an entry: at most `startsPerMinute` in any minute. Answers how long to wait when it
 * may not, and remembers the starts of at most MAX_CLIENTS clients.
 */
function startLimiter(startsPerMinute: number, now: () => number): StateStore['start'] {
  // Per client, when it started each entry within the last minute, oldest first; newest client last.
  const starts = new Map<string, number[]>();
  /** The client's starts within the last minute, forgetting older ones (and the client, when none is left). */
  const recentStarts = (client: string): number[] => {
    const since = now() - MINUTE_MS;
    const recent = (starts.get(client) ?? []).filter((time) => time > since);
    starts.delete(client);
    if (recent.length > 0) starts.set(client, recent);
    return recent;
  };
  return (client) => {
    const recent = recentStarts(client);
    if (recent.length >= startsPerMinute)
      return Promise.resolve({ retryAfterMs: Math.max(0, (recent[0] ?? 0) + MINUTE_MS - now()) });
    starts.delete(client);
    starts.set(client, [...recent, now()]);
    for (const key of starts.keys()) {
      if (starts.size <= MAX_CLIENTS) break;
      starts.delete(key);
    }
    return Promise.resolve(undefined);
  };
}

/**
 * The entries in order of use, and the bounds kept on each use: idle ones dropped, at most `maxEntries`, at most
 * `perClient` of one client.
 */
function entryTable(limits: EntryLimits, now: () => number, onEvict: ((id: string) => void) | undefined) {
  // A Map keeps insertion order: deleting and setting again makes an entry the newest.
  const entries = new Map<string, Entry>();
  const evict = (id: string) => {
    if (entries.delete(id)) onEvict?.(id);
  };
  const sweep = () => {
    const oldest = now() - limits.idleMs;
    for (const [id, entry] of entries) if (entry.lastUsed < oldest) entries.delete(id);
    while (entries.size > limits.maxEntries) {
      const id = victim(entries);
      if (id === undefined) break;
      evict(id);
    }
  };
  /** The entry, marked as just used; undefined for an unknown, idle or evicted one. */
  const used = (id: string): Entry | undefined => {
    sweep();
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    entry.lastUsed = now();
    entries.set(id, entry);
    return entry;
  };
  const add = (id: string, client: string): Entry => {
    const entry: Entry = { client, parts: new Map(), bytes: 0, version: 0, lastUsed: now(), list: [], listBytes: 0 };
    entries.delete(id);
    entries.set(id, entry);
    // An entry with no client (opened by `update` with `create`) counts only towards `maxEntries`.
    const own = client === '' ? [] : [...entries].filter(([, other]) => other.client === client).map(([key]) => key);
    for (const key of own.slice(0, Math.max(0, own.length - limits.perClient))) evict(key);
    sweep();
    return entry;
  };
  return { entries, sweep, used, add };
}

/**
 * Entries in a Map, bounded: at most `maxEntries` (past it, `victim` goes), none idle longer than
 * `idleMs`, and per client at most `perClient` (its own used longest ago goes first) opened at most
 * `startsPerMinute` a minute.
 */
export function createMemoryStore(limits: EntryLimits, options: MemoryStoreOptions = {}): StateStore {
  const now = options.now ?? Date.now;
  const name = 'in-memory';
  const { entries, sweep, used, add } = entryTable(limits, now, options.onEvict);
  // Every write takes the next: no version is given twice, whichever entry or lifetime of an id it is.
  let lastVersion = 0;
  return {
    name,
    start: startLimiter(limits.startsPerMinute, now),
    open(id, client) {
      add(id, client);
      return Promise.resolve();
    },
    touch(id) {
      return Promise.resolve(used(id) !== undefined);
    },
    update(id, change, updateOptions = {}) {
      return updateVersioned(
        name,
        limits.stateBytes,
        () => {
          const entry = used(id);
          return Promise.resolve(
            entry && { version: entry.version, state: entry.parts.size > 0 ? entry.parts : undefined },
          );
        },
        (version, write) => {
          let entry = entries.get(id);
          // Gone since it was read, or never there.
          if (!entry && !updateOptions.create) return Promise.resolve('gone');
          if ((entry?.version ?? 0) !== version) return Promise.resolve('conflict');
          const next = applyWrite(entry?.parts ?? new Map(), entry?.bytes ?? 0, write);
          if (next.bytes > limits.stateBytes) return Promise.resolve({ tooLarge: next.bytes });
          entry ??= add(id, '');
          entry.parts = next.parts;
          entry.bytes = next.bytes;
          lastVersion += 1;
          entry.version = lastVersion;
          return Promise.resolve({ written: entry.version });
        },
        change,
        updateOptions,
      );
    },
    append(id, item, bounds) {
      const entry = entries.get(id);
      if (!entry) return Promise.resolve();
      entry.list.push(item);
      entry.listBytes += Buffer.byteLength(item);
      while (entry.list.length > 1 && (entry.list.length > bounds.items || entry.listBytes > bounds.bytes))
        entry.listBytes -= Buffer.byteLength(entry.list.shift() ?? '');
      return Promise.resolve();
    },
    list(id) {
      return Promise.resolve([...(used(id)?.list ?? [])]);
    },
    remove(id) {
      entries.delete(id);
      return Promise.resolve();
    },
    size() {
      sweep();
      return Promise.resolve(entries.size);
    },
    close: () => Promise.resolve(),
  };
}
