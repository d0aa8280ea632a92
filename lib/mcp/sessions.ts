import { createSandbox, type Sandbox } from '../sandbox/sandbox';
import { createSchemaValidator, type SchemaValidator } from '../sandbox/validator';
import type { OperationContract } from '../contract/operation-contract';

/**
 * Bounds of the sessions the server keeps: the oldest goes first past the count, and any idle past the time. One
 * client (lib/mcp/http.ts says how a client is told apart) may start `startsPerMinute` sessions a minute and hold
 * `perClient` at once, so a flood from one address can neither fill the store nor evict other clients' sessions.
 */
export const SESSION_LIMITS: SessionLimits = {
  maxSessions: 200,
  idleMs: 15 * 60_000,
  startsPerMinute: 20,
  perClient: 40,
};

export interface SessionLimits {
  maxSessions: number;
  idleMs: number;
  /** Sessions one client may start within a minute; past it, its `initialize` is refused. */
  startsPerMinute: number;
  /** Sessions one client may hold at once; past it, starting another ends that client's own used longest ago. */
  perClient: number;
}

/** The window `startsPerMinute` counts in. */
const MINUTE_MS = 60_000;
/** Clients whose starts are remembered; past it, the one that started a session longest ago is forgotten. */
const MAX_CLIENTS = 10_000;

interface Entry<T> {
  value: T;
  client: string;
  sandbox?: Sandbox;
  lastUsed: number;
}

/**
 * What the server keeps per MCP session (its transport, and its sandbox once a tool asks for one), bounded: at most
 * `maxSessions`, the one used longest ago evicted first, none idle longer than `idleMs`, and per client at most
 * `perClient` (its own used longest ago goes first) started at most `startsPerMinute` a minute. `onEvict` closes
 * what the entry holds.
 */
export function createSessionStore<T>(
  contract: () => OperationContract,
  onEvict: (value: T) => void,
  limits = SESSION_LIMITS,
  now = Date.now,
) {
  // A Map keeps insertion order: deleting and setting again makes an entry the newest.
  const entries = new Map<string, Entry<T>>();
  // Per client, when it started each session within the last minute, oldest first; newest client last.
  const starts = new Map<string, number[]>();
  let validator: SchemaValidator | undefined;
  const evict = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    onEvict(entry.value);
  };
  const sweep = () => {
    const oldest = now() - limits.idleMs;
    for (const [id, entry] of entries) if (entry.lastUsed < oldest) evict(id);
    for (const id of entries.keys()) {
      if (entries.size <= limits.maxSessions) break;
      evict(id);
    }
  };
  /** The client's starts within the last minute, forgetting older ones (and the client, when none is left). */
  const recentStarts = (client: string): number[] => {
    const since = now() - MINUTE_MS;
    const recent = (starts.get(client) ?? []).filter((time) => time > since);
    starts.delete(client);
    if (recent.length > 0) starts.set(client, recent);
    return recent;
  };
  return {
    /**
     * Counts a session `client` is about to start: undefined when it may, or how long until it may (ms) when it
     * has started `startsPerMinute` within the last minute. Counted before the session exists, so that requests
     * arriving together are counted together.
     */
    start(client: string): { retryAfterMs: number } | undefined {
      const recent = recentStarts(client);
      if (recent.length >= limits.startsPerMinute)
        return { retryAfterMs: Math.max(0, (recent[0] ?? 0) + MINUTE_MS - now()) };
      starts.delete(client);
      starts.set(client, [...recent, now()]);
      for (const key of starts.keys()) {
        if (starts.size <= MAX_CLIENTS) break;
        starts.delete(key);
      }
      return undefined;
    },
    /** Keeps a session of `client`: past its `perClient`, its own used longest ago ends, not another client's. */
    add(id: string, value: T, client = ''): void {
      entries.set(id, { value, client, lastUsed: now() });
      const own = [...entries].filter(([, entry]) => entry.client === client).map(([key]) => key);
      for (const key of own.slice(0, Math.max(0, own.length - limits.perClient))) evict(key);
      sweep();
    },
    /** The session's entry, marked as just used; undefined for an unknown or evicted session. */
    get(id: string): T | undefined {
      sweep();
      const entry = entries.get(id);
      if (!entry) return undefined;
      entries.delete(id);
      entry.lastUsed = now();
      entries.set(id, entry);
      return entry.value;
    },
    /** The session's own sandbox, made on first use. */
    sandbox(id: string): Sandbox {
      const entry = entries.get(id);
      if (!entry) throw new Error(`[mcp] no session ${id}`);
      validator ??= createSchemaValidator(contract().defs);
      entry.sandbox ??= createSandbox(contract(), { validator });
      return entry.sandbox;
    },
    remove: evict,
    get size(): number {
      return entries.size;
    },
  };
}
