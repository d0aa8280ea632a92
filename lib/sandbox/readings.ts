import { clockNow, parseDateTime } from './domain/clock';
import { playTo } from './domain/play';
import type { Answer } from './handlers';
import { LOG_ENTRIES, type LogFilter, type RequestLog } from './request-log';
import { eventsBetween } from './timeline';
import type { World } from './domain/model';

/**
 * The two controls that read rather than change: `GET /__sandbox/requests` (the request log) and `GET
 * /__sandbox/events` (the timeline). Their query parameters are checked as the contract's are: an unknown or bad one
 * is a 400 with the `Error` body naming it.
 */

const refuse = (message: string): Answer => ({ status: 400, body: { message } });
const label = (name: string) => `Parameter "${name}" (query)`;

/** A parameter other than `allowed`, or one given twice: either is a mistake the reader should hear of. */
function strayParameter(query: URLSearchParams, allowed: readonly string[]): string | undefined {
  for (const name of new Set(query.keys())) {
    const shown = name.slice(0, 100);
    if (!allowed.includes(name))
      return `${label(shown)} is not one this control reads; it reads ${allowed.map((each) => `"${each}"`).join(' and ')}`;
    if (query.getAll(name).length > 1) return `${label(shown)} is given more than once`;
  }
  return undefined;
}

/** `status` and `limit` of `GET /__sandbox/requests`, or the message of the 400 that names the bad one. */
export function logFilterOf(query: URLSearchParams): LogFilter | { problem: string } {
  const stray = strayParameter(query, ['status', 'limit']);
  if (stray) return { problem: stray };
  const filter: LogFilter = { limit: LOG_ENTRIES };
  const status = query.get('status');
  if (status !== null) {
    const range = /^([1-5])xx$/i.exec(status);
    if (range) filter.status = { class: Number(range[1]) };
    else if (/^[1-5]\d\d$/.test(status)) filter.status = { exact: Number(status) };
    else
      return {
        problem: `${label('status')} must be a class such as 2xx, 4xx or 5xx, or a status code from 100 to 599, got "${status.slice(0, 100)}"`,
      };
  }
  const limit = query.get('limit');
  if (limit !== null) {
    if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > LOG_ENTRIES)
      return {
        problem: `${label('limit')} must be a whole number from 1 to ${LOG_ENTRIES}, got "${limit.slice(0, 100)}"`,
      };
    filter.limit = Number(limit);
  }
  return filter;
}

/** `GET /__sandbox/requests?status=4xx&limit=50`: the log's entries that pass, newest first. */
export function answerRequests(log: RequestLog, query: URLSearchParams): Answer {
  const filter = logFilterOf(query);
  if ('problem' in filter) return refuse(filter.problem);
  return { status: 200, body: { requests: log.list(filter) } };
}

/** What reading the timeline needs of its host: the world if it is made, and real time. */
export interface TimelineHost {
  made: () => World | undefined;
  realNow: () => number;
}

/**
 * `GET /__sandbox/events?since=2025-03-14T18:00:00Z`: what the simulation did from `since` (the beginning when left
 * out) to the clock's now, oldest first, with the clock's now. The world is played to now first, so that what the
 * clock has passed has happened; a world nobody has made yet has done nothing, and is not made to say so.
 */
export function answerEvents(host: TimelineHost, query: URLSearchParams): Answer {
  const stray = strayParameter(query, ['since']);
  if (stray) return refuse(stray);
  const sinceText = query.get('since');
  const since = sinceText === null ? Number.NEGATIVE_INFINITY : parseDateTime(sinceText);
  if (since === undefined)
    return refuse(
      `${label('since')} must be a date-time on the sandbox clock, with an offset, such as 2025-03-14T18:00:00+01:00, got "${(sinceText ?? '').slice(0, 100)}"`,
    );
  const world = host.made();
  if (!world) {
    return { status: 200, body: { now: new Date(host.realNow()).toISOString(), events: [] } };
  }
  const now = clockNow(world.clock, host.realNow);
  // Played on a copy, which answers and is dropped: reading the timeline changes nothing.
  const played = playTo(world, now);
  return { status: 200, body: { now: new Date(now).toISOString(), events: eventsBetween(played, since, now) } };
}
