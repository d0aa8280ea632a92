// Where pages send reader insights. KILOWISE_INSIGHTS_URL names a `next start` instance that takes them (the origin
// of a static host's insights, as https://docs.example.com); unset, the page's own server does, at
// /insights/events, and on a static host without one the widget hides itself (components/feedback/).
import { z } from 'zod';
import { parseWith } from '../validation';

export { INSIGHTS_SERVER_TIMING } from './server-timing';

/** The ingest route's path, on this server or on the one KILOWISE_INSIGHTS_URL names. */
export const INGEST_PATH = '/insights/events';

const insightsUrl = z
  .string()
  .trim()
  .url()
  .refine(
    (value) => /^https?:$/.test(new URL(value).protocol),
    'must be an http(s) URL, such as https://docs.example.com',
  );

/** The configured origin (KILOWISE_INSIGHTS_URL), or undefined; a bad value throws, naming the variable. */
export function insightsOrigin(environment: Record<string, string | undefined> = process.env): string | undefined {
  const value = environment.KILOWISE_INSIGHTS_URL;
  if (value === undefined || value.trim() === '') return undefined;
  return new URL(
    parseWith(z.object({ KILOWISE_INSIGHTS_URL: insightsUrl }), { KILOWISE_INSIGHTS_URL: value }, 'the environment')
      .KILOWISE_INSIGHTS_URL,
  ).origin;
}

/**
 * Where the widget sends: `{origin}/insights/events` when KILOWISE_INSIGHTS_URL is set (`configured`), else this
 * server's /insights/events when the page came from a server of ours (its INSIGHTS_SERVER_TIMING entry).
 */
export function insightsEndpoint(environment: Record<string, string | undefined> = process.env): {
  url: string;
  configured: boolean;
} {
  const origin = insightsOrigin(environment);
  return origin ? { url: `${origin}${INGEST_PATH}`, configured: true } : { url: INGEST_PATH, configured: false };
}
