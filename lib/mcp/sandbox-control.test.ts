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
});
