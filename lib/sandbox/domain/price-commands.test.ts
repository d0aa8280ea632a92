// The test prices command (#51): it leaves the world it is given as it was (frozen here), a refused one changes
// nothing, and a carried-out one keeps the prices on top of those the area had and makes the schedules there again.
import { describe, expect, it } from 'vitest';
import { deepFreeze, done, expectRefusals } from './command-test-kit';
import { execute } from './commands';
import { WORLD_LIMITS } from './model';
import { seedWorld } from './seed';
import { HOUR_MS } from './zones';

const NOW = Date.parse('2025-01-15T10:20:00+01:00');
const HOUR = Date.parse('2025-01-15T18:00:00+01:00');

/** `count` hours of one price from `from`, keyed as the command takes them. */
const hours = (from: number, count: number, price = 50) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [String(from + index * HOUR_MS), price]));

describe('set-test-prices', () => {
  it('refuses an area the sandbox does not know, and prices past the bound of an area', () => {
    const world = seedWorld(NOW, NOW);
    world.testPrices.SE3 = hours(HOUR, WORLD_LIMITS.testPriceHoursPerArea);
    expectRefusals(world, NOW, [
      [
        { type: 'set-test-prices', areaId: 'XX9', prices: hours(HOUR, 1) },
        { refused: 'Spot price area XX9 not found', notFound: true },
      ],
      [
        { type: 'set-test-prices', areaId: 'SE3', prices: hours(HOUR - HOUR_MS, 1) },
        {
          refused: `The sandbox keeps at most ${WORLD_LIMITS.testPriceHoursPerArea} hours of test prices per area: reset it with POST /__sandbox/reset`,
        },
      ],
    ]);
  });

  it('keeps the prices on top of those the area had, and notes them on the timeline', () => {
    const world = deepFreeze(seedWorld(NOW, NOW));
    const first = done(execute(world, { type: 'set-test-prices', areaId: 'SE3', prices: hours(HOUR, 2, 10) }, NOW));
    const second = done(
      execute(first.world, { type: 'set-test-prices', areaId: 'SE3', prices: hours(HOUR + HOUR_MS, 2, 20) }, NOW),
    );
    expect(second.world.testPrices.SE3).toEqual({ ...hours(HOUR, 1, 10), ...hours(HOUR + HOUR_MS, 2, 20) });
    expect(second.events[0]).toEqual({ at: NOW, type: 'test-prices-posted', spotPriceAreaId: 'SE3' });
    expect(second.world.touched).toBe(true);
    expect(world.testPrices).toEqual({});
  });
});
