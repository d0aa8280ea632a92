// The shared store: entries in Redis (or a service that speaks its protocol and runs its Lua scripts), so that every
// instance of the app serves every session, and a restart loses nothing. Each entry is one hash, its key's TTL the
// idle limit, renewed on each use; the bounds are kept by Lua scripts, each one atomic. Loaded only when
// KILOWISE_REDIS_URL is set (lib/store/open.ts), so that the default needs no Redis client at all.
import { createHash, randomUUID } from 'node:crypto';
import { createClient, ErrorReply, type RedisClientType } from '@redis/client';
import { StoreUnavailableError, updateVersioned, type EntryLimits, type StateStore } from './store';

/** How long a command may take before the call that needs it is answered with an error: a store that hangs never hangs /mcp. */
export const COMMAND_TIMEOUT_MS = 1000;
/** Commands waiting for Redis at once; past it, new ones fail at once rather than queue behind a store that hangs. */
const MAX_QUEUED = 1000;

// Keys, under `${prefix}${namespace}:` (the base):
//   e:{id}       hash: v (version), c (client), s (state, when there is one), lb (what l:{id} weighs); TTL the idle limit
//   l:{id}       list: the entry's list (StateStore.append), oldest first; TTL the idle limit
//   versions     counter: the last version a write gave, so that no version is given twice; the one key without a
//                TTL (were it to go, versions would start again, and a caller's copy of an old one could pass for new)
//   used         sorted set: entry ids by last use (epoch ms), for `maxEntries`; TTL the idle limit
//   c:{client}   sorted set: the client's entry ids by last use, for `perClient`; TTL the idle limit (an entry
//                opened by `update` with `create` has no client, and counts only towards `maxEntries`)
//   starts:{client} sorted set: the client's starts of the last minute, for `startsPerMinute`; TTL a minute
// Every TTL is renewed with each use, so that once nothing is used for the idle limit, no key is left but `versions`.
// Time is Redis's own (TIME), so that instances whose clocks differ agree on the order of use.
const PRELUDE = `
local base = ARGV[1]
local idle = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local used = base .. 'used'
local function drop(id)
  local key = base .. 'e:' .. id
  local client = redis.call('HGET', key, 'c')
  redis.call('DEL', key, base .. 'l:' .. id)
  redis.call('ZREM', used, id)
  if client and client ~= '' then redis.call('ZREM', base .. 'c:' .. client, id) end
end
local function mark(id, client)
  redis.call('PEXPIRE', base .. 'e:' .. id, idle)
  redis.call('PEXPIRE', base .. 'l:' .. id, idle)
  redis.call('ZADD', used, now, id)
  redis.call('PEXPIRE', used, idle)
  if client and client ~= '' then
    redis.call('ZADD', base .. 'c:' .. client, now, id)
    redis.call('PEXPIRE', base .. 'c:' .. client, idle)
  end
end
-- Past maxEntries: the entry used longest ago of the client that holds the most, ties to the client whose oldest
-- entry is oldest (as victim() in lib/store/memory.ts). An id whose hash is gone (Redis evicted it) is dropped.
local function victim()
  local ids, clients, counts, most = redis.call('ZRANGE', used, 0, -1), {}, {}, 0
  for index, id in ipairs(ids) do
    local client = redis.call('HGET', base .. 'e:' .. id, 'c')
    if not client then return id end
    clients[index] = client
    counts[client] = (counts[client] or 0) + 1
    if counts[client] > most then most = counts[client] end
  end
  for index, id in ipairs(ids) do
    if counts[clients[index]] == most then return id end
  end
  return nil
end
local function bound(client, perClient, maxEntries)
  local evicted = 0
  redis.call('ZREMRANGEBYSCORE', used, '-inf', now - idle)
  if client ~= '' then
    local own = base .. 'c:' .. client
    redis.call('ZREMRANGEBYSCORE', own, '-inf', now - idle)
    local excess = redis.call('ZCARD', own) - perClient
    if excess > 0 then
      for _, id in ipairs(redis.call('ZRANGE', own, 0, excess - 1)) do drop(id); evicted = evicted + 1 end
    end
  end
  while redis.call('ZCARD', used) > maxEntries do
    local id = victim()
    if not id then break end
    drop(id)
    evicted = evicted + 1
  end
  return evicted
end
`;

/** ARGV: base, idle, client, limit, a member of its own. Gives -1 when the client may start, else ms to wait. */
const START = `${PRELUDE}
local key = base .. 'starts:' .. ARGV[3]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - 60000)
if redis.call('ZCARD', key) >= tonumber(ARGV[4]) then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(0, tonumber(oldest[2]) + 60000 - now)
end
redis.call('ZADD', key, now, ARGV[5])
redis.call('PEXPIRE', key, 60000)
return -1`;

/** ARGV: base, idle, id, client, perClient, maxEntries. Gives how many entries the bounds ended. */
const OPEN = `${PRELUDE}
local id, client = ARGV[3], ARGV[4]
redis.call('DEL', base .. 'e:' .. id, base .. 'l:' .. id)
redis.call('HSET', base .. 'e:' .. id, 'v', 0, 'c', client)
mark(id, client)
return bound(client, tonumber(ARGV[5]), tonumber(ARGV[6]))`;

/** ARGV: base, idle, id. Gives 1 and marks the entry used, or 0 when it is not there. */
const TOUCH = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local client = redis.call('HGET', key, 'c')
if not client then return 0 end
mark(ARGV[3], client)
return 1`;

/**
 * ARGV: base, idle, id, the version the caller knows ('' for none). Gives {version, state or false} and marks the
 * entry used, or false when it is not there; at the known version, {version} alone (the caller has its state).
 */
const READ = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local version = redis.call('HGET', key, 'v')
if not version then return false end
mark(ARGV[3], redis.call('HGET', key, 'c'))
if version == ARGV[4] then return {version} end
return {version, redis.call('HGET', key, 's')}`;

/**
 * ARGV: base, idle, id, expected version, '1' to set the state (ARGV[6]) or '0' to empty it, the largest state in
 * bytes, '1' to create the entry when it is not there, perClient, maxEntries. Gives {outcome, evicted}: outcome 1
 * written, 0 another write got in first, -1 the entry is gone, -2 the state is too large.
 */
const WRITE = `${PRELUDE}
local id = ARGV[3]
local key = base .. 'e:' .. id
local expected = tonumber(ARGV[4])
local version = redis.call('HGET', key, 'v')
local created = false
if not version then
  if ARGV[8] ~= '1' then return {-1, 0} end
  if expected ~= 0 then return {0, 0} end
  created = true
  version = '0'
elseif tonumber(version) ~= expected then
  return {0, 0}
end
if ARGV[5] == '1' and string.len(ARGV[6]) > tonumber(ARGV[7]) then return {-2, 0} end
if created then redis.call('HSET', key, 'c', '') end
if ARGV[5] == '1' then redis.call('HSET', key, 's', ARGV[6]) else redis.call('HDEL', key, 's') end
local written = redis.call('INCR', base .. 'versions')
redis.call('HSET', key, 'v', written)
local client = redis.call('HGET', key, 'c')
mark(id, client)
local evicted = 0
if created then evicted = bound(client, tonumber(ARGV[9]), tonumber(ARGV[10])) end
return {1, evicted, written}`;

/**
 * ARGV: base, idle, id, item, most items, most bytes. Appends to the entry's list and drops its oldest items past
 * either bound (the newest stays). Gives 1, or 0 when the entry is not there (it keeps no list).
 */
const APPEND = `${PRELUDE}
local key = base .. 'e:' .. ARGV[3]
local list = base .. 'l:' .. ARGV[3]
if redis.call('EXISTS', key) == 0 then return 0 end
redis.call('RPUSH', list, ARGV[4])
local bytes = redis.call('HINCRBY', key, 'lb', string.len(ARGV[4]))
local items, most, heaviest = redis.call('LLEN', list), tonumber(ARGV[5]), tonumber(ARGV[6])
while items > 1 and (items > most or bytes > heaviest) do
  bytes = redis.call('HINCRBY', key, 'lb', -string.len(redis.call('LPOP', list)))
  items = items - 1
end
redis.call('PEXPIRE', list, idle)
return 1`;

/** ARGV: base, idle, id. Gives the entry's list, oldest first. */
const LIST = `${PRELUDE}
return redis.call('LRANGE', base .. 'l:' .. ARGV[3], 0, -1)`;

/** ARGV: base, idle, id. */
const REMOVE = `${PRELUDE}
drop(ARGV[3])
return 1`;

/** ARGV: base, idle. Gives how many entries were used within the idle limit. */
const SIZE = `${PRELUDE}
redis.call('ZREMRANGEBYSCORE', used, '-inf', now - idle)
return redis.call('ZCARD', used)`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = { START, OPEN, TOUCH, READ, WRITE, APPEND, LIST, REMOVE, SIZE } as const;
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([name, script]) => [name, sha1(script)])) as Record<
  keyof typeof SCRIPTS,
  string
>;

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

/** A StateStore in Redis over `connection` (which it does not close: several stores may share one). */
export function createRedisStore(
  connection: RedisConnection,
  limits: EntryLimits,
  options: RedisStoreOptions,
): StateStore {
  const { client } = connection;
  const base = `${options.prefix}${options.namespace}:`;
  const idle = String(Math.max(1, Math.round(limits.idleMs)));
  /** Runs a script by its SHA1, loading it first when Redis does not have it yet (after a restart). */
  const run = (name: keyof typeof SCRIPTS, args: (string | number)[]): Promise<unknown> =>
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
        async () => {
          const found = await run('READ', [id, updateOptions.known ?? '']);
          if (!Array.isArray(found)) return undefined;
          const [version, state] = found as [unknown, unknown];
          return { version: Number(version), state: typeof state === 'string' ? state : undefined };
        },
        async (version, state) => {
          const reply = await run('WRITE', [
            id,
            version,
            state === null ? '0' : '1',
            state ?? '',
            limits.stateBytes,
            updateOptions.create ? '1' : '0',
            limits.perClient,
            limits.maxEntries,
          ]);
          const [outcome, count, written] = Array.isArray(reply) ? (reply as unknown[]) : [];
          evicted(count);
          if (outcome === 1) return { written: Number(written) };
          if (outcome === 0) return 'conflict';
          if (outcome === -1) return 'gone';
          // -2: past the limit, which the caller checked first; only a store configured otherwise gets here.
          throw new StoreUnavailableError(`The store (Redis) refused a state past ${limits.stateBytes} bytes`, 'Redis');
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
