import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { initialPlaygroundState } from './state';
import { readLink, refusalNotice, writeLink } from './url-state';

let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('playground links', () => {
  it('select an operation and start from its examples', () => {
    const state = readLink(contract, new URLSearchParams('operation=addLocation'));
    expect(state.operationId).toBe('addLocation');
    expect(state.target).toBe('sandbox');
    expect(state.draft.values).toEqual({ 'path:userId': 'user-4711' });
    expect(JSON.parse(state.draft.body)).toMatchObject({ name: 'Home', countryCode: 'SE' });
  });

  it('reproduce every field and the target, round trip', () => {
    const state = {
      operationId: 'updateLocation',
      target: 'sandbox' as const,
      draft: { values: { 'path:userId': 'u 1', 'path:id': 'loc-1' }, body: '{"name":"Åre & co"}' },
    };
    const search = writeLink(state);
    expect(search).not.toMatch(/key/i);
    expect(readLink(contract, new URLSearchParams(search))).toEqual(state);
  });

  it("choose the live API for a read only: a link cannot make one click change data with the reader's key", () => {
    const read = readLink(contract, new URLSearchParams('operation=getLocations&target=live&path.userId=u1'));
    expect(read).toMatchObject({ operationId: 'getLocations', target: 'live' });
    expect(read.liveRefused).toBeUndefined();
    expect(refusalNotice(read)).toBe('');
    const write = readLink(
      contract,
      new URLSearchParams('operation=deleteDevice&target=live&path.deviceId=dev-5b1f0c'),
    );
    expect(write).toMatchObject({ operationId: 'deleteDevice', target: 'sandbox', liveRefused: true });
    expect(write.draft.values).toEqual({ 'path:deviceId': 'dev-5b1f0c' });
    expect(refusalNotice(write)).toBe(
      'The link asked for the live API; it opens on the sandbox, since deleteDevice changes data. Choose Live yourself to send it there.',
    );
    expect(initialPlaygroundState(write).notice).toBe(refusalNotice(write));
  });

  it('fall back to the first operation when the link names an unknown one, and say so', () => {
    const state = readLink(contract, new URLSearchParams('operation=nope'));
    expect(state.operationId).toBe(contract.operations[0]?.operationId);
    expect(state.unknownOperation).toBe('nope');
  });
});
