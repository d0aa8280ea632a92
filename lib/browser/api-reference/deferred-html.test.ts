import { describe, expect, it } from 'vitest';
import { StepCost, upgradeOrder } from './deferred-html';

describe('upgradeOrder', () => {
  it('takes fragments in view first, then those below in page order, then those above from the nearest up', () => {
    const rects: Record<string, { top: number; bottom: number }> = {
      aboveFar: { top: -3000, bottom: -2000 },
      aboveNear: { top: -900, bottom: -10 },
      straddling: { top: -50, bottom: 300 },
      inView: { top: 400, bottom: 700 },
      belowNear: { top: 900, bottom: 1200 },
      belowFar: { top: 5000, bottom: 5400 },
    };
    const order = upgradeOrder(Object.keys(rects), (name) => rects[name] ?? { top: 0, bottom: 0 }, 800);
    expect(order).toEqual(['straddling', 'inView', 'belowNear', 'belowFar', 'aboveNear', 'aboveFar']);
  });
});

describe('StepCost', () => {
  it('predicts by size and moves toward what steps measure', () => {
    const cost = new StepCost(0.1);
    expect(cost.predict(100)).toBeCloseTo(10);
    cost.learn(100, 40);
    expect(cost.predict(100)).toBeCloseTo(19);
    cost.learn(0, 5);
    expect(cost.predict(100)).toBeCloseTo(19);
  });
});
