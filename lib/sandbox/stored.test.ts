// Where a sandbox's world lives between requests: a tab's sessionStorage (loadWorld) or an entry of a store shared by
// the server's instances (storedSandbox), which must keep every write and no more than it needs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createMemoryStore } from '../store/memory';
import type { StateStore } from '../store/store';
import { emptyWorld } from './domain/world';
import { sandboxStoreLimits } from './server';
import { loadWorld, memoryStore } from './state';
import { entryState, readEntryState, storedSandbox } from './stored';
import { createSchemaValidator } from './validator';
import { CABIN } from '../../scripts/testing/locations';

describe('loadWorld', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a world this version wrote, and nothing else', () => {
    const store = memoryStore();
    expect(loadWorld(store)).toBeUndefined();
    expect(loadWorld(undefined)).toBeUndefined();
    const world = emptyWorld(1_736_932_800_000);
    store.save(JSON.stringify(world));
    expect(loadWorld(store)).toEqual(world);
    for (const other of [
      { ...world, version: 1 },
      { ...world, users: {} },
      { ...world, devices: null },
      { ...world, simulatedTo: '2025' },
      null,
      [],
      'world',
    ]) {
      store.save(JSON.stringify(other));
      expect(loadWorld(store), JSON.stringify(other)).toBeUndefined();
    }
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('starts again, saying so, from text that is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = memoryStore();
    store.save('{"version":');
    expect(loadWorld(store)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[kilowise] the stored sandbox is not readable JSON; starting a new one.',
      expect.any(SyntaxError),
    );
  });
});

describe('storedSandbox', () => {
  let contract: OperationContract;
  let store: StateStore;
  let writes = 0;
  const NOW = new Date('2025-01-15T09:20:00Z');
  const LOCATIONS = 'https://api.example/v2/kilowise/users/user-4711/locations';

  beforeAll(async () => {
    contract = await snapshotContract();
  }, 120_000);

  /** A store that counts the writes its entries get. */
  function counted(): StateStore {
    const inner = createMemoryStore(sandboxStoreLimits(10));
    return {
      ...inner,
      update: (id, change, options) =>
        inner.update(
          id,
          async (state) => {
            const answer = await change(state);
            if ('state' in answer) writes += 1;
            return answer;
          },
          options,
        ),
    };
  }

  const sandbox = (id = 'key-a') =>
    storedSandbox(contract, store, id, {
      validator: createSchemaValidator(contract.defs),
      create: true,
      now: () => NOW,
    });
  const send = (init: RequestInit = {}, id?: string) =>
    sandbox(id).handle(
      new Request(LOCATIONS, { ...init, headers: { 'x-api-key': 'k', 'content-type': 'application/json' } }),
    );

  beforeAll(() => {
    writes = 0;
    store = counted();
  });

  const stateOf = async (id = 'key-a') => readEntryState(await store.update(id, (state) => ({ result: state })));

  it('keeps the world a first GET made, writes a change, and the log of every request', async () => {
    expect((await send()).status).toBe(200);
    expect(writes).toBe(1);
    const made = await stateOf();
    expect(JSON.parse(made.worldText ?? '{}')).toMatchObject({ version: 2, simulatedTo: NOW.getTime() });
    expect(made.logTexts).toHaveLength(1);
    expect((await send()).status).toBe(200);
    // The GET changed no world, but the log took it.
    expect(writes).toBe(2);
    expect((await stateOf()).worldText).toBe(made.worldText);
    expect((await stateOf()).logTexts).toHaveLength(2);
    expect((await send({ method: 'POST', body: JSON.stringify(CABIN) })).status).toBe(200);
    expect(writes).toBe(3);
    expect(JSON.stringify(await (await send()).json())).toContain('Cabin');
    // Another entry is another sandbox.
    expect(JSON.stringify(await (await send({}, 'key-b')).json())).not.toContain('Cabin');
  });

  it('keeps the stored log to its last 200 entries', async () => {
    for (let call = 0; call < 205; call += 1)
      await sandbox('key-log').handle(new Request('https://api.example/__sandbox/version'));
    const { logTexts } = await stateOf('key-log');
    expect(logTexts).toHaveLength(200);
  });

  it('writes nothing for reading the log, which is not logged', async () => {
    const before = writes;
    const read = await sandbox().handle(new Request('https://api.example/__sandbox/requests?limit=1'));
    expect(((await read.json()) as { requests: { method: string }[] }).requests).toMatchObject([{ method: 'GET' }]);
    expect(writes).toBe(before);
  });

  it('empties the world of an entry on reset, keeps its log, and makes the world again on the next request', async () => {
    const reset = await sandbox().handle(new Request('https://api.example/__sandbox/reset', { method: 'POST' }));
    expect(reset.status).toBe(200);
    const emptied = await stateOf();
    expect(emptied.worldText).toBeNull();
    expect(JSON.parse(emptied.logTexts.at(-1) ?? '{}')).toMatchObject({ method: 'POST', path: '/__sandbox/reset' });
    expect(JSON.stringify(await (await send()).json())).not.toContain('Cabin');
  });
});

describe('an entry state', () => {
  it('holds the world on its first line and a log entry on each next, and reads a world alone as before', () => {
    expect(readEntryState(entryState('{"version":2}', ['{"a":1}', '{"b":2}']))).toEqual({
      worldText: '{"version":2}',
      logTexts: ['{"a":1}', '{"b":2}'],
    });
    expect(readEntryState(entryState(null, ['{"a":1}']))).toEqual({ worldText: null, logTexts: ['{"a":1}'] });
    expect(readEntryState('{"version":2}')).toEqual({ worldText: '{"version":2}', logTexts: [] });
    expect(readEntryState(undefined)).toEqual({ worldText: null, logTexts: [] });
  });
});
