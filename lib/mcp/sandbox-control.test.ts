import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import type { DocsData } from './data';
import { createMemoryStore } from '../store/memory';
import { createSessions, SESSION_LIMITS } from './sessions';
import { sandboxControl } from './tools/sandbox-control';
import { sandboxRequest } from './tools/sandbox-request';

let contract: OperationContract;
beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('the sandbox_control tool', () => {
  it("sets and moves a session's clock and plugs its car in, touching no other session", async () => {
    const store = createSessions(createMemoryStore(SESSION_LIMITS), () => contract);
    const one = await store.open('192.0.2.20');
    const two = await store.open('192.0.2.20');
    const data = { contract } as unknown as DocsData;
    const control = (id: string, input: Parameters<typeof sandboxControl.run>[1]) =>
      sandboxControl.run(data, input, { sandbox: () => store.sandbox(id) });
    expect(await control(one, { action: 'clock', now: '2025-03-14T16:00:00+01:00' })).toContain(
      '"now": "2025-03-14T15:00:00.000Z"',
    );
    expect(await control(one, { action: 'device', deviceId: 'dev-5b1f0c', pluggedIn: false })).toContain(
      '"status": "CABLE_UNPLUGGED"',
    );
    expect(await control(one, { action: 'clock', advance: 'PT1H' })).toContain('"now": "2025-03-14T16:00:00.000Z"');
    const status = (id: string) =>
      sandboxRequest.run(data, { method: 'GET', path: '/v2/status/dev-5b1f0c' }, { sandbox: () => store.sandbox(id) });
    expect(await status(one)).toContain('CABLE_UNPLUGGED');
    expect(await status(two)).not.toContain('CABLE_UNPLUGGED');
    expect(await control(one, { action: 'device', deviceId: 'dev-5b1f0c', fault: 'Sparks' })).toContain('→ 400');
    await expect(control(one, { action: 'device' })).rejects.toThrow('needs a deviceId');
  });

  it("reads the session's request log and the timeline, with the same filters and 400s as the server", async () => {
    const store = createSessions(createMemoryStore(SESSION_LIMITS), () => contract);
    const id = await store.open('192.0.2.21');
    const data = { contract } as unknown as DocsData;
    const context = { sandbox: () => store.sandbox(id) };
    const control = (input: Parameters<typeof sandboxControl.run>[1]) => sandboxControl.run(data, input, context);
    await sandboxRequest.run(data, { method: 'GET', path: '/v2/status/dev-nothing' }, context);
    await control({ action: 'clock', now: '2025-03-14T18:00:00Z' });
    const log = await control({ action: 'requests', status: '4xx', limit: 5 });
    expect(log).toContain('GET /__sandbox/requests?status=4xx&limit=5 → 200');
    expect(log).toContain('"path": "/v2/status/dev-nothing"');
    expect(log).toContain('"rule": "simulation"');
    expect(log).not.toContain('"path": "/__sandbox/clock"');
    expect(log).not.toContain('mcp-session');
    expect(await control({ action: 'requests', status: 'bad' })).toContain('→ 400');
    await control({ action: 'device', deviceId: 'dev-5b1f0c', pluggedIn: false });
    await control({ action: 'device', deviceId: 'dev-5b1f0c', pluggedIn: true });
    await control({ action: 'clock', advance: 'PT1H' });
    const events = await control({ action: 'events', since: '2025-03-14T18:00:00Z' });
    expect(events).toContain('GET /__sandbox/events?since=2025-03-14T18%3A00%3A00Z → 200');
    expect(events).toContain('"type": "plugged-in"');
    expect(events).toContain('"reason": "plug-in"');
    expect(await control({ action: 'events', since: 'soon' })).toContain('Parameter \\"since\\" (query)');
  });
});
