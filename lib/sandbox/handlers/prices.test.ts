// The spot price handlers on their own (spot-prices.mdx): which queries are a bad request (400) and which are a period
// without prices (404), as the contract's getSpotPrices answers them.
import { beforeEach, describe, expect, it } from 'vitest';
import { handlerCaller } from '../../../scripts/testing/handler-call';
import type { World } from '../domain/model';
import { SAMPLE_USER, seedWorld } from '../domain/seed';
import { priceHandlers } from './prices';

const NOW = Date.parse('2025-03-14T10:00:00Z');
let world: World;
beforeEach(() => {
  world = seedWorld(NOW, NOW);
});

const call = handlerCaller(priceHandlers, () => ({ world, now: NOW, userId: SAMPLE_USER }));
const prices = (startDateTime: string, endDateTime: string, areaId = 'SE3') =>
  call('getSpotPrices', { params: { areaId, startDateTime, endDateTime } });

describe('getSpotPrices', () => {
  it('as /docs/spot-prices says (the end is exclusive), is 400 naming both parameters when the end is not after the start', () => {
    expect(prices('2025-03-14T21:00:00+01:00', '2025-03-14T17:00:00+01:00')).toEqual({
      status: 400,
      body: {
        message:
          'Parameters "startDateTime" and "endDateTime" (query): the end must be after the start, got 2025-03-14T21:00:00+01:00 to 2025-03-14T17:00:00+01:00',
      },
    });
    // The same instant in two offsets is an empty period too.
    expect(prices('2025-03-14T17:00:00+01:00', '2025-03-14T16:00:00Z').status).toBe(400);
    expect(prices('2025-03-14T17:00:00+01:00', '2025-03-14T17:00:01+01:00').status).toBe(200);
  });

  it('is 404 for a well-formed period whose prices are not out yet, and for an unknown area', () => {
    expect(prices('2025-03-20T00:00:00+01:00', '2025-03-21T00:00:00+01:00')).toEqual({
      status: 404,
      body: { message: 'No spot prices for SE3 between 2025-03-20T00:00:00+01:00 and 2025-03-21T00:00:00+01:00' },
    });
    expect(prices('2025-03-14T17:00:00+01:00', '2025-03-14T21:00:00+01:00', 'XX9').status).toBe(404);
  });
});
