// Bench: what the request samples cost a reader. 1. picking a language on /api (mobile profile): from the click
// to the picked sample being shown; 2. the sandbox server's answer, as a partner's test suite sees it.
import type { Browser } from '@playwright/test';
import { snapshotContract } from '../../lib/contract/snapshot';
import { createSandboxServer } from '../../lib/sandbox/server';
import { openMobilePage } from './measure-page';
import { listenOnLoopback } from '../testing/loopback';
import { quantile } from './quantile';

/** The languages picked in turn: each switch fetches that language's files the first time. */
const SWITCHES = ['Python', 'Go', 'Java', 'curl', 'Node.js', 'C#', 'PHP', 'Ruby', 'Kotlin', 'JavaScript'];
const OPERATION = 'getLocations';

/** A figure of `values`, which must hold some: a sample that ran nothing has nothing to report. */
const measured = (values: number[], q: number) => {
  const value = quantile(values, q);
  if (Number.isNaN(value)) throw new Error('[bench] nothing was measured');
  return value;
};

/**
 * Click to shown, per switch: the time from the tab's click until its panel holds the sample's code (a slot that
 * still says "Loading" does not count), measured in the page with a MutationObserver, on the mobile profile.
 */
export async function measureLanguageSwitch(
  browser: Browser,
  origin: string,
): Promise<{ switches: number; firstMs: number; p50Ms: number; maxMs: number; slowest: string }> {
  const { context, page } = await openMobilePage(browser);
  await page.goto(`${origin}/api#operation/${OPERATION}`, { waitUntil: 'load' });
  await page.waitForFunction(
    () => document.querySelector('#main-content')?.getAttribute('data-deferred-html') === 'done',
    undefined,
    { timeout: 60_000 },
  );
  const times: number[] = [];
  for (const label of SWITCHES) {
    // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
    const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
      const card = document.getElementById(${JSON.stringify(`operation/${OPERATION}`)});
      const tab = [...(card ? card.querySelectorAll('[role="tab"]') : [])].find((candidate) => candidate.textContent === ${JSON.stringify(label)});
      const panel = tab ? document.getElementById(tab.getAttribute('aria-controls') || '') : null;
      if (!tab || !panel) return reject(new Error('no ${label} tab'));
      const shown = () => !panel.hidden && panel.querySelector('pre code') !== null && panel.querySelector('[aria-busy="true"]') === null;
      const started = performance.now();
      const timer = setTimeout(() => reject(new Error('${label} was not shown within 10 s')), 10000);
      const done = () => { clearTimeout(timer); observer.disconnect(); resolve(performance.now() - started); };
      const observer = new MutationObserver(() => { if (shown()) done(); });
      observer.observe(panel, { attributes: true, childList: true, subtree: true });
      tab.click();
      if (shown()) done();
    })`);
    times.push(ms);
  }
  await context.close();
  // The first pick also loads the generator; the others are what every later pick costs.
  const [first = Number.NaN, ...later] = times;
  const maxMs = Math.max(...later);
  const slowest = SWITCHES[times.indexOf(maxMs)] ?? '';
  return { switches: times.length, firstMs: first, p50Ms: measured(later, 0.5), maxMs, slowest };
}

const REQUESTS = 200;

/** The sandbox server's answer time over loopback, one request after another, from `fetch` to the read body. */
export async function measureSandboxServer(): Promise<{ requests: number; p50Ms: number; p95Ms: number }> {
  const server = createSandboxServer(await snapshotContract(), { log: () => {} });
  const base = await listenOnLoopback(server);
  const paths = [
    '/v2/kilowise/users/user-4711/locations',
    '/v2/kilowise/devices?userId=user-4711',
    '/v2/kilowise/devices/dev-5b1f0c/smart-charging/schedule',
    '/v2/kilowise/countries',
  ];
  const times: number[] = [];
  try {
    for (let index = 0; index < REQUESTS + 20; index += 1) {
      const started = performance.now();
      const response = await fetch(`${base}${paths[index % paths.length] ?? ''}`, {
        headers: { 'x-api-key': 'bench' },
      });
      await response.text();
      if (!response.ok) throw new Error(`[bench] the sandbox server answered ${response.status}`);
      // The first 20 warm the server's code paths and the connection.
      if (index >= 20) times.push(performance.now() - started);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests: times.length, p50Ms: measured(times, 0.5), p95Ms: measured(times, 0.95) };
}
