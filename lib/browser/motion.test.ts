import { describe, expect, it } from 'vitest';
import { collapseDuration, nextScrollPosition, SMOOTH_SCROLL_EASING } from './motion';

describe('collapseDuration', () => {
  it('grows with the content height, ever more slowly', () => {
    const small = collapseDuration(100, false);
    const medium = collapseDuration(400, false);
    const large = collapseDuration(1600, false);
    expect(small).toBeGreaterThan(0);
    expect(medium).toBeGreaterThan(small);
    expect(large).toBeGreaterThan(medium);
    expect(large - medium).toBeLessThan((medium - small) * 4);
    // 360 px: 4 + 15 × 10^0.25 + 10/5 = 32.67, so 327 ms.
    expect(collapseDuration(360, false)).toBe(327);
  });

  it('is zero under reduced motion and for empty content', () => {
    expect(collapseDuration(400, true)).toBe(0);
    expect(collapseDuration(0, false)).toBe(0);
  });
});

describe('nextScrollPosition', () => {
  it('leaves the easing share of the remaining distance each frame, and snaps within a pixel', () => {
    expect(nextScrollPosition(0, 1000)).toBe(1000 - 1000 * SMOOTH_SCROLL_EASING);
    expect(nextScrollPosition(0, 1000, 0.5)).toBe(500);
    expect(nextScrollPosition(0, 1000)).toBe(150);
    expect(nextScrollPosition(1000, 0)).toBe(850);
    expect(nextScrollPosition(999.5, 1000)).toBe(1000);
  });

  it('arrives in a bounded number of frames', () => {
    let position = 0;
    let frames = 0;
    while (position !== 3000 && frames < 100) {
      position = nextScrollPosition(position, 3000);
      frames += 1;
    }
    expect(position).toBe(3000);
    expect(frames).toBeLessThan(60);
  });
});
