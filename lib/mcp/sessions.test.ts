import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createSessionStore, SESSION_LIMITS } from './sessions';

let contract: OperationContract;
beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('MCP sessions', () => {
  it('evicts the one used longest ago past the limit, and any idle too long, closing what each holds', () => {
    let clock = 0;
    const closed: string[] = [];
    const store = createSessionStore<string>(
      () => contract,
      (value) => closed.push(value),
      { ...SESSION_LIMITS, maxSessions: 2, idleMs: 1000 },
      () => clock,
    );
    store.add('a', 'session a');
    store.add('b', 'session b');
    clock = 10;
    expect(store.get('a')).toBe('session a');
    store.add('c', 'session c');
    // b was used longest ago: a was read after it.
    expect(closed).toEqual(['session b']);
    expect(store.get('b')).toBeUndefined();
    clock = 2000;
    expect(store.get('a')).toBeUndefined();
    expect(closed).toEqual(['session b', 'session a', 'session c']);
    expect(store.size).toBe(0);
  });

  it('lets one client start so many sessions a minute, then says when it may start the next', () => {
    let clock = 0;
    const store = createSessionStore<string>(
      () => contract,
      () => {},
      { ...SESSION_LIMITS, startsPerMinute: 3 },
      () => clock,
    );
    for (let index = 0; index < 3; index += 1) {
      expect(store.start('flood')).toBeUndefined();
      clock += 1000;
    }
    expect(store.start('flood')).toEqual({ retryAfterMs: 57_000 });
    // A refused start does not count, and other clients are not held back.
    expect(store.start('other')).toBeUndefined();
    clock = 60_001;
    expect(store.start('flood')).toBeUndefined();
    expect(store.start('flood')).toEqual({ retryAfterMs: 999 });
  });

  it("ends a client's own session used longest ago past its share, never another client's", () => {
    const closed: string[] = [];
    const store = createSessionStore<string>(
      () => contract,
      (value) => closed.push(value),
      { ...SESSION_LIMITS, maxSessions: 10, perClient: 2 },
    );
    store.add('kept', 'kept', 'quiet');
    for (let index = 0; index < 8; index += 1) store.add(`flood-${index}`, `flood-${index}`, 'flood');
    expect(closed).toEqual(['flood-0', 'flood-1', 'flood-2', 'flood-3', 'flood-4', 'flood-5']);
    expect(store.get('kept')).toBe('kept');
    expect(store.size).toBe(3);
  });

  it('gives each session a sandbox of its own', async () => {
    const store = createSessionStore<string>(
      () => contract,
      () => {},
    );
    store.add('one', 'one');
    store.add('two', 'two');
    const location = {
      name: 'Cabin',
      coordinates: { latitude: 61.5, longitude: 16.4 },
      countryCode: 'SE',
      postalCode: '82050',
      streetAddress: 'Skogsvägen 1',
      city: 'Los',
    };
    const url = `${contract.serverUrl}/v2/kilowise/users/user-4711/locations`;
    const headers = { 'x-api-key': 'k', 'content-type': 'application/json' };
    await store.sandbox('one').handle(new Request(url, { method: 'POST', headers, body: JSON.stringify(location) }));
    const names = async (id: string) =>
      ((await (await store.sandbox(id).handle(new Request(url, { headers }))).json()) as { name: string }[]).map(
        (entry) => entry.name,
      );
    expect(await names('one')).toContain('Cabin');
    expect(await names('two')).not.toContain('Cabin');
  });
});
