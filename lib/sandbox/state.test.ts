import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { exampleUserId, loadState, memoryStore, seedState } from './state';

interface OperationSketch {
  operationId: string;
  parameters?: { name: string; example?: string }[];
  responses?: { status: string; example?: unknown }[];
}

/** A contract of only what the seed reads: operation ids, parameter examples and response examples. */
const contractOf = (operations: OperationSketch[]) =>
  ({
    operations: operations.map((operation) => ({ parameters: [], responses: [], ...operation })),
  }) as unknown as OperationContract;

const CONTRACT = contractOf([
  { operationId: 'getCountries', parameters: [{ name: 'countryCode', example: 'SE' }] },
  {
    operationId: 'getLocations',
    parameters: [{ name: 'userId', example: 'user-1' }],
    responses: [
      { status: '400', example: [{ id: 'wrong' }] },
      { status: '200', example: [{ id: 'loc-1' }, 'not an object', null, [1]] },
    ],
  },
  { operationId: 'getDevices', responses: [{ status: '200', example: [{ id: 'dev-1' }, { name: 'no id' }] }] },
  { operationId: 'registerCharger', responses: [{ status: '201', example: { id: 'dev-2' } }] },
  { operationId: 'getUserData', responses: [{ status: '200', example: { meterId: 'm-1' } }] },
]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exampleUserId', () => {
  it("is the first example of a userId parameter, else the docs' example user", () => {
    expect(exampleUserId(CONTRACT)).toBe('user-1');
    expect(exampleUserId(contractOf([{ operationId: 'x', parameters: [{ name: 'userId' }] }]))).toBe('user-4711');
  });
});

describe('seedState', () => {
  it("starts from the 2xx examples: the user's locations, devices and tariff data", () => {
    expect(seedState(CONTRACT)).toEqual({
      version: 1,
      locations: { 'user-1': [{ id: 'loc-1' }] },
      userData: { 'user-1': { meterId: 'm-1' } },
      devices: {
        'dev-1': { userId: 'user-1', device: { id: 'dev-1' } },
        'dev-2': { userId: 'user-1', device: { id: 'dev-2' } },
      },
      evPreferences: {},
      ocppChargerPreferences: {},
      heatingPreferences: {},
      testSpotPrices: {},
      wallboxAccounts: {},
    });
  });

  it('starts empty where the contract has no examples', () => {
    const state = seedState(contractOf([{ operationId: 'getUserData', responses: [{ status: '200', example: [] }] }]));
    expect(state.locations).toEqual({ 'user-4711': [] });
    expect(state.userData).toEqual({});
    expect(state.devices).toEqual({});
  });
});

describe('loadState', () => {
  it('is the seed when nothing is stored', () => {
    expect(loadState(memoryStore(), CONTRACT)).toEqual(seedState(CONTRACT));
  });

  it('keeps what this version stored, over the seed', () => {
    const store = memoryStore();
    store.save(JSON.stringify({ version: 1, wallboxAccounts: { 'user-1': 'me@example.com' }, locations: {} }));
    const state = loadState(store, CONTRACT);
    expect(state.wallboxAccounts).toEqual({ 'user-1': 'me@example.com' });
    expect(state.locations).toEqual({});
    expect(state.devices).toEqual(seedState(CONTRACT).devices);
  });

  it('starts again from the seed on a state of another version, or one that is not an object', () => {
    for (const stored of [{ version: 2, locations: {} }, [{ version: 1 }], 'text']) {
      const store = memoryStore();
      store.save(JSON.stringify(stored));
      expect(loadState(store, CONTRACT)).toEqual(seedState(CONTRACT));
    }
  });

  it('warns, and starts from the seed, when the stored text is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = memoryStore();
    store.save('{broken');
    expect(loadState(store, CONTRACT)).toEqual(seedState(CONTRACT));
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toBe(
      "[kilowise] the stored sandbox state is not readable JSON; starting from the contract's examples.",
    );
  });
});
