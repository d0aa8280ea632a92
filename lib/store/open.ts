// Which store holds the state: Redis when KILOWISE_REDIS_URL names one (redis:// or rediss://), else this process's
// memory. Read once, checked with zod; the Redis client is loaded only when it is used.
import { z } from 'zod';
import { parseWith } from '../validation';
import { createMemoryStore } from './memory';
import type { EntryLimits, StateStore } from './store';

const redisUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['redis:', 'rediss:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379 or rediss://user:password@host:6380');

const environmentSchema = z.object({
  // Set but empty counts as unset, as a deploy's settings often leave it.
  KILOWISE_REDIS_URL: z.preprocess((value) => (value === '' ? undefined : value), redisUrl.optional()),
  KILOWISE_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, "_", ":", "." or "-"')
    .default('kilowise:'),
});

export interface StoreChoice {
  /** The Redis to keep state in; undefined: this process's memory. */
  redisUrl?: string;
  /** What every key starts with, so that several deploys can share one Redis. */
  prefix: string;
}

/** The store the environment asks for (KILOWISE_REDIS_URL, KILOWISE_REDIS_PREFIX); a bad value throws, naming it. */
export function storeChoice(environment: Record<string, string | undefined> = process.env): StoreChoice {
  const parsed = parseWith(
    environmentSchema,
    { KILOWISE_REDIS_URL: environment.KILOWISE_REDIS_URL, KILOWISE_REDIS_PREFIX: environment.KILOWISE_REDIS_PREFIX },
    'the environment',
  );
  return { redisUrl: parsed.KILOWISE_REDIS_URL, prefix: parsed.KILOWISE_REDIS_PREFIX };
}

export interface OpenStoreOptions {
  /** The entries' kind, a part of every Redis key: `mcp`, `sandbox`. */
  namespace: string;
  limits: EntryLimits;
  /** Default: from the environment (storeChoice). */
  choice?: StoreChoice;
  /** Told how many entries the bounds ended (past `maxEntries` or a client's `perClient`). */
  onEvict?: (count: number) => void;
  /** Where the store says where it keeps state, and when Redis goes down and comes back. */
  log?: (line: string) => void;
}

// One connection per Redis URL in a process, shared by its stores.
const connections = new Map<string, Promise<import('./redis').RedisConnection>>();

/** The store `options.choice` asks for, in-memory or Redis, bounded by `options.limits`. */
export async function openStore(options: OpenStoreOptions): Promise<StateStore> {
  const choice = options.choice ?? storeChoice();
  if (!choice.redisUrl)
    return createMemoryStore(options.limits, { onEvict: options.onEvict && (() => options.onEvict?.(1)) });
  const url = choice.redisUrl;
  const { connectRedis, createRedisStore } = await import('./redis');
  let connection = connections.get(url);
  if (!connection) {
    connection = Promise.resolve(connectRedis(url, options.log));
    connections.set(url, connection);
  }
  const opened = await connection;
  options.log?.(
    `[store] ${options.namespace}: state in Redis at ${opened.where}, keys ${choice.prefix}${options.namespace}:*`,
  );
  return createRedisStore(opened, options.limits, {
    prefix: choice.prefix,
    namespace: options.namespace,
    onEvict: options.onEvict,
  });
}

/** Closes every Redis connection this process opened (tests, and a command that stops). */
export async function closeConnections(): Promise<void> {
  const open = [...connections.values()];
  connections.clear();
  await Promise.all(open.map(async (connection) => (await connection).close()));
}
