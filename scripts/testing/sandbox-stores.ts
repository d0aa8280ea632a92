// The stores a stored sandbox is tested on, the same in each test file: this process's memory, and a Redis of the
// file's own, started before its tests and stopped after them (vitest hooks, registered where this is called).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { sandboxStoreLimits } from '../../lib/sandbox/server';
import { createMemoryStore } from '../../lib/store/memory';
import { connectRedis, createRedisStore, type RedisConnection } from '../../lib/store/redis';
import type { StateStore } from '../../lib/store/store';
import { startRedis, type TestRedis } from './redis';

/** For `describe.each`: each store's name and a maker of a new, empty one (ten entries at most). */
export function sandboxTestStores(): [string, () => StateStore][] {
  let redis: TestRedis | undefined;
  let connection: RedisConnection | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    connection = connectRedis(redis.url, () => {});
  }, 120_000);
  afterAll(async () => {
    await connection?.close();
    await redis?.stop();
  });
  const connected = () => {
    if (!connection) throw new Error('[redis] a Redis store was made before the file started its Redis');
    return connection;
  };
  return [
    ['in-memory', () => createMemoryStore(sandboxStoreLimits(10))],
    [
      'Redis',
      () =>
        createRedisStore(connected(), sandboxStoreLimits(10), {
          prefix: `test-${randomUUID()}:`,
          namespace: 'sandbox',
        }),
    ],
  ];
}
