import { createSandbox, type Sandbox } from '../sandbox/sandbox';
import { createSchemaValidator, type SchemaValidator } from '../sandbox/validator';
import type { OperationContract } from '../contract/operation-contract';

/** Bounds of the sessions the server keeps: the oldest goes first past the count, and any idle past the time. */
export const SESSION_LIMITS: SessionLimits = { maxSessions: 200, idleMs: 15 * 60_000 };

export interface SessionLimits {
  maxSessions: number;
  idleMs: number;
}

interface Entry<T> {
  value: T;
  sandbox?: Sandbox;
  lastUsed: number;
}

/**
 * What the server keeps per MCP session (its transport, and its sandbox once a tool asks for one), bounded: at most
 * `maxSessions`, the one used longest ago evicted first, and none idle longer than `idleMs`. `onEvict` closes what
 * the entry holds.
 */
export function createSessionStore<T>(
  contract: () => OperationContract,
  onEvict: (value: T) => void,
  limits = SESSION_LIMITS,
  now = Date.now,
) {
  // A Map keeps insertion order: deleting and setting again makes an entry the newest.
  const entries = new Map<string, Entry<T>>();
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
  return {
    add(id: string, value: T): void {
      entries.set(id, { value, lastUsed: now() });
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
