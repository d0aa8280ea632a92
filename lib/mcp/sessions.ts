import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OperationContract } from '../contract/operation-contract';
import { TRUSTED_PROXIES_SETTING, trustedProxies, type TrustedProxies } from '../security/client-address';
import { storedSandbox, type SandboxHandle } from '../sandbox/stored';
import { createSchemaValidator, type SchemaValidator } from '../sandbox/validator';
import type { EntryLimits, StateStore } from '../store/store';
import { parseWith } from '../validation';

/**
 * Bounds of the sessions the server keeps: past the count, the client holding the most loses its oldest; any idle
 * past the time goes. One client (lib/security/client-key.ts says how a client is told apart) may start `startsPerMinute`
 * sessions a minute and hold `perClient` at once, so a flood from one address can neither fill the store nor evict
 * other clients' sessions, and floods from five addresses, which fill it, evict each other's first. A client's
 * address is the socket's unless the socket is a proxy named in KILOWISE_TRUSTED_PROXIES, so a client cannot pick a
 * new one for each request (lib/security/client-address.ts).
 * A session's sandbox (its world: the simulation and its clock) may take `stateBytes`; the sandbox's own limits keep
 * a world under about 1.2 MB (lib/sandbox/domain/model.ts), so this bound is the store's, in case they change.
 */
export const SESSION_LIMITS: SessionLimits = {
  maxEntries: 200,
  idleMs: 15 * 60_000,
  startsPerMinute: 20,
  perClient: 40,
  stateBytes: 1_500_000,
};

export type SessionLimits = EntryLimits;

const settingsSchema = z.object({
  KILOWISE_MCP_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .optional(),
  KILOWISE_MCP_LOG: z.enum(['0', '1']).default('0'),
  [TRUSTED_PROXIES_SETTING]: z.string().max(10_000).optional(),
});

export interface SessionSettings {
  limits: SessionLimits;
  /** One line per request to `/mcp`: its messages, status and time, and the session's tag (sessionTag). */
  logCalls: boolean;
  /** The proxies whose X-Forwarded-For names the client (KILOWISE_TRUSTED_PROXIES); none by default. */
  trustedProxies: TrustedProxies;
}

/**
 * The sessions' settings from the environment: KILOWISE_MCP_IDLE_SECONDS (how long an unused session lives;
 * default 900, the bench sets a short one), KILOWISE_MCP_LOG=1 (a line per request) and KILOWISE_TRUSTED_PROXIES (the
 * proxies in front, whose X-Forwarded-For counts: lib/security/client-address.ts). A bad value throws, naming it.
 */
export function sessionSettings(environment: Record<string, string | undefined> = process.env): SessionSettings {
  const parsed = parseWith(
    settingsSchema,
    {
      KILOWISE_MCP_IDLE_SECONDS: environment.KILOWISE_MCP_IDLE_SECONDS || undefined,
      KILOWISE_MCP_LOG: environment.KILOWISE_MCP_LOG || undefined,
      [TRUSTED_PROXIES_SETTING]: environment[TRUSTED_PROXIES_SETTING] || undefined,
    },
    'the environment',
  );
  const idle = parsed.KILOWISE_MCP_IDLE_SECONDS;
  return {
    limits: idle === undefined ? SESSION_LIMITS : { ...SESSION_LIMITS, idleMs: idle * 1000 },
    logCalls: parsed.KILOWISE_MCP_LOG === '1',
    trustedProxies: trustedProxies(parsed[TRUSTED_PROXIES_SETTING]),
  };
}

/** The session ids this server gives (a random UUID); anything else is no session of ours, asked of no store. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * What the store sees of a session id or a client's address: a hash. A session id is the key to its session, and an
 * address is a person's, so neither is written to a store whose keys an operator lists.
 */
const hashed = (kind: string, value: string) =>
  createHash('sha256').update(`kilowise-${kind}:${value}`).digest('base64url').slice(0, 32);

/** How logs name a session: a short hash, which a reader can match across instances and not use. */
export const sessionTag = (id: string) => hashed('tag', id).slice(0, 10);

/**
 * The MCP sessions over a store (lib/store/: this process's memory, or Redis shared by every instance): starting one
 * (counted per client), knowing one, its own sandbox, ending one. Nothing of a session lives in this process
 * between requests, so any instance with the same store serves any request of any session.
 */
export function createSessions(store: StateStore, contract: () => OperationContract) {
  let validator: SchemaValidator | undefined;
  return {
    store,
    /** Counts a session `client` is about to start: undefined when it may, or how long until it may (ms). */
    start: (client: string) => store.start(hashed('client', client)),
    /** Opens a session of `client` and gives its id; past the client's `perClient`, its own used longest ago ends. */
    async open(client: string): Promise<string> {
      const id = randomUUID();
      await store.open(hashed('session', id), hashed('client', client));
      return id;
    },
    /** Whether the session is there, marking it used. A malformed id is none, and costs no look-up. */
    async touch(id: string): Promise<boolean> {
      return SESSION_ID.test(id) && (await store.touch(hashed('session', id)));
    },
    /** The session's own sandbox, its world in the store; made from the examples' data on first use. */
    sandbox(id: string): SandboxHandle {
      validator ??= createSchemaValidator(contract().defs);
      return storedSandbox(contract(), store, hashed('session', id), { validator });
    },
    remove: (id: string) => store.remove(hashed('session', id)),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
