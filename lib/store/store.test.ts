import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { createMemoryStore } from './memory';
import { closeConnections, openStore, storeChoice } from './open';
import { COMMAND_TIMEOUT_MS, connectRedis, createRedisStore, redactedUrl, type RedisConnection } from './redis';
import {
  StateTooLargeError,
  StoreUnavailableError,
  WHOLE_STATE,
  wholeState,
  type EntryLimits,
  type StateParts,
  type StateStore,
} from './store';

let redis: TestRedis;
let connection: RedisConnection;
const logged: string[] = [];

/** Waits until `check` holds, for up to `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  redis = await startRedis({ persist: true });
  connection = connectRedis(redis.url, (line) => logged.push(line));
  await until(() => connection.client.isReady);
}, 120_000);

afterAll(async () => {
  await connection.close();
  await redis.stop();
});

const LIMITS: EntryLimits = {
  maxEntries: 100,
  idleMs: 60_000,
  stateBytes: 10_000,
  startsPerMinute: 100,
  perClient: 100,
};
/** The text of a state of one part (WHOLE_STATE), as most tests here write it with `wholeState`. */
const textOf = (state: StateParts | undefined) => state?.get(WHOLE_STATE);

/** Waits real time: for Redis, whose clock is its own (TIME) and its keys' TTLs, and cannot be moved by a test. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each test's Redis store under a prefix of its own, so that tests never see each other's keys. */
const redisStore = (limits: Partial<EntryLimits> = {}): StateStore & { prefix: string } => {
  const prefix = `test-${randomUUID()}:`;
  return Object.assign(createRedisStore(connection, { ...LIMITS, ...limits }, { prefix, namespace: 'ns' }), {
    prefix,
  });
};

/** A store under test, and how time passes for it. */
interface StoreUnderTest {
  store: StateStore;
  /** Moves the store's clock on by `ms`: the memory store's is a clock the test holds; Redis's is real time. */
  advance: (ms: number) => Promise<void>;
}

/** The memory store on a clock of the test's own: time moves only when the test says, and no test sleeps. */
function memoryStore(limits: Partial<EntryLimits> = {}): StoreUnderTest {
  let now = Date.UTC(2026, 11, 2, 12);
  const store = createMemoryStore({ ...LIMITS, ...limits }, { now: () => now });
  return {
    store,
    advance: async (ms) => {
      now += ms;
    },
  };
}

const STORES: [string, (limits?: Partial<EntryLimits>) => StoreUnderTest][] = [
  ['in-memory', memoryStore],
  // Redis orders and expires entries by its own clock (TIME), which no test can move: there, time is waited out.
  ['Redis', (limits) => ({ store: redisStore(limits), advance: async (ms) => void (await sleep(ms)) })],
];

/** Gives the other writers a turn: a few passes of the event loop, different for each writer, and no clock. */
const yieldTurns = async (turns: number) => {
  for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe.each(STORES)('the %s store', (_name, make) => {
  it('opens, knows, updates and removes entries; an unknown one is none', async () => {
    const { store } = make();
    expect(await store.touch('a')).toBe(false);
    await store.open('a', 'client');
    expect(await store.touch('a')).toBe(true);
    expect(await store.update('a', (state) => ({ result: textOf(state) }))).toBeUndefined();
    expect(await store.update('a', () => ({ result: 'set', state: wholeState('one') }))).toBe('set');
    expect(await store.update('a', (state) => ({ result: textOf(state) }))).toBe('one');
    await store.update('a', () => ({ result: undefined, state: null }));
    expect(await store.update('a', (state) => ({ result: textOf(state) }))).toBeUndefined();
    await expect(store.update('b', () => ({ result: 1, state: wholeState('x') }))).rejects.toThrow('gone');
    expect(await store.update('b', (state) => ({ result: state ?? 'none' }), { create: true })).toBe('none');
    expect(await store.touch('b')).toBe(true);
    expect(await store.size()).toBe(2);
    await store.remove('a');
    expect(await store.touch('a')).toBe(false);
    expect(await store.size()).toBe(1);
  });

  it('evicts the one used longest ago past maxEntries, and any idle too long', async () => {
    const { store, advance } = make({ maxEntries: 2, idleMs: 400 });
    await store.open('a', 'one');
    await advance(5);
    await store.open('b', 'two');
    await advance(5);
    expect(await store.touch('a')).toBe(true);
    await advance(5);
    await store.open('c', 'three');
    // b was used longest ago: a was used after it.
    expect(await store.touch('b')).toBe(false);
    expect(await store.touch('a')).toBe(true);
    await advance(500);
    expect(await store.touch('a')).toBe(false);
    expect(await store.touch('c')).toBe(false);
    expect(await store.size()).toBe(0);
  });

  it("ends a client's own entry used longest ago past its share, never another client's", async () => {
    const { store, advance } = make({ maxEntries: 10, perClient: 2 });
    await store.open('kept', 'quiet');
    for (let index = 0; index < 8; index += 1) {
      await store.open(`flood-${index}`, 'flood');
      await advance(2);
    }
    for (let index = 0; index < 6; index += 1) expect(await store.touch(`flood-${index}`), String(index)).toBe(false);
    expect(await store.touch('flood-6')).toBe(true);
    expect(await store.touch('kept')).toBe(true);
    expect(await store.size()).toBe(3);
  });

  it('past maxEntries, ends the oldest entry of the client holding the most, so clients at their share cannot push out another', async () => {
    const { store, advance } = make({ maxEntries: 6, perClient: 3 });
    await store.open('quiet-1', 'quiet');
    await advance(2);
    // Two floods fill their share: seven entries, one past the bound.
    for (const flood of ['a', 'b']) {
      for (let index = 0; index < 3; index += 1) {
        await store.open(`${flood}-${index}`, flood);
        await advance(2);
      }
    }
    // a and b hold three each; a's oldest is older than b's, so it goes, and the quiet client's, older still, stays.
    expect(await store.touch('a-0')).toBe(false);
    expect(await store.touch('quiet-1')).toBe(true);
    expect(await store.size()).toBe(6);
    // The quiet client opens a second: b now holds the most, and loses its oldest.
    await advance(2);
    await store.open('quiet-2', 'quiet');
    expect(await store.touch('b-0')).toBe(false);
    for (const id of ['quiet-1', 'quiet-2', 'a-1', 'a-2', 'b-1', 'b-2']) expect(await store.touch(id), id).toBe(true);
  });

  it('lets one client start so many entries a minute, then says when it may start the next', async () => {
    const { store } = make({ startsPerMinute: 3 });
    for (let index = 0; index < 3; index += 1) expect(await store.start('flood')).toBeUndefined();
    const refused = await store.start('flood');
    expect(refused?.retryAfterMs).toBeGreaterThan(58_000);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Other clients are not held back.
    expect(await store.start('other')).toBeUndefined();
  });

  it('refuses a state past its limit, naming it, and keeps the state from before', async () => {
    const { store } = make({ stateBytes: 100 });
    await store.open('a', 'client');
    await store.update('a', () => ({ result: undefined, state: wholeState('small') }));
    // Counted in bytes: 40 characters of 3 bytes each are 120.
    const error = await store
      .update('a', () => ({ result: undefined, state: wholeState('€'.repeat(40)) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateTooLargeError);
    expect((error as Error).message).toContain('past the limit of 100 bytes');
    expect(await store.update('a', (state) => ({ result: textOf(state) }))).toBe('small');
  });

  it('loses no write of two interleaved writers: the one that read first runs again on the other’s state', async () => {
    const { store } = make();
    await store.open('shared', 'client');
    await store.update('shared', () => ({ result: undefined, state: wholeState('[]') }));
    const append = (state: string | undefined, item: string) =>
      JSON.stringify([...(JSON.parse(state ?? '[]') as string[]), item]);
    let firstRead!: () => void;
    const read = new Promise<void>((resolve) => (firstRead = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let runsOfA = 0;
    // A reads, then waits while B reads and writes; A's write then meets B's and A runs again.
    const writerA = store.update('shared', async (state) => {
      runsOfA += 1;
      if (runsOfA === 1) {
        firstRead();
        await gate;
      }
      return { result: runsOfA, state: wholeState(append(textOf(state), 'a')) };
    });
    await read;
    await store.update('shared', (state) => ({ result: undefined, state: wholeState(append(textOf(state), 'b')) }));
    letGo();
    expect(await writerA).toBe(2);
    expect(JSON.parse((await store.update('shared', (state) => ({ result: textOf(state) }))) ?? '')).toEqual([
      'b',
      'a',
    ]);
    // And many at once: every increment is kept.
    await store.update('shared', () => ({ result: undefined, state: wholeState('0') }));
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.update('shared', async (state) => {
          await yieldTurns(index % 4);
          return { result: undefined, state: wholeState(String(Number(textOf(state)) + 1)) };
        }),
      ),
    );
    expect(await store.update('shared', (state) => ({ result: textOf(state) }))).toBe('20');
  });

  it('gives each write a version never given before, and leaves out a state the caller knows', async () => {
    const { store } = make();
    const versions: number[] = [];
    const write = (id: string, state: string) =>
      store.update(id, () => ({ result: undefined, state: wholeState(state) }), {
        create: true,
        onWritten: (v) => versions.push(v),
      });
    await write('a', 'one');
    await write('a', 'two');
    // An entry gone and opened again under the same id starts from no version it had before.
    await store.remove('a');
    await write('a', 'three');
    await write('b', 'four');
    expect(new Set(versions).size).toBe(4);
    const last = versions[2] ?? -1;
    const read = (known?: number) =>
      store.update('a', (state, meta) => ({ result: { state: textOf(state), ...meta } }), { known });
    expect(await read()).toEqual({ state: 'three', version: last, same: false });
    expect(await read(last)).toMatchObject({ version: last, same: true });
    expect(await read(versions[1])).toEqual({ state: 'three', version: last, same: false });
    // Not sent at all by Redis (what a read of a big world costs); the memory store has it at hand.
    expect((await read(last)).state).toBe(_name === 'Redis' ? undefined : 'three');
  });

  it('writes only the parts a change names: sets, removes (null), keeps the others, and empties them all with null', async () => {
    const { store } = make();
    await store.open('a', 'client');
    const parts = async () => Object.fromEntries(await store.update('a', (state) => ({ result: [...(state ?? [])] })));
    const write = (state: Map<string, string | null> | null) => store.update('a', () => ({ result: undefined, state }));
    await write(
      new Map([
        ['core', 'c1'],
        ['device:1', 'd1'],
        ['device:2', 'd2'],
      ]),
    );
    await write(
      new Map([
        ['device:1', 'd1 changed'],
        ['device:2', null],
        ['device:3', 'd3'],
      ]),
    );
    expect(await parts()).toEqual({ core: 'c1', 'device:1': 'd1 changed', 'device:3': 'd3' });
    // A part named '' is the whole state of an entry written before states had parts: a part like any other.
    await write(new Map([[WHOLE_STATE, 'whole']]));
    expect(await parts()).toEqual({ core: 'c1', 'device:1': 'd1 changed', 'device:3': 'd3', '': 'whole' });
    await write(null);
    expect(await store.update('a', (state) => ({ result: state }))).toBeUndefined();
    await write(new Map([['core', 'again']]));
    expect(await parts()).toEqual({ core: 'again' });
  });

  it('refuses a write whose parts together pass the limit, though the parts it sends fit, and keeps them all', async () => {
    const { store } = make({ stateBytes: 100 });
    await store.open('a', 'client');
    await store.update('a', () => ({ result: undefined, state: new Map([['one', 'x'.repeat(60)]]) }));
    // 60 + 41 bytes: one past, counted with the part the write leaves as it was.
    const error = await store
      .update('a', () => ({ result: undefined, state: new Map([['two', 'y'.repeat(41)]]) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateTooLargeError);
    expect((error as Error).message).toContain('would be 101 bytes, past the limit of 100 bytes');
    // Replacing a part counts its new text in place of its old: 60 → 20, and 20 + 80 fits.
    await store.update('a', () => ({
      result: undefined,
      state: new Map([
        ['one', 'x'.repeat(20)],
        ['two', '€'.repeat(26)],
      ]),
    }));
    expect(
      await store.update('a', (state) => ({
        result: Object.fromEntries([...(state ?? [])].map(([name, text]) => [name, text.length])),
      })),
    ).toEqual({ one: 20, two: 26 });
    // And counted in bytes: 20 + 3 × 27.
    const bytes = await store
      .update('a', () => ({ result: undefined, state: new Map([['two', '€'.repeat(27)]]) }))
      .catch((e: unknown) => e);
    expect((bytes as Error).message).toContain('would be 101 bytes');
  });

  it('loses no write of writers that change different parts, or the same part, at once', async () => {
    const { store } = make();
    await store.open('shared', 'client');
    const count = (state: StateParts | undefined, name: string) => Number(state?.get(name) ?? '0');
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        store.update('shared', async (state) => {
          // Half of them on a part of their own, half on one part all of them share.
          const name = index % 2 === 0 ? `own:${index}` : 'shared';
          await yieldTurns(index % 3);
          return { result: undefined, state: new Map([[name, String(count(state, name) + 1)]]) };
        }),
      ),
    );
    const state = await store.update('shared', (read) => ({ result: read }));
    expect(count(state, 'shared')).toBe(12);
    for (let index = 0; index < 24; index += 2) expect(count(state, `own:${index}`), String(index)).toBe(1);
    expect(state?.size).toBe(13);
  });

  it("keeps an entry's list beside its state, within its bounds, newest kept, and none for an entry not there", async () => {
    const { store } = make();
    await store.open('a', 'client');
    await store.update('a', () => ({ result: undefined, state: wholeState('world') }));
    const versionBefore = await store.update('a', (_state, meta) => ({ result: meta.version }));
    for (const item of ['1', '2', '3', '4']) await store.append('a', item, { items: 3, bytes: 100 });
    expect(await store.list('a')).toEqual(['2', '3', '4']);
    // By weight: 'é' is two bytes of UTF-8.
    await store.append('a', 'éé', { items: 3, bytes: 5 });
    expect(await store.list('a')).toEqual(['4', 'éé']);
    await store.append('a', 'x'.repeat(50), { items: 3, bytes: 5 });
    expect(await store.list('a')).toEqual(['x'.repeat(50)]);
    // The list is no write of the state.
    expect(await store.update('a', (state, meta) => ({ result: [textOf(state), meta.version] }))).toEqual([
      'world',
      versionBefore,
    ]);
    await store.append('gone', 'item', { items: 3, bytes: 100 });
    expect(await store.list('gone')).toEqual([]);
    await store.remove('a');
    expect(await store.list('a')).toEqual([]);
  });
});

describe("the in-memory store, on the test's clock", () => {
  it('lets a client start again the moment a minute has passed since its oldest start, and says how long to wait', async () => {
    const { store, advance } = memoryStore({ startsPerMinute: 2 });
    expect(await store.start('client')).toBeUndefined();
    await advance(10_000);
    expect(await store.start('client')).toBeUndefined();
    expect(await store.start('client')).toEqual({ retryAfterMs: 50_000 });
    await advance(49_999);
    expect(await store.start('client')).toEqual({ retryAfterMs: 1 });
    await advance(1);
    expect(await store.start('client')).toBeUndefined();
  });

  it('keeps an entry used within idleMs, renewed by each use, and ends it once idle longer', async () => {
    const { store, advance } = memoryStore({ idleMs: 1_000 });
    await store.open('a', 'client');
    await advance(1_000);
    expect(await store.touch('a')).toBe(true);
    await advance(1_000);
    expect(await store.touch('a')).toBe(true);
    await advance(1_001);
    expect(await store.touch('a')).toBe(false);
  });
});

describe('the Redis store', () => {
  const keys = (prefix: string) => connection.client.keys(`${prefix}*`);

  it('keeps an entry under one key whose TTL is the idle limit, renewed on use, and leaves no key after it', async () => {
    const store = redisStore({ idleMs: 600 });
    await store.open('a', 'client');
    await store.start('client');
    await store.update('a', () => ({ result: undefined, state: wholeState('world') }));
    const entry = `${store.prefix}ns:e:a`;
    expect(await connection.client.hGet(entry, 's')).toBe('world');
    expect(await connection.client.pTTL(entry)).toBeGreaterThan(400);
    await sleep(400);
    expect(await store.touch('a')).toBe(true);
    // Renewed: without the touch, 400 + 400 ms would be past the 600 ms.
    await sleep(400);
    expect(await store.touch('a')).toBe(true);
    await sleep(700);
    expect(await store.touch('a')).toBe(false);
    // The starts of the last minute go after a minute; the versions' counter stays; the rest went with the entry.
    expect((await keys(store.prefix)).filter((key) => !key.includes(':starts:'))).toEqual([
      `${store.prefix}ns:versions`,
    ]);
  });

  it('reads an entry written whole, before states had parts, as the part WHOLE_STATE, and a write of parts replaces it', async () => {
    const store = redisStore();
    const entry = `${store.prefix}ns:e:old`;
    // As the store wrote an entry before: its state whole in the field s.
    await connection.client.hSet(entry, { v: '7', c: 'client', s: '{"version":3}' });
    await connection.client.pExpire(entry, 60_000);
    expect(await store.update('old', (state) => ({ result: state && Object.fromEntries(state) }))).toEqual({
      [WHOLE_STATE]: '{"version":3}',
    });
    await store.update('old', () => ({
      result: undefined,
      state: new Map([
        ['core', 'c'],
        [WHOLE_STATE, null],
      ]),
    }));
    const fields = await connection.client.hGetAll(entry);
    expect(fields).toMatchObject({ 's:core': 'c' });
    expect(fields).not.toHaveProperty('s');
  });

  it('sends Redis only the parts a write names, whatever the others weigh', async () => {
    const store = redisStore({ stateBytes: 2_000_000 });
    await store.open('big', 'client');
    const big = new Map(Array.from({ length: 20 }, (_, index) => [`part:${index}`, 'x'.repeat(50_000)]));
    await store.update('big', () => ({ result: undefined, state: big }));
    const sent: number[] = [];
    const evalSha = connection.client.evalSha.bind(connection.client);
    const spy = vi.spyOn(connection.client, 'evalSha').mockImplementation((sha, options) => {
      sent.push((options?.arguments ?? []).reduce((sum, argument) => sum + argument.length, 0));
      return evalSha(sha, options);
    });
    try {
      await store.update('big', () => ({ result: undefined, state: new Map([['part:3', 'changed']]) }));
    } finally {
      spy.mockRestore();
    }
    // The read (the parts came back: no version was known) and the write: the write's arguments are a few dozen bytes.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBeLessThan(200);
    const state = await store.update('big', (read) => ({ result: read }));
    expect(state?.get('part:3')).toBe('changed');
    expect(state?.get('part:4')).toHaveLength(50_000);
    expect(await connection.client.hLen(`${store.prefix}ns:e:big`)).toBe(22);
  });

  it('serves a command sent while its connection is still being made, as an instance that just started does', async () => {
    const fresh = connectRedis(redis.url, () => {});
    try {
      const store = createRedisStore(fresh, LIMITS, { prefix: `test-${randomUUID()}:`, namespace: 'ns' });
      expect(fresh.client.isReady).toBe(false);
      expect(await store.touch('anything')).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('takes no busy process for a hung Redis: an answer that came while the process was blocked beats the timeout', async () => {
    const store = redisStore();
    const pending = store.touch('anything');
    // The command is on its way once the loop has turned; then the process is busy past the timeout.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const until = Date.now() + COMMAND_TIMEOUT_MS + 300;
    while (Date.now() < until) {
      // As a process with more work than its core can do.
    }
    expect(await pending).toBe(false);
  });

  it('answers within its timeout while Redis hangs, at once while it is down, and again once it is back', async () => {
    const store = redisStore();
    await store.open('kept', 'client');
    await store.update('kept', () => ({ result: undefined, state: wholeState('before') }));
    redis.pause();
    try {
      const started = performance.now();
      const hung = await store.touch('kept').catch((error: unknown) => error);
      expect(hung).toBeInstanceOf(StoreUnavailableError);
      expect((hung as Error).message).toBe(`The store (Redis) did not answer within ${COMMAND_TIMEOUT_MS} ms`);
      expect(performance.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS + 500);
    } finally {
      redis.resume();
    }
    await redis.down();
    const started = performance.now();
    const down = await store.update('kept', (state) => ({ result: textOf(state) })).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(StoreUnavailableError);
    expect((down as Error).message).toBe('The store (Redis) is unreachable');
    expect(performance.now() - started).toBeLessThan(200);
    expect(logged.some((line) => line.includes('is unreachable'))).toBe(true);
    await redis.up();
    await until(() => connection.client.isReady);
    // Saved as it stopped, read as it started: the entry is there, with its state.
    expect(await store.update('kept', (state) => ({ result: textOf(state) }))).toBe('before');
    expect(logged.some((line) => line.endsWith('is back'))).toBe(true);
  }, 30_000);
});

describe('the store the environment asks for', () => {
  it('is in memory without KILOWISE_REDIS_URL, in Redis with a redis:// or rediss:// one, and a bad one names it', async () => {
    expect(storeChoice({})).toEqual({ redisUrl: undefined, prefix: 'kilowise:' });
    expect(storeChoice({ KILOWISE_REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(
      storeChoice({ KILOWISE_REDIS_URL: 'rediss://u:p@cache.example:6380', KILOWISE_REDIS_PREFIX: 'docs:' }),
    ).toEqual({
      redisUrl: 'rediss://u:p@cache.example:6380',
      prefix: 'docs:',
    });
    expect(() => storeChoice({ KILOWISE_REDIS_URL: 'http://cache.example' })).toThrow(
      'field "KILOWISE_REDIS_URL": must be a redis:// or rediss:// URL',
    );
    expect(() => storeChoice({ KILOWISE_REDIS_PREFIX: 'a b' })).toThrow('KILOWISE_REDIS_PREFIX');
    expect((await openStore({ namespace: 'mcp', limits: LIMITS, choice: { prefix: 'x:' } })).name).toBe('in-memory');
    const lines: string[] = [];
    const prefix = `test-${randomUUID()}:`;
    const store = await openStore({
      namespace: 'mcp',
      limits: LIMITS,
      choice: { redisUrl: redis.url, prefix },
      log: (line) => lines.push(line),
    });
    expect(store.name).toBe('Redis');
    expect(lines).toEqual([`[store] mcp: state in Redis at ${redis.url}, keys ${prefix}mcp:*`]);
    await closeConnections();
    // A password is never written to a log or a message.
    expect(redactedUrl('rediss://user:secret@cache.example:6380/0')).toBe('rediss://user:***@cache.example:6380/0');
  });
});
