import type { Outcome } from './command-outcome';
import { pricesChanged } from './events';
import type { World } from './model';
import { WORLD_LIMITS } from './model';
import { areaById } from './prices';

/**
 * Test prices for an area, EUR per MWh keyed by the hour's start (epoch ms): they replace the generated ones at those
 * hours, on top of the test prices the area has, up to the sandbox's bound per area; every schedule there is made
 * again.
 */
export function setTestPrices(world: World, areaId: string, prices: Record<string, number>, now: number): Outcome {
  if (!areaById(areaId)) return { refused: `Spot price area ${areaId} not found`, notFound: true };
  const stored = { ...world.testPrices[areaId], ...prices };
  if (Object.keys(stored).length > WORLD_LIMITS.testPriceHoursPerArea)
    return {
      refused: `The sandbox keeps at most ${WORLD_LIMITS.testPriceHoursPerArea} hours of test prices per area: reset it with POST /__sandbox/reset`,
    };
  world.testPrices[areaId] = stored;
  pricesChanged(world, areaId, now);
  return {};
}
