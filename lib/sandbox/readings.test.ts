// GET /__sandbox/requests and GET /__sandbox/events through the sandbox itself (sandbox.mdx, "The request log" and
// "The timeline"): what a partner's calls leave in the log, and what the simulation did after the clock moved.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { SAMPLE_CAR, SAMPLE_CHARGER } from './domain/seed';
import type { LoggedRequest } from './request-log';
import { createSandbox, type Sandbox } from './sandbox';
import type { ShownEvent } from './timeline';

let contract: OperationContract;
const KEY = 'partner-key-51';
const NOW = new Date('2025-03-14T12:00:00Z');

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

function caller(sandbox: Sandbox) {
  return async (method: string, path: string, body?: unknown, key: string | null = KEY) => {
    const headers = new Headers({ 'content-type': 'application/json' });
    if (key) headers.set('x-api-key', key);
    const base = path.startsWith('/__sandbox') ? new URL(contract.serverUrl).origin : contract.serverUrl;
    const response = await sandbox.handle(
      new Request(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
}

const requestsOf = (answer: { body: unknown }) => (answer.body as { requests: LoggedRequest[] }).requests;
const eventsOf = (answer: { body: unknown }) => (answer.body as { events: ShownEvent[] }).events;

describe('GET /__sandbox/requests', () => {
  let call: ReturnType<typeof caller>;
  beforeAll(() => {
    call = caller(createSandbox(contract, { now: () => NOW }));
  });

  it('lists the calls newest first, a refusal with its rule and its place in the contract, and never the key', async () => {
    expect((await call('GET', '/v2/kilowise/users/user-4711/locations')).status).toBe(200);
    const refused = await call('POST', '/v2/kilowise/users/user-4711/locations', { name: 'Cabin' });
    expect(refused.status).toBe(400);
    expect((await call('GET', '/v2/kilowise/users/user-4711/locations', undefined, null)).status).toBe(401);
    const log = await call('GET', '/__sandbox/requests');
    expect(log.status).toBe(200);
    const entries = requestsOf(log);
    expect(entries.map((entry) => entry.status)).toEqual([401, 400, 200]);
    expect(entries[1]).toMatchObject({
      method: 'POST',
      path: '/v2/kilowise/users/user-4711/locations',
      operationId: 'addLocation',
      sandboxTime: NOW.toISOString(),
      requestBody: { text: '{"name":"Cabin"}', bytes: 16, cut: false },
      responseBody: { cut: false },
      reason: {
        rule: 'required',
        in: 'body',
        pointer: '/coordinates',
        schemaPointer: expect.stringMatching(/^#\/components\/schemas\/\w+\/required$/),
        message: 'Request body: field "coordinates" is required',
      },
    });
    expect(entries[0]?.reason).toMatchObject({ rule: 'api-key', in: 'header', name: 'x-api-key' });
    expect(entries[2]?.reason).toBeUndefined();
    expect(entries[1]?.headers['x-api-key']).toBe('[redacted]');
    expect(JSON.stringify(entries)).not.toContain(KEY);
    // Reading the log is not logged.
    expect(requestsOf(await call('GET', '/__sandbox/requests'))).toHaveLength(3);
  });

  it('filters by status and limit, and names a bad parameter in a 400', async () => {
    expect(requestsOf(await call('GET', '/__sandbox/requests?status=4xx&limit=50')).map((e) => e.status)).toEqual([
      401, 400,
    ]);
    expect(requestsOf(await call('GET', '/__sandbox/requests?status=200'))).toHaveLength(1);
    expect(requestsOf(await call('GET', '/__sandbox/requests?limit=1'))).toHaveLength(1);
    expect(await call('GET', '/__sandbox/requests?limit=500')).toEqual({
      status: 400,
      body: { message: 'Parameter "limit" (query) must be a whole number from 1 to 200, got "500"' },
    });
    expect((await call('GET', '/__sandbox/requests?status=oops')).status).toBe(400);
    const posted = await call('POST', '/__sandbox/requests');
    expect(posted.status).toBe(405);
  });

  it('logs a control and its refusal, a body cut to 8 KB, and an unknown path', async () => {
    await call('POST', '/__sandbox/clock', { advance: 'soon' });
    await call('POST', '/v2/kilowise/users/user-4711/locations', { name: 'x'.repeat(10_000) });
    await call('GET', '/v2/nothing-here');
    const [unknown, big, clock] = requestsOf(await call('GET', '/__sandbox/requests?limit=3'));
    expect(clock).toMatchObject({ path: '/__sandbox/clock', status: 400, reason: { rule: 'control' } });
    expect(big?.requestBody).toMatchObject({ bytes: 10_011, cut: true });
    expect(big?.requestBody?.text).toHaveLength(8192);
    expect(unknown).toMatchObject({ status: 404, reason: { rule: 'route' } });
    expect(unknown).not.toHaveProperty('operationId');
  });
});

describe('GET /__sandbox/events', () => {
  it('tells what a clock move did: a schedule made after the plug-in, a session started and completed', async () => {
    const call = caller(createSandbox(contract, { now: () => NOW }));
    expect((await call('POST', '/__sandbox/clock', { now: '2025-03-14T18:00:00Z' })).status).toBe(200);
    await call('PATCH', `/__sandbox/devices/${SAMPLE_CAR}`, { pluggedIn: false, soc: 30 });
    await call('PATCH', `/__sandbox/devices/${SAMPLE_CAR}`, { pluggedIn: true });
    expect((await call('POST', '/__sandbox/clock', { advance: 'PT12H' })).status).toBe(200);
    const answer = await call('GET', '/__sandbox/events?since=2025-03-14T18:00:00Z');
    expect(answer.status).toBe(200);
    expect((answer.body as { now: string }).now).toBe('2025-03-15T06:00:00.000Z');
    const events = eventsOf(answer);
    const car = events.filter((event) => event.deviceId === SAMPLE_CAR);
    const kinds = car.map((event) => event.type);
    expect(kinds).toContain('unplugged');
    expect(kinds).toContain('plugged-in');
    // The new state of charge made the schedule of the plug-in before again; the plug-in's comes ten seconds after it.
    const made = car.filter((event) => event.type === 'schedule-made');
    expect(made.map((event) => [event.reason, event.at])).toEqual([
      ['state-of-charge', '2025-03-14T18:00:00.000Z'],
      ['plug-in', '2025-03-14T18:00:10.000Z'],
    ]);
    const started = car.find((event) => event.type === 'session-started');
    const completed = car.find((event) => event.type === 'session-completed');
    expect(started?.sessionId).toBeDefined();
    expect(completed?.sessionId).toBe(started?.sessionId);
    expect(Date.parse(completed?.at ?? '')).toBeGreaterThan(Date.parse(started?.at ?? ''));
    const statuses = car.filter((event) => event.type === 'status-changed').map((event) => event.to);
    expect(statuses).toContain('CALCULATING_SCHEDULE');
    expect(statuses.at(-1)).toBe('SMART_CHARGING_COMPLETED');
    // Oldest first, and none before `since` nor after the clock.
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2025-03-14T18:00:00Z'));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2025-03-15T06:00:00Z'));
    expect(events.some((event) => event.type === 'prices-published')).toBe(false);
    // The log dates a request by the clock as it came: the move's entry says where the clock moved from.
    const [move] = requestsOf(await call('GET', '/__sandbox/requests?limit=1'));
    expect(move).toMatchObject({ path: '/__sandbox/clock', sandboxTime: '2025-03-14T18:00:00.000Z' });
  });

  it('notes a charger missing its heartbeat and going offline when they come, and forgets them if it is back first', async () => {
    const call = caller(createSandbox(contract, { now: () => NOW }));
    await call('POST', '/__sandbox/clock', { now: '2025-03-14T12:00:00Z' });
    await call('PATCH', `/__sandbox/devices/${SAMPLE_CHARGER}`, { online: false });
    const since = 'since=2025-03-14T12:00:00Z';
    expect(eventsOf(await call('GET', `/__sandbox/events?${since}`)).map((event) => event.type)).not.toContain(
      'offline',
    );
    await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
    const events = eventsOf(await call('GET', `/__sandbox/events?${since}`)).filter(
      (event) => event.deviceId === SAMPLE_CHARGER,
    );
    expect(events.map((event) => event.type)).toEqual(['heartbeat-missed', 'offline', 'status-changed']);
    expect(events[2]).toMatchObject({ to: 'OFFLINE', at: events[1]?.at });
    expect(Date.parse(events[1]?.at ?? '') - Date.parse(events[0]?.at ?? '')).toBe(5 * 60_000);
    // Prices are published at 13:00 CET, within that hour.
    expect(eventsOf(await call('GET', `/__sandbox/events?${since}`)).map((event) => event.type)).toContain(
      'prices-published',
    );

    const back = caller(createSandbox(contract, { now: () => NOW }));
    await back('POST', '/__sandbox/clock', { now: '2025-03-14T12:00:00Z' });
    await back('PATCH', `/__sandbox/devices/${SAMPLE_CHARGER}`, { online: false });
    await back('PATCH', `/__sandbox/devices/${SAMPLE_CHARGER}`, { online: true });
    await back('POST', '/__sandbox/clock', { advance: 'PT1H' });
    const kinds = eventsOf(await back('GET', `/__sandbox/events?${since}`))
      .filter((event) => event.deviceId === SAMPLE_CHARGER)
      .map((event) => event.type);
    expect(kinds).toEqual(['online']);
  });

  it('names a bad since in a 400, and answers an empty timeline for a sandbox nobody has used', async () => {
    const call = caller(createSandbox(contract, { now: () => NOW }));
    expect(await call('GET', '/__sandbox/events')).toEqual({
      status: 200,
      body: { now: NOW.toISOString(), events: [] },
    });
    expect(await call('GET', '/__sandbox/events?since=yesterday')).toEqual({
      status: 400,
      body: {
        message:
          'Parameter "since" (query) must be a date-time on the sandbox clock, with an offset, such as 2025-03-14T18:00:00+01:00, got "yesterday"',
      },
    });
    expect((await call('GET', '/__sandbox/events?from=2025-03-14T18:00:00Z')).status).toBe(400);
  });
});
