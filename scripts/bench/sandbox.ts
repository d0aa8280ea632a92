import type { Browser } from '@playwright/test';
import { openMobilePage } from './measure-page';

/** The requests timed: reads and writes of the modelled resources, and reads answered from examples. */
const REQUESTS: { method: string; path: string; body?: unknown; headers?: Record<string, string> }[] = [
  { method: 'GET', path: '/v2/kilowise/users/user-4711/locations' },
  {
    method: 'POST',
    path: '/v2/kilowise/users/user-4711/locations',
    body: {
      name: 'Bench',
      coordinates: { latitude: 59.3, longitude: 18.1 },
      countryCode: 'SE',
      postalCode: '11455',
      streetAddress: 'Storgatan 1',
      city: 'Stockholm',
    },
  },
  { method: 'GET', path: '/v2/kilowise/devices?userId=user-4711' },
  { method: 'GET', path: '/v2/kilowise/devices/dev-5b1f0c/smart-charging/ev-preferences' },
  {
    method: 'GET',
    path: '/v2/kilowise/spot-prices/SE3?startDateTime=2025-03-14T00:00:00%2B01:00&endDateTime=2025-03-15T00:00:00%2B01:00',
  },
  { method: 'GET', path: '/v2/kilowise/devices/dev-5b1f0c/smart-charging/schedule' },
];
const ROUNDS = 10;

/** Median and 95th percentile of the sandbox's answer time, from `fetch` to the parsed body, on the mobile profile. */
export async function measureSandbox(
  browser: Browser,
  origin: string,
  serverUrl: string,
): Promise<{ samples: number; p50Ms: number; p95Ms: number }> {
  const { context, page } = await openMobilePage(browser);
  await page.goto(`${origin}/playground`, { waitUntil: 'load' });
  // Send request is enabled once the sandbox answers.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some(
        (button) => button.textContent === 'Send request' && !button.disabled,
      ),
    undefined,
    { timeout: 30_000 },
  );
  const times = await page.evaluate(
    async ({ requests, rounds, serverUrl }) => {
      const measured: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        for (const request of requests) {
          const started = performance.now();
          const response = await fetch(`${serverUrl}${request.path}`, {
            method: request.method,
            headers: { 'x-api-key': 'bench', 'content-type': 'application/json' },
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
          });
          if (response.headers.get('x-kilowise-sandbox') !== 'true' || response.status >= 400) {
            throw new Error(`${request.method} ${request.path}: ${response.status}, not a sandbox answer`);
          }
          await response.text();
          measured.push(performance.now() - started);
        }
      }
      return measured;
    },
    { requests: REQUESTS, rounds: ROUNDS, serverUrl },
  );
  await context.close();
  if (times.length !== REQUESTS.length * ROUNDS)
    throw new Error(`[bench] the sandbox answered ${times.length} of ${REQUESTS.length * ROUNDS} requests`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
  return { samples: times.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}
