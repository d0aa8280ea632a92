import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/** What one mobile page load costs. */
export interface PageFigures {
  path: string;
  /** Sum of the page's JavaScript, each file gzipped at level 6 (what `next start` sends). */
  jsGzipBytes: number;
  htmlGzipBytes: number;
  /** Main-thread tasks over 50 ms during load, and the time they block past 50 ms each. */
  longTasks: number;
  totalBlockingTimeMs: number;
  longestTaskMs: number;
}

/** A mid-range phone: what Lighthouse's mobile run emulates. */
export const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2000;

/** Loads `url` once in a fresh mobile context with a 4x slower CPU and measures it. */
export async function measurePage(browser: Browser, origin: string, path: string): Promise<PageFigures> {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 6 }).length, () => 0));
    }
  });
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`[bench] ${path} answered ${response?.status()}`);
  const html = await response.body();
  await page.waitForTimeout(SETTLE_MS);
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const scriptSizes = await Promise.all(scripts);
  await context.close();
  return {
    path,
    jsGzipBytes: scriptSizes.reduce((sum, size) => sum + size, 0),
    htmlGzipBytes: gzipSync(html, { level: 6 }).length,
    longTasks: tasks.length,
    totalBlockingTimeMs: Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
  };
}
