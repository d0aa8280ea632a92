import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory';
import { StateTooLargeError, type EntryLimits, type StateStore } from './store';

const LIMITS: EntryLimits = {
  maxEntries: 100,
  idleMs: 60_000,
  stateBytes: 10_000,
  startsPerMinute: 100,
  perClient: 100,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const STORES: [string, (limits?: Partial<EntryLimits>) => StateStore][] = [
  ['in-memory', (limits = {}) => createMemoryStore({ ...LIMITS, ...limits })],
];

describe.each(STORES)('the %s store', (_name, make) => {
  it('opens, knows, updates and removes entries; an unknown one is none', async () => {
    const store = make();
    expect(await store.touch('a')).toBe(false);
    await store.open('a', 'client');
    expect(await store.touch('a')).toBe(true);
    expect(await store.update('a', (state) => ({ result: state }))).toBeUndefined();
    expect(await store.update('a', () => ({ result: 'set', state: 'one' }))).toBe('set');
    expect(await store.update('a', (state) => ({ result: state }))).toBe('one');
    await store.update('a', () => ({ result: undefined, state: null }));
    expect(await store.update('a', (state) => ({ result: state }))).toBeUndefined();
    await expect(store.update('b', () => ({ result: 1, state: 'x' }))).rejects.toThrow('gone');
    expect(await store.update('b', (state) => ({ result: state ?? 'none' }), { create: true })).toBe('none');
    expect(await store.touch('b')).toBe(true);
    expect(await store.size()).toBe(2);
    await store.remove('a');
    expect(await store.touch('a')).toBe(false);
    expect(await store.size()).toBe(1);
  });

  it('evicts the one used longest ago past maxEntries, and any idle too long', async () => {
    const store = make({ maxEntries: 2, idleMs: 400 });
    await store.open('a', 'one');
    await sleep(5);
    await store.open('b', 'two');
    await sleep(5);
    expect(await store.touch('a')).toBe(true);
    await sleep(5);
    await store.open('c', 'three');
    // b was used longest ago: a was used after it.
    expect(await store.touch('b')).toBe(false);
    expect(await store.touch('a')).toBe(true);
    await sleep(500);
    expect(await store.touch('a')).toBe(false);
    expect(await store.touch('c')).toBe(false);
    expect(await store.size()).toBe(0);
  });

  it("ends a client's own entry used longest ago past its share, never another client's", async () => {
    const store = make({ maxEntries: 10, perClient: 2 });
    await store.open('kept', 'quiet');
    for (let index = 0; index < 8; index += 1) {
      await store.open(`flood-${index}`, 'flood');
      await sleep(2);
    }
    for (let index = 0; index < 6; index += 1) expect(await store.touch(`flood-${index}`), String(index)).toBe(false);
    expect(await store.touch('flood-6')).toBe(true);
    expect(await store.touch('kept')).toBe(true);
    expect(await store.size()).toBe(3);
  });

  it('lets one client start so many entries a minute, then says when it may start the next', async () => {
    const store = make({ startsPerMinute: 3 });
    for (let index = 0; index < 3; index += 1) expect(await store.start('flood')).toBeUndefined();
    const refused = await store.start('flood');
    expect(refused?.retryAfterMs).toBeGreaterThan(58_000);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Other clients are not held back.
    expect(await store.start('other')).toBeUndefined();
  });

  it('refuses a state past its limit, naming it, and keeps the state from before', async () => {
    const store = make({ stateBytes: 100 });
    await store.open('a', 'client');
    await store.update('a', () => ({ result: undefined, state: 'small' }));
    // Counted in bytes: 40 characters of 3 bytes each are 120.
    const error = await store
      .update('a', () => ({ result: undefined, state: '€'.repeat(40) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateTooLargeError);
    expect((error as Error).message).toContain('past the limit of 100 bytes');
    expect(await store.update('a', (state) => ({ result: state }))).toBe('small');
  });

  it('loses no write of two interleaved writers: the one that read first runs again on the other’s state', async () => {
    const store = make();
    await store.open('shared', 'client');
    await store.update('shared', () => ({ result: undefined, state: '[]' }));
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
      return { result: runsOfA, state: append(state, 'a') };
    });
    await read;
    await store.update('shared', (state) => ({ result: undefined, state: append(state, 'b') }));
    letGo();
    expect(await writerA).toBe(2);
    expect(JSON.parse((await store.update('shared', (state) => ({ result: state }))) ?? '')).toEqual(['b', 'a']);
    // And many at once: every increment is kept.
    await store.update('shared', () => ({ result: undefined, state: '0' }));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.update('shared', async (state) => {
          await sleep(Math.random() * 5);
          return { result: undefined, state: String(Number(state) + 1) };
        }),
      ),
    );
    expect(await store.update('shared', (state) => ({ result: state }))).toBe('20');
  });
});
