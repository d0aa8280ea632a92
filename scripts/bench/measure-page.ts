import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

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
/** The page is idle once its deferred work is done and no long task has run for this long. */
const QUIET_MS = 1000;
/** A page that is not idle by then fails the bench. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * The gzipped size of a file the page loaded, fetched again from the server (its chunks are immutable):
 * the browser may drop a response body before it can be read, and a size that cannot be read must fail
 * the bench, never count as 0.
 */
export async function gzippedSize(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`[bench] ${url} answered ${response.status()} when its size was read`);
  return gzipSync(await response.body(), { level: 6 }).length;
}

/** A new page with the mobile profile: a mid-range phone's screen and a 4x slower CPU. Close its context when done. */
export async function openMobilePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * The long tasks of the page and of its frames (a playground's preview is a frame of its own), each once:
 * where frames share a thread, each of them may see the same task, so tasks are matched by their time.
 */
async function longTasksOfAllFrames(page: Page): Promise<number[]> {
  const seen = new Map<string, number>();
  for (const frame of page.frames()) {
    const tasks = await frame.evaluate(() => {
      const list = (window as unknown as { __longTasks?: { start: number; duration: number }[] }).__longTasks ?? [];
      return list.map((task) => ({ at: performance.timeOrigin + task.start, duration: task.duration }));
    });
    for (const task of tasks) seen.set(`${Math.round(task.at)}:${Math.round(task.duration)}`, task.duration);
  }
  return [...seen.values()];
}

/**
 * Serves `path` as a static host does, without the `Server-Timing` entry by which a server of ours says it takes
 * insights: the feedback widgets then stay hidden, install no listener and send nothing (components/feedback/send.ts),
 * while their code still loads and runs that far.
 */
async function hideInsights(page: Page, origin: string, path: string): Promise<void> {
  await page.route(`${origin}${path}`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['server-timing'];
    await route.fulfill({ response, headers });
  });
}

/** Fails the load when its feedback widgets are not as asked: on (`data-insights="on"`, static-widgets.ts) or off. */
async function expectInsights(page: Page, path: string, insights: boolean): Promise<void> {
  const on = await page.evaluate(() => document.documentElement.dataset.insights === 'on');
  if (on !== insights)
    throw new Error(
      `[bench] ${path}: the feedback widgets were ${on ? 'on' : 'off'}, where the load wanted them the other way`,
    );
}

/**
 * Loads `url` once in a fresh mobile context with a 4x slower CPU and measures it. With `insights` given, the
 * load fails unless the feedback widgets are on (true) or off (false: hideInsights).
 */
export async function measurePage(
  browser: Browser,
  origin: string,
  path: string,
  { insights }: { insights?: boolean } = {},
): Promise<PageFigures> {
  const { context, page } = await openMobilePage(browser);
  if (insights === false) await hideInsights(page, origin, path);
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`[bench] ${path} answered ${response?.status()}`);
  // Long tasks count until the page is idle: work deferred past load (the /api details) done, then quiet.
  await page
    .waitForFunction(
      (quietMs) => {
        if (document.querySelector('[data-deferred-html="pending"]')) return false;
        const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
        const lastEnd = Math.max(0, ...tasks.map((task) => task.start + task.duration));
        return performance.now() - lastEnd >= quietMs;
      },
      QUIET_MS,
      { timeout: IDLE_TIMEOUT_MS, polling: 100 },
    )
    .catch((error: unknown) => {
      throw new Error(`[bench] ${path} was not idle within ${IDLE_TIMEOUT_MS / 1000} s`, { cause: error });
    });
  if (insights !== undefined) await expectInsights(page, path, insights);
  const tasks = await longTasksOfAllFrames(page);
  const scriptSizes = await Promise.all([...scripts].map((url) => gzippedSize(page.request, url)));
  const htmlGzipBytes = await gzippedSize(page.request, `${origin}${path}`);
  await context.close();
  return {
    path,
    jsGzipBytes: scriptSizes.reduce((sum, size) => sum + size, 0),
    htmlGzipBytes,
    longTasks: tasks.length,
    totalBlockingTimeMs: Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
  };
}
