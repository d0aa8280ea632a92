// Where a sandbox's world lives between requests: a tab's sessionStorage (readWorld reads it) or an entry of a store shared by
// the server's instances (storedSandbox), which must keep every write and no more than it needs.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createMemoryStore } from '../store/memory';
import { connectRedis, createRedisStore, type RedisConnection } from '../store/redis';
import { WHOLE_STATE, wholeState, type StateStore } from '../store/store';
import type { World } from './domain/model';
import { createSandbox } from './sandbox';
import { emptyWorld } from './domain/world';
import { sandboxStoreLimits } from './server';
import { readWorld } from './state';
import { ENTRY_QUEUE_LIMIT } from './entry-queue';
import { storedSandbox } from './stored';
import { readEntryState, worldFromParts, worldParts } from './world-parts';
import { REDIRECT, SAMPLE_DEVICES } from './test-client';
import { createSchemaValidator, type SchemaValidator } from './validator';
import { CABIN } from '../../scripts/testing/locations';
import { startRedis, type TestRedis } from '../../scripts/testing/redis';
import { fillWorld } from '../../scripts/testing/full-world';
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

let contract: OperationContract;
let redis: TestRedis;
let connection: RedisConnection;

beforeAll(async () => {
  contract = await snapshotContract();
  redis = await startRedis();
  connection = connectRedis(redis.url, () => {});
}, 120_000);

afterAll(async () => {
  await connection.close();
  await redis.stop();
});

const STORES: [string, () => StateStore][] = [
  ['in-memory', () => createMemoryStore(sandboxStoreLimits(10))],
  [
    'Redis',
    () =>
      createRedisStore(connection, sandboxStoreLimits(10), { prefix: `test-${randomUUID()}:`, namespace: 'sandbox' }),
  ],
];

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

describe.each(STORES)('a command through storedSandbox on the %s store', (_name, make) => {
  const NOW = new Date('2025-03-14T12:00:00Z');
  const CONTROL = 'https://api.example/__sandbox/devices/';
  let inner: StateStore;
  /** A world filled to the sandbox's bounds (about 850 KB of JSON), made once in this process. */
  let full: World;
  let validator: SchemaValidator;

  beforeAll(async () => {
    inner = make();
    validator = createSchemaValidator(contract.defs);
    const filler = createSandbox(contract, { now: () => NOW });
    await fillWorld(contract, filler);
    full = filler.world();
  }, 60_000);

  const host = (on: StateStore) => ({
    send: (path: string, method = 'GET', body?: unknown) =>
      storedSandbox(contract, on, 'full', { validator, create: true, now: () => NOW }).handle(
        new Request(path.startsWith('/') ? `https://api.example${path}` : path, {
          method,
          headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'x-user-id': 'user-4711' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
  });
  const stored = async () => (await inner.update('full', (state) => ({ result: state }))) ?? new Map<string, string>();
  const worldOf = async () => worldFromParts(await stored());
  const control = (deviceId: string, changes: Record<string, unknown>) =>
    [`${CONTROL}${deviceId}`, 'PATCH', changes] as const;
  /** The same request on the same world in a sandbox of its own: the world the store must hold after it. */
  const expected = async (world: World, ...[path, method, body]: ReturnType<typeof control>) => {
    const sandbox = createSandbox(contract, { world: structuredClone(world), now: () => NOW });
    const answer = await sandbox.handle(
      new Request(path, {
        method,
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(answer.status).toBe(200);
    return sandbox.world();
  };

  it('writes only the parts a command changed on a full world: a few KB of its 850, and the store holds the world it made', async () => {
    await inner.remove('full');
    await inner.update('full', () => ({ result: undefined, state: worldParts(full) }), { create: true });
    const seen = noWrites();
    const instance = host(countingStore(inner, seen));
    // The first request of this instance reads the world; the command then starts from the world it keeps.
    expect((await instance.send('/__sandbox/version')).status).toBe(200);
    const before = await stored();
    const worldBytes = [...before.values()].reduce((sum, text) => sum + text.length, 0);
    expect(worldBytes).toBeGreaterThan(800_000);
    // A command that changes nothing (the charger is online already) writes nothing.
    expect((await instance.send(...control(SAMPLE_DEVICES.charger, { online: true }))).status).toBe(200);
    expect(seen.writes).toBe(0);
    const command = control(SAMPLE_DEVICES.charger, { pluggedIn: true });
    const answer = await instance.send(...command);
    expect(answer.status).toBe(200);
    expect(seen.writes).toBe(1);
    // What changed, and nothing else: the charger, and the timeline's new event (its last run of events, whose name
    // is its content's: the run before is removed).
    const after = await stored();
    const changed = [...after].filter(([name, text]) => before.get(name) !== text).map(([name]) => name);
    const removed = [...before.keys()].filter((name) => !after.has(name));
    expect(changed.filter((name) => !name.startsWith('events:')).sort()).toEqual(['device:dev-77a0d2', 'timeline']);
    expect(changed.length + removed.length).toBeLessThanOrEqual(5);
    const changedBytes = changed.reduce((sum, name) => sum + (after.get(name)?.length ?? 0), 0);
    expect(seen.partsWritten).toBe(changed.length + removed.length);
    expect(seen.bytesWritten).toBe(changedBytes);
    expect(seen.bytesWritten).toBeLessThan(worldBytes / 100);
    expect(JSON.stringify(await worldOf())).toBe(JSON.stringify(await expected(full, ...command)));
  }, 30_000);

  it('loses nothing of two instances changing different devices, or the same device, at once', async () => {
    await inner.remove('full');
    await inner.update('full', () => ({ result: undefined, state: worldParts(full) }), { create: true });
    const seen = noWrites();
    const first = countingStore(inner, seen);
    const second = host(countingStore(inner, noWrites()));
    // The first instance's change waits, once it has run, until the second has written: its write then meets the
    // second's, and it runs again on the second's state.
    const held = (commands: ReturnType<typeof control>, other: ReturnType<typeof control>) => {
      let reached!: () => void;
      const ran = new Promise<void>((resolve) => (reached = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let runs = 0;
      const gated: StateStore = {
        ...first,
        update: (id, change, options) =>
          first.update(
            id,
            async (state, meta) => {
              const answer = await change(state, meta);
              runs += 1;
              if (runs === 1) {
                reached();
                await gate;
              }
              return answer;
            },
            options,
          ),
      };
      return (async () => {
        const answer = host(gated).send(...commands);
        await ran;
        expect((await second.send(...other)).status).toBe(200);
        release();
        expect((await answer).status).toBe(200);
        return runs;
      })();
    };
    // Different devices: a fault on the charger on one, the heat pump offline on the other.
    const charger = control(SAMPLE_DEVICES.charger, { fault: 'GroundFailure' });
    expect(await held(charger, control(SAMPLE_DEVICES.heatPump, { online: false }))).toBe(2);
    // The same device: the car's state of charge on one, its cable out on the other.
    expect(
      await held(control(SAMPLE_DEVICES.car, { soc: 55 }), control(SAMPLE_DEVICES.car, { pluggedIn: false })),
    ).toBe(2);
    const world = await worldOf();
    const device = (id: string) => world?.devices.find((candidate) => candidate.id === id)?.sim;
    expect(device(SAMPLE_DEVICES.charger)).toMatchObject({ fault: 'GroundFailure' });
    expect(device(SAMPLE_DEVICES.heatPump)).toMatchObject({ online: false });
    expect(device(SAMPLE_DEVICES.car)).toMatchObject({ pluggedIn: false, soc: 55 });
    expect(world?.users).toHaveLength(full.users.length);
  }, 30_000);

  it('reads an entry written whole (the world, then the log after it), and writes it as parts on its first command', async () => {
    await inner.remove('full');
    const old = createSandbox(contract, { now: () => NOW });
    await old.handle(
      new Request('https://api.example/v2/kilowise/users/user-4711/locations', {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: JSON.stringify({ ...CABIN, name: 'Boathouse' }),
      }),
    );
    const whole = `${JSON.stringify(old.world())}\n{"method":"POST"}`;
    await inner.update('full', () => ({ result: undefined, state: wholeState(whole) }), { create: true });
    const instance = host(countingStore(inner, noWrites()));
    const listed = await instance.send('https://api.example/v2/kilowise/users/user-4711/locations');
    expect(JSON.stringify(await listed.json())).toContain('Boathouse');
    expect([...(await stored()).keys()]).toEqual([WHOLE_STATE]);
    expect((await instance.send(...control(SAMPLE_DEVICES.car, { soc: 42 }))).status).toBe(200);
    const parts = await stored();
    expect(parts.has(WHOLE_STATE)).toBe(false);
    expect(parts.has('world')).toBe(true);
    const world = await worldOf();
    expect(JSON.stringify(world?.users)).toContain('Boathouse');
    expect(world?.devices.find((device) => device.id === SAMPLE_DEVICES.car)?.sim.soc).toBe(42);
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
