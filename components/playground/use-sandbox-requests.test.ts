// What the Requests panel reads from the sandbox (sandbox.mdx, "The request log"): the tab's calls without the panels'
// own reads, and the events of the clock's last move, through the same controls the browser's sandbox answers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '@/lib/contract/operation-contract';
import { snapshotContract } from '@/lib/contract/snapshot';
import type { SandboxControl } from '@/lib/browser/playground/sandbox-runtime';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { readRequests } from './use-sandbox-requests';

let contract: OperationContract;
beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

/** The controls as the playground's runtime sends them, straight to a sandbox, and the page's own API calls. */
function sandboxOf() {
  const sandbox = createSandbox(contract, { now: () => new Date('2025-03-14T12:00:00Z') });
  const control: SandboxControl = async (method, path, body) => {
    const response = await sandbox.handle(
      new Request(new URL(path, contract.serverUrl), {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  const call = (method: string, path: string, body?: unknown) =>
    sandbox.handle(
      new Request(`${contract.serverUrl}${path}`, {
        method,
        headers: { 'x-api-key': 'tab-key', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { control, call };
}

describe('readRequests', () => {
  it("lists the tab's calls newest first, leaving out the panels' reads, and no move before the clock moved", async () => {
    const { control, call } = sandboxOf();
    await control('GET', '/__sandbox/clock');
    await call('POST', '/v2/kilowise/users/user-4711/locations', { name: 'Cabin' });
    await control('GET', '/__sandbox/devices/dev-5b1f0c');
    await call('GET', '/v2/kilowise/users/user-4711/locations');
    const view = await readRequests(control);
    expect(view.calls.map((entry) => [entry.method, entry.status])).toEqual([
      ['GET', 200],
      ['POST', 400],
    ]);
    expect(view.calls[1]?.reason).toMatchObject({ rule: 'required', pointer: '/coordinates' });
    expect(view.calls[1]?.headers['x-api-key']).toBe('[redacted]');
    expect(view.move).toBeUndefined();
    expect(view.problem).toBeUndefined();
  });

  it("gives the events of the clock's last move, from the clock it moved from", async () => {
    const { control } = sandboxOf();
    await control('POST', '/__sandbox/clock', { now: '2025-03-14T18:00:00Z' });
    await control('PATCH', '/__sandbox/devices/dev-5b1f0c', { pluggedIn: false });
    await control('PATCH', '/__sandbox/devices/dev-5b1f0c', { pluggedIn: true });
    await control('POST', '/__sandbox/clock', { advance: 'PT1H' });
    const { move, calls } = await readRequests(control);
    expect(calls.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'PATCH', 'POST']);
    expect(move).toMatchObject({ from: '2025-03-14T18:00:00.000Z', to: '2025-03-14T19:00:00.000Z' });
    // The plug-in came before the move; the schedule it asked for, 10 seconds later, during it.
    expect(move?.events.map((event) => event.type)).toContain('schedule-made');
    expect(move?.events.every((event) => event.at >= '2025-03-14T18:00:00.000Z')).toBe(true);
  });

  it('says why when the sandbox cannot answer, and never throws', async () => {
    const failing: SandboxControl = () => Promise.reject(new Error('the sandbox is not loaded'));
    expect(await readRequests(failing)).toEqual({
      calls: [],
      problem: 'The sandbox could not answer: the sandbox is not loaded',
    });
  });
});
