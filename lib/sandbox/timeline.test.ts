// The timeline's bounds and reading (sandbox.mdx, "The timeline"): what the simulation noted, 500 events at most.
import { describe, expect, it } from 'vitest';
import { eventsBetween, forgetAfter, note, TIMELINE_EVENTS, type WithTimeline } from './timeline';

describe('the timeline', () => {
  it('keeps the last 500 events noted', () => {
    const world: WithTimeline = {};
    for (let at = 0; at < TIMELINE_EVENTS + 75; at += 1) note(world, { at, type: 'prices-published' });
    expect(world.timeline?.events).toHaveLength(TIMELINE_EVENTS);
    expect(world.timeline?.events[0]?.at).toBe(75);
  });

  it('reads the events from since to now, oldest first, one noted for later waiting for its time', () => {
    const world: WithTimeline = {};
    note(world, { at: 3_000, type: 'offline', deviceId: 'dev-1' });
    note(world, { at: 1_000, type: 'heartbeat-missed', deviceId: 'dev-1' });
    note(world, { at: 500, type: 'plugged-in', deviceId: 'dev-2' });
    expect(eventsBetween(world, 0, 2_000)).toEqual([
      { at: '1970-01-01T00:00:00.500Z', type: 'plugged-in', deviceId: 'dev-2' },
      { at: '1970-01-01T00:00:01.000Z', type: 'heartbeat-missed', deviceId: 'dev-1' },
    ]);
    expect(eventsBetween(world, 1_000, 3_000).map((event) => event.type)).toEqual(['heartbeat-missed', 'offline']);
    forgetAfter(world, 'dev-1', 2_000, ['offline']);
    expect(eventsBetween(world, 0, 5_000).map((event) => event.type)).toEqual(['plugged-in', 'heartbeat-missed']);
    expect(eventsBetween({}, 0, 5_000)).toEqual([]);
    // Within one instant, in the order noted (cause before effect), whatever the types.
    note(world, { at: 4_000, type: 'session-started', deviceId: 'dev-2' });
    note(world, { at: 4_000, type: 'status-changed', deviceId: 'dev-2', from: 'A', to: 'B' });
    note(world, { at: 4_000, type: 'unplugged', deviceId: 'dev-2' });
    note(world, { at: 4_000, type: 'status-changed', deviceId: 'dev-2', from: 'B', to: 'C' });
    expect(eventsBetween(world, 4_000, 4_000).map((event) => event.type)).toEqual([
      'session-started',
      'status-changed',
      'unplugged',
      'status-changed',
    ]);
  });
});
