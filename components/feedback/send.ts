// Sends reader insights from the browser (a plain module, no React): events wait in a queue and go together when
// the page is hidden or left (navigator.sendBeacon), or two seconds after the last one (fetch keepalive); a vote
// goes at once. Where they go is the page's `kilowise-insights` meta (app/layout.tsx); on a static host without
// KILOWISE_INSIGHTS_URL, whose pages carry no Server-Timing of ours, nothing is sent and the widgets stay hidden.
// Under Do Not Track or Global Privacy Control only what the reader volunteers is sent.
import { INSIGHTS_SERVER_TIMING } from '@/lib/insights/server-timing';
import type { InsightsEventInput } from '@/lib/insights/events';

const VOLUNTEERED = new Set<InsightsEventInput['type']>(['feedback', 'sample_flag']);
const BATCH = 50;
let queue: InsightsEventInput[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let available: Promise<string | undefined> | undefined;

/** The endpoint to send to, once known to take events; undefined when there is none. */
export function insightsEndpoint(): Promise<string | undefined> {
  available ??= (async () => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="kilowise-insights"]');
    const url = meta?.content;
    if (!url) return undefined;
    if (meta.dataset.configured === 'true') return url;
    // A server of ours says so in the page's Server-Timing (proxy.ts); a static host does not, and takes nothing.
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation?.serverTiming?.some((entry) => entry.name === INSIGHTS_SERVER_TIMING) ? url : undefined;
  })();
  return available;
}

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

function post(url: string, events: InsightsEventInput[], beacon: boolean): Promise<boolean> {
  const body = JSON.stringify({ events });
  // text/plain needs no CORS preflight; the endpoint reads the body as JSON whatever its type.
  if (beacon && navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) return Promise.resolve(true);
  return fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).then(
    (response) => response.ok,
    // A reader is never told that insights did not go out: it is not theirs to fix.
    () => false,
  );
}

/** Sends what waits, in batches. */
export async function flushInsights(beacon = false): Promise<void> {
  clearTimeout(timer);
  const url = await insightsEndpoint();
  const events = queue;
  queue = [];
  if (!url) return;
  for (let start = 0; start < events.length; start += BATCH)
    await post(url, events.slice(start, start + BATCH), beacon);
}

/** Queues an event; it goes with the next batch. */
export function recordInsight(event: InsightsEventInput): void {
  if (typeof window === 'undefined' || (optedOut() && !VOLUNTEERED.has(event.type))) return;
  queue.push(event);
  clearTimeout(timer);
  timer = setTimeout(() => void flushInsights(), queue.length >= BATCH ? 0 : 2000);
}

/** Sends one event now (a vote, a flag); true once the endpoint took it. */
export async function sendInsight(event: InsightsEventInput): Promise<boolean> {
  const url = await insightsEndpoint();
  return url ? post(url, [event], false) : false;
}

if (typeof window !== 'undefined') {
  addEventListener('pagehide', () => void flushInsights(true));
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushInsights(true);
  });
}
