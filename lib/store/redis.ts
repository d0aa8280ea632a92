// The shared store: entries in Redis (or a service that speaks its protocol and runs its Lua scripts), so that every
// instance of the app serves every session, and a restart loses nothing. Each entry is one hash, its key's TTL the
// idle limit, renewed on each use; the bounds are kept by Lua scripts, each one atomic (lib/store/redis-scripts.ts).
// Loaded only when KILOWISE_REDIS_URL is set (lib/store/open.ts), so that the default needs no Redis client at all.
import { randomUUID } from 'node:crypto';
import { createClient, ErrorReply, type RedisClientType } from '@redis/client';
import { SCRIPTS, SHAS } from './redis-scripts';
import {
  StoreUnavailableError,
  updateVersioned,
  type EntryLimits,
  type PartsWrite,
  type StateParts,
  type StateStore,
  type WriteOutcome,
} from './store';

/** How long a command may take before the call that needs it is answered with an error: a store that hangs never hangs /mcp. */
export const COMMAND_TIMEOUT_MS = 1000;
/** Commands waiting for Redis at once; past it, new ones fail at once rather than queue behind a store that hangs. */
const MAX_QUEUED = 1000;

/** A Redis URL without its password, for logs and messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(an unreadable URL)';
  }
}

export interface RedisConnection {
  client: RedisClientType;
  /** The URL without its password. */
  where: string;
  log: (line: string) => void;
  /**
   * Resolves once the first try to connect has succeeded or failed: the requests that arrive while an instance
   * starts wait for it (within their timeout) rather than fail; after it, a command fails at once while Redis is down.
   */
  started: Promise<void>;
  close(): Promise<void>;
}

/**
 * A connection to Redis that never makes a caller wait for it: it connects in the background and again whenever
 * the connection drops (every 50 ms to 2 s), and while it is down every command fails at once, so /mcp answers
 * each call with an error naming the store until it is back. `log` hears when it goes down and comes back.
 */
export function connectRedis(url: string, log: (line: string) => void = console.error): RedisConnection {
  const where = redactedUrl(url);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: MAX_QUEUED,
    socket: {
      // Generous: on a busy process a connection made in time can look late to a shorter timer.
      connectTimeout: 5000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
    },
  }) as RedisClientType;
  let down: string | undefined;
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  client.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (down === undefined) log(`[store] Redis at ${where} is unreachable (${message}); connecting again`);
    down = message;
    start();
  });
  client.on('ready', () => {
    if (down !== undefined) log(`[store] Redis at ${where} is back`);
    down = undefined;
    start();
  });
  // Connects in the background; until it has, commands fail at once (disableOfflineQueue).
  client.connect().catch(() => {
    // The 'error' listener has said why; the reconnect strategy keeps trying.
  });
  return {
    client,
    where,
    log,
    started,
    async close() {
      start();
      if (client.isOpen) client.destroy();
      await Promise.resolve();
    },
  };
}

/**
 * `promise`, or a StoreUnavailableError once COMMAND_TIMEOUT_MS has passed (a store that stopped answering) or when
 * it fails. The error says what a client may read (which store, and what kind of failure); `log` hears the rest.
 */
function answered<T>(promise: Promise<T>, connection: RedisConnection): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Told after the I/O of the loop's turn (setImmediate): on a process too busy to turn its loop for a while,
    // the timer and Redis's answer come due together, and the answer, already there, must win.
    timer = setTimeout(
      () =>
        setImmediate(() =>
          reject(
            new StoreUnavailableError(`The store (Redis) did not answer within ${COMMAND_TIMEOUT_MS} ms`, 'Redis'),
          ),
        ),
      COMMAND_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout])
    .catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error;
      // Redis's own answer (OOM, READONLY, …) is the operator's to read, and names no host; a connection's does.
      if (error instanceof ErrorReply)
        throw new StoreUnavailableError(`The store (Redis) refused the command: ${error.message}`, 'Redis');
      // While it is down, the connection has said so once; a failure while it is up is worth a line of its own.
      if (connection.client.isReady)
        connection.log(
          `[store] Redis at ${connection.where}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        );
      throw new StoreUnavailableError('The store (Redis) is unreachable', 'Redis');
    })
    .finally(() => clearTimeout(timer));
}

export interface RedisStoreOptions {
  /** Every key starts with it, then the namespace: `kilowise:` and `mcp` give `kilowise:mcp:…`. */
  prefix: string;
  namespace: string;
  /** Told how many entries the bounds ended, each time they end some. */
  onEvict?: (count: number) => void;
}

/** Runs one of SCRIPTS with a store's base and idle limit as its first arguments. */
type ScriptRunner = (name: keyof typeof SCRIPTS, args: (string | number)[]) => Promise<unknown>;

/** Runs a script by its SHA1, loading it first when Redis does not have it yet (after a restart). */
function scriptRunner(connection: RedisConnection, base: string, idleMs: number): ScriptRunner {
  const { client } = connection;
  const idle = String(Math.max(1, Math.round(idleMs)));
  return (name, args) =>
    answered(
      (async () => {
        await connection.started;
        const argv = [base, idle, ...args.map(String)];
        try {
          return await client.evalSha(SHAS[name], { keys: [], arguments: argv });
        } catch (error) {
          if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
          return client.eval(SCRIPTS[name], { keys: [], arguments: argv });
        }
      })(),
      connection,
    );
}

/** An entry's version and state's parts (left out when the version is `known`), as `updateVersioned` reads them. */
async function readEntry(
  run: ScriptRunner,
  id: string,
  known: number | undefined,
): Promise<{ version: number; state: StateParts | undefined } | undefined> {
  const found = await run('READ', [id, known ?? '']);
  if (!Array.isArray(found)) return undefined;
  const [version, fields] = found as [unknown, unknown];
  if (!Array.isArray(fields) || fields.length === 0) return { version: Number(version), state: undefined };
  const parts = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2)
    parts.set(String(fields[index]), String(fields[index + 1]));
  return { version: Number(version), state: parts };
}

/**
 * Writes the parts `state` names of an entry still at `version` (WRITE's reply read as `updateVersioned` wants it),
 * and how many the bounds ended. Only those parts are sent.
 */
async function writeEntry(
  run: ScriptRunner,
  id: string,
  version: number,
  state: PartsWrite | null,
  limits: EntryLimits,
  create: boolean | undefined,
): Promise<{ outcome: WriteOutcome; evictedCount: unknown }> {
  const parts: string[] = [];
  for (const [name, text] of state ?? []) parts.push(name, text === null ? '0' : '1', text ?? '');
  const reply = await run('WRITE', [
    id,
    version,
    state === null ? '1' : '0',
    limits.stateBytes,
    create ? '1' : '0',
    limits.perClient,
    limits.maxEntries,
    ...parts,
  ]);
  const [outcome, evictedCount, third] = Array.isArray(reply) ? (reply as unknown[]) : [];
  if (outcome === 1) return { outcome: { written: Number(third) }, evictedCount };
  if (outcome === 0) return { outcome: 'conflict', evictedCount };
  if (outcome === -1) return { outcome: 'gone', evictedCount };
  if (outcome === -2) return { outcome: { tooLarge: Number(third) }, evictedCount };
  throw new StoreUnavailableError('The store (Redis) gave an answer to a write that is none of its own', 'Redis');
}

/** A StateStore in Redis over `connection` (which it does not close: several stores may share one). */
export function createRedisStore(
  connection: RedisConnection,
  limits: EntryLimits,
  options: RedisStoreOptions,
): StateStore {
  const run = scriptRunner(connection, `${options.prefix}${options.namespace}:`, limits.idleMs);
  const evicted = (count: unknown) => {
    if (typeof count === 'number' && count > 0) options.onEvict?.(count);
  };
  return {
    name: 'Redis',
    async start(clientKey) {
      const wait = await run('START', [clientKey, limits.startsPerMinute, randomUUID()]);
      return typeof wait === 'number' && wait >= 0 ? { retryAfterMs: wait } : undefined;
    },
    async open(id, clientKey) {
      evicted(await run('OPEN', [id, clientKey, limits.perClient, limits.maxEntries]));
    },
    async touch(id) {
      return (await run('TOUCH', [id])) === 1;
    },
    update(id, change, updateOptions = {}) {
      return updateVersioned(
        'Redis',
        limits.stateBytes,
        () => readEntry(run, id, updateOptions.known),
        async (version, state) => {
          const { outcome, evictedCount } = await writeEntry(run, id, version, state, limits, updateOptions.create);
          evicted(evictedCount);
          return outcome;
        },
        change,
        updateOptions,
      );
    },
    async append(id, item, bounds) {
      await run('APPEND', [id, item, bounds.items, bounds.bytes]);
    },
    async list(id) {
      const items = await run('LIST', [id]);
      return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : [];
    },
    async remove(id) {
      await run('REMOVE', [id]);
    },
    async size() {
      return Number(await run('SIZE', []));
    },
    close: () => Promise.resolve(),
  };
}
