// Unique visitors counted as Plausible counts them: a hash of the site, the address and the user agent with a salt
// of the day, which the store deletes the day after. The address itself is never stored, and yesterday's hash
// cannot be matched to today's.
import { createHash } from 'node:crypto';

/** The day's visitor id: 32 hex characters of SHA-256 over salt, site, address and user agent. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);
}

/** Programs rather than people: crawlers, AI agents, HTTP libraries and headless browsers. */
const AGENT =
  /bot|crawl|spider|slurp|headless|python|curl|wget|httpclient|go-http|java\/|okhttp|axios|node-fetch|undici|gpt|claude|anthropic|perplexity|mcp/i;

/** Whether a user agent is a program's rather than a person's browser (an empty one counts as a program). */
export function isAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || AGENT.test(userAgent);
}

/** Whether the request asks not to be tracked: `DNT: 1` or Global Privacy Control (`Sec-GPC: 1`). */
export function optsOut(headers: Headers): boolean {
  return headers.get('dnt')?.trim() === '1' || headers.get('sec-gpc')?.trim() === '1';
}
