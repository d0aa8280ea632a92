// The widget's budget (#52): at most 3 KB of gzip for its JavaScript, measured as the pages ship it
// (scripts/bench/widget-size.ts; `npm run bench` prints the same figure).
import { describe, expect, it } from 'vitest';
import { WIDGET_BUDGET_BYTES, widgetGzipBytes } from './widget-size';

describe('the feedback widget', () => {
  it('ships at most 3 KB of gzip JavaScript', async () => {
    const bytes = await widgetGzipBytes();
    // Not empty: a bundle that lost its modules would pass the budget.
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
  });
});
