// Playing the world to a time is a pure function (#51): the world given is frozen and played a day on; what comes
// back is what playing it in place gives, and the world given is as it was. A read of the sandbox plays its world so.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../../contract/operation-contract';
import { snapshotContract } from '../../contract/snapshot';
import { createSandbox } from '../sandbox';
import { statusWatcher } from '../status-watch';
import { sandboxClient } from '../test-client';
import type { World } from './model';
import { playTo } from './play';
import { SAMPLE_CAR, seedWorld } from './seed';
import { advance } from './simulate';
import { DAY_MS } from './zones';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

const sessionsOf = (world: World) => world.devices.find((device) => device.id === SAMPLE_CAR)?.sessions ?? [];

describe('playTo', () => {
  it('plays a frozen world a day on, leaving it as it was, to what playing it in place gives', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const text = JSON.stringify(world);
    const played = playTo(world, NOW + DAY_MS);
    expect(JSON.stringify(world)).toBe(text);
    expect(played.simulatedTo).toBe(NOW + DAY_MS);
    // The car plugged in two hours before NOW charged overnight: a session more, and events on the timeline.
    expect(sessionsOf(played).length).toBe(sessionsOf(world).length + 1);
    expect(played.timeline?.events.length).toBeGreaterThan(world.timeline?.events.length ?? 0);
    const inPlace = structuredClone(world) as World;
    advance(inPlace, NOW + DAY_MS, statusWatcher(inPlace));
    expect(played).toEqual(inPlace);
  });
});

describe("a sandbox's read", () => {
  let contract: OperationContract;
  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  it('plays the world it keeps forward on a copy, and changes nothing of the one it had', async () => {
    let now = NOW;
    const sandbox = createSandbox(contract, { now: () => new Date(now) });
    const call = sandboxClient(contract, sandbox);
    const before = deepFreeze(sandbox.world());
    const text = JSON.stringify(before);
    now += DAY_MS;
    expect((await call('GET', `/v2/kilowise/devices/${SAMPLE_CAR}/smart-charging/sessions`)).status).toBe(200);
    expect((await call('GET', '/__sandbox/events')).status).toBe(200);
    expect(JSON.stringify(before)).toBe(text);
    expect(sandbox.world().simulatedTo).toBe(now);
  });
});
