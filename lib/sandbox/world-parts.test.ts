import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_STATE } from '../store/store';
import type { World } from './domain/model';
import { seedWorld } from './domain/seed';
import { changeWorld, frozenWorld } from './domain/world-draft';
import { note, type TimelineEvent } from './timeline';
import { changedParts, worldFromParts, worldParts } from './world-parts';

const NOW = Date.UTC(2025, 0, 15, 9);

/** `count` events, a minute apart, of a few kinds and devices. */
const events = (count: number): TimelineEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    at: NOW + index * 60_000,
    type: index % 3 === 0 ? 'status-changed' : 'schedule-made',
    deviceId: `dev-${index % 7}`,
  }));

describe('a world as parts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is read back as the world it was, entities in their order, and each entity is a part of its own', () => {
    const world = seedWorld(NOW, null, 'seed');
    world.testPrices = { SE3: { [String(NOW)]: 12.5 }, NO1: { [String(NOW)]: 3 } };
    world.timeline = { events: events(100), statuses: [{ deviceId: 'dev-1', status: 'CHARGING' }] };
    const parts = worldParts(world);
    expect([...parts.keys()].filter((name) => !name.startsWith('events:')).sort()).toEqual(
      [
        'world',
        ...world.users.map((user) => `user:${user.id}`),
        ...world.devices.map((device) => `device:${device.id}`),
        'prices:NO1',
        'prices:SE3',
        'timeline',
      ].sort(),
    );
    expect(worldFromParts(parts)).toEqual(JSON.parse(JSON.stringify(world)));
    expect(worldFromParts(parts)?.devices.map((device) => device.id)).toEqual(world.devices.map((device) => device.id));
  });

  it("keeps the timeline's events in runs cut by their content: a new event, or the oldest dropped, changes a run or two", () => {
    const world = seedWorld(NOW, null, 'seed');
    const eventParts = (list: TimelineEvent[]) => {
      world.timeline = { events: list, statuses: [] };
      return new Map([...worldParts(world)].filter(([name]) => name.startsWith('events:')));
    };
    const all = events(501);
    const full = eventParts(all.slice(0, 500));
    // Runs of 16 on average, none past 64.
    expect(full.size).toBeGreaterThan(15);
    for (const text of full.values()) expect((JSON.parse(text) as unknown[]).length).toBeLessThanOrEqual(64);
    // One more, and the oldest dropped (as the timeline keeps its 500): the last run and the first change.
    const next = eventParts(all.slice(1, 501));
    const write = changedParts(next, full);
    expect(write?.size).toBeGreaterThan(0);
    expect(write?.size).toBeLessThanOrEqual(4);
    expect(worldFromParts(worldParts(world))?.timeline?.events).toEqual(all.slice(1, 501));
  });

  it('serialises of a world changed on a draft only what the draft changed: the rest keeps the text made before', () => {
    const seeded = seedWorld(NOW, null, 'seed');
    seeded.testPrices = { SE3: { [String(NOW)]: 12.5 }, NO1: { [String(NOW)]: 3 } };
    const start = frozenWorld(seeded);
    const entities = (world: World): object[] => [
      ...world.users,
      ...world.devices,
      ...Object.values(world.testPrices),
      ...(world.timeline?.events ?? []),
    ];
    expect(entities(start).length).toBeGreaterThan(10);
    const first = worldParts(start);
    const stringify = vi.spyOn(JSON, 'stringify');
    const serialised = () => new Set(stringify.mock.calls.map(([value]: unknown[]) => value));
    // The same world again: only the core and the timeline's list of parts, which name entities and hold none.
    expect(worldParts(start)).toEqual(first);
    expect(entities(start).filter((entity) => serialised().has(entity))).toEqual([]);
    stringify.mockClear();
    const next = changeWorld(start, (draft) => {
      const charger = draft.devices.find((device) => device.type === 'EV_CHARGER');
      if (charger) charger.sim.soc = 12;
      note(draft, { at: NOW, type: 'plugged-in', deviceId: charger?.id });
    });
    const parts = worldParts(next);
    const made = entities(next).filter((entity) => serialised().has(entity));
    expect(made).toEqual([next.devices.find((device) => device.type === 'EV_CHARGER'), next.timeline?.events.at(-1)]);
    // And the texts kept are the texts: the same parts as a world of new objects, each serialised, gives.
    expect(parts).toEqual(worldParts(structuredClone(next)));
  });

  it('reads a world written whole before parts, and prefers it: a write of parts removes it, so it is the newer', () => {
    const world = seedWorld(NOW, null, 'seed');
    const whole = { ...world, seq: 99 };
    const parts = new Map([...worldParts(world), [WHOLE_STATE, `${JSON.stringify(whole)}\n{"log":1}`]]);
    expect(worldFromParts(parts)?.seq).toBe(99);
    expect(worldFromParts(undefined)).toBeUndefined();
    expect(worldFromParts(new Map())).toBeUndefined();
  });

  it('starts again, saying so, from parts of which one is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const parts = worldParts(seedWorld(NOW, null, 'seed'));
    const device = [...parts.keys()].find((name) => name.startsWith('device:')) ?? '';
    parts.delete(device);
    expect(worldFromParts(parts)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      "[kilowise] the stored sandbox's parts are not readable; starting a new one.",
      new Error(`the part ${device} is missing`),
    );
  });

  it('writes the parts whose text differs, removes those gone, and nothing when none differs', () => {
    const stored = new Map([
      ['world', 'a'],
      ['device:1', 'b'],
      ['', 'whole'],
    ]);
    expect(
      changedParts(
        new Map([
          ['world', 'a'],
          ['device:1', 'b'],
          ['', 'whole'],
        ]),
        stored,
      ),
    ).toBeUndefined();
    expect(
      Object.fromEntries(
        changedParts(
          new Map([
            ['world', 'a'],
            ['device:1', 'c'],
            ['device:2', 'd'],
          ]),
          stored,
        ) ?? [],
      ),
    ).toEqual({ 'device:1': 'c', 'device:2': 'd', '': null });
    expect(Object.fromEntries(changedParts(new Map([['world', 'a']]), undefined) ?? [])).toEqual({ world: 'a' });
  });
});
