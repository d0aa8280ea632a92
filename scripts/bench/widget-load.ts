// Bench (#52): what the feedback widgets cost a guide's load on a phone. The same build serves the guide with the
// widgets on, and without its insights header (off: the widgets stay hidden and install nothing), in pairs.
// scripts/bench/page-figures.ts prints the figures.
import type { Browser } from '@playwright/test';
import { measurePage, type PageFigures } from './measure-page';
import { quantile } from './quantile';

/** Pairs of loads: a frame's noise at 4x slowdown is tens of milliseconds, and five medians did not average it out. */
export const WIDGET_PAIRS = 15;

export interface WidgetLoadFigures {
  on: number[];
  off: number[];
  /** Each pair's total blocking time on minus off, in ms. */
  differences: number[];
  /** A load of each kind, with the median blocking time of its kind (for its bytes). */
  onLoad: PageFigures;
  offLoad: PageFigures;
}

/** The load whose blocking time is the median of its kind. */
function medianLoad(loads: PageFigures[]): PageFigures {
  const median = quantile(
    loads.map((load) => load.totalBlockingTimeMs),
    0.5,
  );
  const load = loads.find((each) => each.totalBlockingTimeMs === median);
  if (!load) throw new Error('[bench] no widget load was measured');
  return load;
}

/**
 * Loads `path` with the widgets on and off, WIDGET_PAIRS times each, one pair after the other; the pair's order
 * alternates, so that neither kind always comes second, after the other has warmed the server and the browser.
 */
export async function measureWidgetLoads(browser: Browser, origin: string, path: string): Promise<WidgetLoadFigures> {
  const on: PageFigures[] = [];
  const off: PageFigures[] = [];
  for (let pair = 0; pair < WIDGET_PAIRS; pair += 1) {
    for (const insights of pair % 2 === 0 ? [true, false] : [false, true])
      (insights ? on : off).push(await measurePage(browser, origin, path, { insights }));
  }
  const blocking = (loads: PageFigures[]) => loads.map((load) => load.totalBlockingTimeMs);
  return {
    on: blocking(on),
    off: blocking(off),
    differences: on.map((load, pair) => load.totalBlockingTimeMs - (off[pair]?.totalBlockingTimeMs ?? Number.NaN)),
    onLoad: medianLoad(on),
    offLoad: medianLoad(off),
  };
}
