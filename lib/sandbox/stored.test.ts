// Where a sandbox's world lives between requests: a tab's sessionStorage (readWorld reads it) or an entry of a store shared by
// the server's instances (storedSandbox), which must keep every write and no more than it needs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import type { StateStore } from '../store/store';
import { emptyWorld } from './domain/world';
import { readWorld } from './state';
import { ENTRY_QUEUE_LIMIT } from './entry-queue';
import { storedSandbox } from './stored';
import { readEntryState, worldFromParts } from './world-parts';
import { REDIRECT } from './test-client';
import { createSchemaValidator } from './validator';
import { CABIN } from '../../scripts/testing/locations';
import { sandboxTestStores } from '../../scripts/testing/sandbox-stores';
import { countingStore, noWrites, type StoreWrites } from '../../scripts/testing/store-writes';

describe('readWorld', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a world this version wrote, and nothing else', () => {
    expect(readWorld(null)).toBeUndefined();
    expect(readWorld(undefined)).toBeUndefined();
    expect(readWorld('')).toBeUndefined();
    const world = emptyWorld(1_736_932_800_000);
    expect(readWorld(JSON.stringify(world))).toEqual(world);
    for (const other of [
      { ...world, version: 1 },
      { ...world, users: {} },
      { ...world, devices: null },
      { ...world, simulatedTo: '2025' },
      null,
      [],
      'world',
    ]) {
      expect(readWorld(JSON.stringify(other)), JSON.stringify(other)).toBeUndefined();
    }
  });

  it('starts again, saying so, from text that is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readWorld('{"version":')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[kilowise] the stored sandbox is not readable JSON; starting a new one.',
      expect.any(SyntaxError),
    );
  });
});

const STORES = sandboxTestStores();
let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 120_000);

describe.each(STORES)('storedSandbox on the %s store', (_name, make) => {
  const NOW = new Date('2025-01-15T09:20:00Z');
  const LOCATIONS = 'https://api.example/v2/kilowise/users/user-4711/locations';
  let inner: StateStore;
  let seen: StoreWrites;
  let store: StateStore;

  beforeAll(() => {
    inner = make();
    seen = noWrites();
    store = countingStore(inner, seen);
  });

  const sandbox = (id = 'key-a', on: StateStore = store) =>
    storedSandbox(contract, on, id, {
      validator: createSchemaValidator(contract.defs),
      create: true,
      now: () => NOW,
    });
  const send = (init: RequestInit = {}, id?: string, on?: StateStore) =>
    sandbox(id, on).handle(
      new Request(LOCATIONS, { ...init, headers: { 'x-api-key': 'k', 'content-type': 'application/json' } }),
    );
  /** The world the store holds for `id`, as JSON, or null when it holds none. */
  const worldOf = async (id = 'key-a') => {
    const world = worldFromParts(await inner.update(id, (state) => ({ result: state })));
    return world ? JSON.stringify(world) : null;
  };
  const snapshot = () => ({ ...seen });

  it('writes nothing for a GET, not even the world it made; writes a change; logs each request in the entry list', async () => {
    expect((await send()).status).toBe(200);
    expect(seen.bytesWritten).toBe(0);
    expect(await worldOf()).toBeNull();
    expect((await send()).status).toBe(200);
    expect(seen.bytesWritten).toBe(0);
    expect(await inner.list('key-a')).toHaveLength(2);
    expect((await send({ method: 'POST', body: JSON.stringify(CABIN) })).status).toBe(200);
    expect(seen.writes).toBe(1);
    const written = await worldOf();
    expect(JSON.parse(written ?? '{}')).toMatchObject({ version: 3, simulatedTo: NOW.getTime() });
    expect(JSON.stringify(await (await send()).json())).toContain('Cabin');
    // Another entry is another sandbox.
    expect(JSON.stringify(await (await send({}, 'key-b')).json())).not.toContain('Cabin');
  });

  it('reads of a world it holds write 0 bytes and parse nothing: the version is the one it kept', async () => {
    await send();
    const before = snapshot();
    const text = await worldOf();
    for (let call = 0; call < 5; call += 1) expect((await send()).status).toBe(200);
    expect(seen.bytesWritten - before.bytesWritten).toBe(0);
    expect(seen.writes - before.writes).toBe(0);
    expect(seen.parsed - before.parsed).toBe(0);
    expect(seen.runs - before.runs).toBe(5);
    expect(await worldOf()).toBe(text);
  });

  it('keeps the redirect URI of an authorization URL, once, for a connect that reaches another instance', async () => {
    const smartcar = 'https://api.example/v1/kilowise/devices/smartcar';
    const headers = { 'x-api-key': 'k', 'content-type': 'application/json', 'x-user-id': 'user-r' };
    const authorize = (uri: string) =>
      sandbox('key-r').handle(
        new Request(`${smartcar}/authorization-url?redirectUri=${encodeURIComponent(uri)}`, { headers }),
      );
    const before = snapshot();
    expect((await authorize(REDIRECT)).status).toBe(200);
    expect(seen.writes - before.writes).toBe(1);
    // Asked for again, the same URL is remembered already: nothing is written.
    expect((await authorize(REDIRECT)).status).toBe(200);
    expect(seen.writes - before.writes).toBe(1);
    const connect = (redirectUrl: string) =>
      sandbox('key-r', countingStore(inner, seen)).handle(
        new Request(`${smartcar}/connect`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ authCode: 'sandbox-kia-ev6', redirectUrl }),
        }),
      );
    expect(await (await connect('https://elsewhere.example/callback')).json()).toMatchObject({
      status: 'SMARTCAR_API_ERROR',
    });
    expect(await (await connect(REDIRECT)).json()).toMatchObject({ status: 'CREATED' });
  });

  it('another instance reads what one wrote, and the first parses it again only after the other wrote', async () => {
    const other = countingStore(inner, seen);
    await send({ method: 'POST', body: JSON.stringify({ ...CABIN, name: 'Boathouse' }) }, 'key-c', other);
    expect(JSON.stringify(await (await send({}, 'key-c')).json())).toContain('Boathouse');
    const before = snapshot();
    await send({}, 'key-c');
    expect(seen.parsed - before.parsed).toBe(0);
  });

  it('a refused command writes nothing and leaves the world as it was', async () => {
    await send({ method: 'POST', body: JSON.stringify(CABIN) }, 'key-d');
    const text = await worldOf('key-d');
    const before = snapshot();
    const refused = await send({ method: 'POST', body: JSON.stringify({ ...CABIN, coordinates: 'north' }) }, 'key-d');
    expect(refused.status).toBe(400);
    expect(seen.writes - before.writes).toBe(0);
    expect(await worldOf('key-d')).toBe(text);
  });

  it('keeps the log to its last 200 entries, writes nothing for reading it, and does not log the read', async () => {
    for (let call = 0; call < 205; call += 1)
      await sandbox('key-log').handle(new Request('https://api.example/__sandbox/version'));
    expect(await inner.list('key-log')).toHaveLength(200);
    const before = snapshot();
    const read = await sandbox('key-log').handle(new Request('https://api.example/__sandbox/requests?limit=1'));
    expect(((await read.json()) as { requests: { path: string }[] }).requests).toMatchObject([
      { path: '/__sandbox/version' },
    ]);
    expect(seen.writes).toBe(before.writes);
    expect(await inner.list('key-log')).toHaveLength(200);
  });

  it('empties the world of an entry on reset, keeps its log, and makes the world again on the next request', async () => {
    await send({ method: 'POST', body: JSON.stringify(CABIN) }, 'key-e');
    const reset = await sandbox('key-e').handle(new Request('https://api.example/__sandbox/reset', { method: 'POST' }));
    expect(reset.status).toBe(200);
    expect(await worldOf('key-e')).toBeNull();
    const log = await inner.list('key-e');
    expect(JSON.parse(log.at(-1) ?? '{}')).toMatchObject({ method: 'POST', path: '/__sandbox/reset' });
    expect(JSON.stringify(await (await send({}, 'key-e')).json())).not.toContain('Cabin');
  });

  it('runs the requests of one entry one at a time (none redone), and refuses past the queue with 429', async () => {
    const before = snapshot();
    // Commands that each write the entry: moving its clock an hour.
    const posts = Array.from({ length: ENTRY_QUEUE_LIMIT + 8 }, () =>
      sandbox('key-f').handle(
        new Request('https://api.example/__sandbox/clock', {
          method: 'POST',
          headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
          body: JSON.stringify({ advance: 'PT1H' }),
        }),
      ),
    );
    const answers = await Promise.all(posts);
    const statuses = answers.map((answer) => answer.status);
    const refusal = answers.find((answer) => answer.status === 429);
    expect(refusal?.headers.get('retry-after')).toBe('1');
    expect(await refusal?.json()).toEqual({
      message: `Too many requests at once for this sandbox: ${ENTRY_QUEUE_LIMIT} are waiting; send at most ${ENTRY_QUEUE_LIMIT} at a time, or retry in a second`,
    });
    expect(statuses.filter((status) => status === 200)).toHaveLength(ENTRY_QUEUE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    // Each change ran once: no request of the entry met another in the store.
    expect(seen.runs - before.runs).toBe(ENTRY_QUEUE_LIMIT);
    const refused = await send({ method: 'POST', body: JSON.stringify(CABIN) }, 'key-f');
    expect(refused.status).toBe(200);
  });
});

describe('an entry state', () => {
  it('holds the world, and reads one written with the log after it (before the log had a list) as its first line', () => {
    expect(readEntryState('{"version":2}\n{"a":1}\n{"b":2}')).toBe('{"version":2}');
    expect(readEntryState('{"version":2}')).toBe('{"version":2}');
    expect(readEntryState('\n{"a":1}')).toBeNull();
    expect(readEntryState(undefined)).toBeNull();
  });
});
