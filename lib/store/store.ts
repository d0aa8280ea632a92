// The one interface behind which sessions and their state live: this process's memory (lib/store/memory.ts, the
// default) or Redis shared by every instance (lib/store/redis.ts, when KILOWISE_REDIS_URL is set; lib/store/open.ts
// picks). lib/mcp/ and lib/sandbox/ hold a StateStore and never know which it is.

/**
 * The bounds of one store's entries (an MCP session, or an API key's sandbox on the sandbox server). Past
 * `maxEntries`, the client that holds the most entries loses its own used longest ago (of clients holding as many,
 * the one whose oldest entry is oldest): so clients that each fill their `perClient` share cannot push out another
 * client's entry while they hold more than it. When every entry has its own client, or none, that is the entry used
 * longest ago. An entry unused for `idleMs` goes (in Redis, its key's TTL).
 */
export interface EntryLimits {
  maxEntries: number;
  idleMs: number;
  /** The largest state an entry may hold, in UTF-8 bytes: a write past it is refused (StateTooLargeError). */
  stateBytes: number;
  /** Entries one client may open within a minute; past it, `start` answers how long until it may. */
  startsPerMinute: number;
  /** Entries one client may hold at once; past it, opening another ends that client's own used longest ago. */
  perClient: number;
}

/**
 * An entry's state: named parts, each a text, so that a change writes the parts it changed and no others (a
 * sandbox's world: a part per device, per user, …). A state written whole, before states had parts, reads as the
 * one part named WHOLE_STATE.
 */
export type StateParts = ReadonlyMap<string, string>;

/** The part that holds a state written whole (an entry written before states had parts, or a caller that needs one). */
export const WHOLE_STATE = '';

/** What a change writes of the state: each part it names set to its text, or removed (null); the others stay. */
export type PartsWrite = ReadonlyMap<string, string | null>;

/** What a change of an entry's state gives back: its result, and what to write (`null` empties the state; absent keeps it). */
export interface Change<T> {
  result: T;
  state?: PartsWrite | null;
}

/** A state of one part, the whole text: what a change that keeps its state whole writes. */
export const wholeState = (text: string): PartsWrite => new Map([[WHOLE_STATE, text]]);

/**
 * What `update` tells a change besides the state: the entry's version as read (a write makes it one more; an entry
 * not there yet reads as 0), and `same`, true when that is the version the caller said it `known`: then the store
 * may leave the state out (Redis does not send it), and the caller uses the copy it kept of that version.
 */
export interface ReadMeta {
  version: number;
  same: boolean;
}

/** How `update` reads and writes: see StateStore.update. */
export interface UpdateOptions {
  create?: boolean;
  /** The version of the state the caller holds already: when the entry is still at it, its state is not sent. */
  known?: number;
  /**
   * Told the version a write gave the entry. Versions are the store's, never given twice (not even to an entry
   * opened again under an id that was gone), so a caller may key what it keeps of a state by id and version.
   */
  onWritten?: (version: number) => void;
}

/** The bounds of an entry's list (StateStore.append): past either, its oldest items go. */
export interface ListBounds {
  items: number;
  /** What the items may weigh together, in UTF-8 bytes; the newest item stays whatever it weighs. */
  bytes: number;
}

/**
 * Entries, each with a client (the key its per-client bounds count under) and a state (text), bounded by
 * EntryLimits. Ids and clients are opaque to the store: callers hash anything secret before it gets here.
 */
export interface StateStore {
  /** How messages name the store: "in-memory", "Redis". */
  readonly name: string;
  /**
   * Counts an entry `client` is about to open: undefined when it may, or how long until it may (ms) when it has
   * opened `startsPerMinute` within the last minute. Counted before the entry exists, so that requests arriving
   * together are counted together.
   */
  start(client: string): Promise<{ retryAfterMs: number } | undefined>;
  /** Opens an entry of `client` with no state, then applies the bounds (the client's own first). */
  open(id: string, client: string): Promise<void>;
  /** Whether the entry is there; when it is, it counts as just used (its idle time starts again). */
  touch(id: string): Promise<boolean>;
  /**
   * Reads the entry's state (its parts; undefined when it has none, or when the store leaves it out at the version
   * the caller `known`), runs `change` on it and writes the parts it gives back, and only those, with no write lost
   * to another change of the same entry running at the same time: one of two that overlap runs again on the other's
   * state, so `change` must not act outside what it returns. With `create`, an entry that is not there is opened
   * (with no client: it counts only towards `maxEntries`), even by a change that keeps its state; without, that is
   * an EntryGoneError. A state whose parts together pass `stateBytes` is a StateTooLargeError.
   */
  update<T>(
    id: string,
    change: (state: StateParts | undefined, meta: ReadMeta) => Promise<Change<T>> | Change<T>,
    options?: UpdateOptions,
  ): Promise<T>;
  /**
   * Adds `item` to the entry's list (beside its state: a sandbox's request log), keeping its newest within `bounds`.
   * It neither reads nor writes the state, nor changes the version; an entry that is not there keeps no list.
   */
  append(id: string, item: string, bounds: ListBounds): Promise<void>;
  /** The entry's list, oldest first (empty when there is none). */
  list(id: string): Promise<string[]>;
  remove(id: string): Promise<void>;
  /** How many entries are there now (for tests and the bench). */
  size(): Promise<number>;
  /** Lets go of the store's connection, if it has one. */
  close(): Promise<void>;
}

/** What every store error says first: which store, as the operator configured it. */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly store: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The store did not answer, or answered with an error of its own: nothing of ours is wrong, retry later. */
export class StoreUnavailableError extends StoreError {}

/** The entry is gone (ended, idle past the limit, or evicted) since the caller last saw it. */
export class EntryGoneError extends StoreError {}

/** A write that would take an entry's state past the limit, refused: the entry keeps its state from before. */
export class StateTooLargeError extends StoreError {
  constructor(
    readonly bytes: number,
    readonly limit: number,
    store: string,
  ) {
    super(
      `The state would be ${bytes} bytes, past the limit of ${limit} bytes an entry of the ${store} store may hold`,
      store,
    );
  }
}

/** Changes of one entry kept overlapping: after MAX_TRIES none got through, and the caller is told to retry. */
export class StoreBusyError extends StoreError {}

/** How many times a change runs again after another change of its entry got in first. */
export const MAX_TRIES = 25;

/** What a store's write of a versioned entry answers: the version it now has, or why it wrote nothing. */
export type WriteOutcome = { written: number } | { tooLarge: number } | 'conflict' | 'gone';

/**
 * Optimistic concurrency over a versioned entry, for either store: read the state and its version, run the change,
 * write only if the version is still the one read; when another write got in between, run the change again on
 * the newer state (after a short random pause, so that two writers do not keep meeting).
 */
export async function updateVersioned<T>(
  store: string,
  stateBytes: number,
  /** The entry's version and state (which a store may leave out when the version is the caller's `known`). */
  read: () => Promise<{ version: number; state: StateParts | undefined } | undefined>,
  /**
   * Writes when the entry is still at `version`, and its parts together stay within `stateBytes` (which only the
   * store can count: it holds the parts the change left as they were).
   */
  write: (version: number, state: PartsWrite | null) => Promise<WriteOutcome>,
  change: (state: StateParts | undefined, meta: ReadMeta) => Promise<Change<T>> | Change<T>,
  options: UpdateOptions,
): Promise<T> {
  const create = options.create === true;
  const known = options.known;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
    const current = await read();
    if (!current && !create) throw new EntryGoneError(`The entry is gone from the ${store} store`, store);
    const version = current?.version ?? 0;
    const changed = await change(current?.state, { version, same: known !== undefined && known === version });
    // Nothing to write: the read already counted as a use (an entry to create is written all the same).
    if (changed.state === undefined && current) return changed.result;
    const outcome = await write(version, changed.state ?? null);
    if (typeof outcome === 'object') {
      if ('tooLarge' in outcome) throw new StateTooLargeError(outcome.tooLarge, stateBytes, store);
      options.onWritten?.(outcome.written);
      return changed.result;
    }
    if (outcome === 'gone') throw new EntryGoneError(`The entry is gone from the ${store} store`, store);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
  }
  throw new StoreBusyError(
    `${MAX_TRIES} changes of the same entry of the ${store} store met other changes of it: none was kept`,
    store,
  );
}

/**
 * What a state weighs once `write` is applied to `parts` (UTF-8 bytes of every part's text), and its parts then:
 * `bytes` is what `parts` weighed. The memory store's count; Redis counts the same in its script.
 */
export function applyWrite(
  parts: StateParts,
  bytes: number,
  write: PartsWrite | null,
): { parts: Map<string, string>; bytes: number } {
  if (write === null) return { parts: new Map(), bytes: 0 };
  const next = new Map(parts);
  let total = bytes;
  for (const [name, text] of write) {
    const before = next.get(name);
    if (before !== undefined) total -= Buffer.byteLength(before);
    if (text === null) next.delete(name);
    else {
      next.set(name, text);
      total += Buffer.byteLength(text);
    }
  }
  return { parts: next, bytes: total };
}
