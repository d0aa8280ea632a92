// What a stored sandbox writes of a world filled to its bounds: the parts a command changed (lib/sandbox/world-parts.ts),
// with nothing lost to two instances at once, and an entry written whole before worlds had parts read and upgraded.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { WHOLE_STATE, wholeState, type StateStore } from '../store/store';
import type { World } from './domain/model';
import { createSandbox } from './sandbox';
import { storedSandbox } from './stored';
import { SAMPLE_DEVICES } from './test-client';
import { createSchemaValidator, type SchemaValidator } from './validator';
import { worldFromParts, worldParts } from './world-parts';
import { fillWorld } from '../../scripts/testing/full-world';
import { CABIN } from '../../scripts/testing/locations';
import { sandboxTestStores } from '../../scripts/testing/sandbox-stores';
import { countingStore, noWrites } from '../../scripts/testing/store-writes';

const STORES = sandboxTestStores();
let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 120_000);

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

  it("serialises and copies of a full world what a command or a read changed, not the world (#55: its cost does not grow with the world's)", async () => {
    await inner.remove('full');
    await inner.update('full', () => ({ result: undefined, state: worldParts(full) }), { create: true });
    const instance = host(countingStore(inner, noWrites()));
    const worldBytes = [...(await stored()).values()].reduce((sum, text) => sum + text.length, 0);
    // The first command after the world is read from the store serialises it whole, once: the texts are then kept.
    expect((await instance.send(...control(SAMPLE_DEVICES.charger, { pluggedIn: false }))).status).toBe(200);
    const stringify = vi.spyOn(JSON, 'stringify');
    const clone = vi.spyOn(globalThis, 'structuredClone');
    const serialised = () =>
      stringify.mock.results.reduce((sum, { value }: { value: unknown }) => sum + String(value ?? '').length, 0);
    try {
      expect((await instance.send(...control(SAMPLE_DEVICES.charger, { pluggedIn: true }))).status).toBe(200);
      // The charger (with its 20 sessions), the core, the timeline's statuses and last run, the answer and the log.
      expect(serialised()).toBeLessThan(worldBytes / 20);
      stringify.mockClear();
      expect((await instance.send(`/v2/status/${SAMPLE_DEVICES.charger}`)).status).toBe(200);
      expect(serialised()).toBeLessThan(worldBytes / 100);
      expect(clone).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
      clone.mockRestore();
    }
    expect(
      JSON.stringify((await worldOf())?.devices.find((device) => device.id === SAMPLE_DEVICES.charger)?.sim),
    ).toContain('"pluggedIn":true');
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
