import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KilowiseApiError, KilowiseClient } from '../../packages/kilowise-client/src/index';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { interceptApi } from './intercept';
import { createSandbox } from './sandbox';

let contract: OperationContract;
let stop: (() => void) | undefined;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

afterEach(() => stop?.());

describe('interceptApi', () => {
  it('answers the unchanged kilowise-client and plain fetch from the sandbox, and lets it go when stopped', async () => {
    stop = interceptApi(contract.serverUrl, createSandbox(contract));
    const kilowise = new KilowiseClient({ apiKey: 'sandbox-key', baseUrl: contract.serverUrl, userId: 'user-4711' });
    const added = await kilowise.locations.add({
      name: 'Office',
      coordinates: { latitude: 59.33, longitude: 18.06 },
      countryCode: 'SE',
      postalCode: '11122',
      streetAddress: 'Vasagatan 1',
      city: 'Stockholm',
    });
    expect(added.spotPriceAreaId).toBe('SE3');
    expect((await kilowise.locations.list()).map((location) => location.name)).toContain('Office');
    await expect(kilowise.devices.get('dev-unknown')).rejects.toEqual(
      new KilowiseApiError(404, 'Device dev-unknown not found', 'getDevice'),
    );

    const response = await fetch(`${contract.serverUrl}/v2/kilowise/countries`);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-kilowise-sandbox')).toBe('true');

    stop();
    stop = undefined;
    await expect(
      fetch(`${contract.serverUrl}/v2/kilowise/countries`, { signal: AbortSignal.timeout(1) }),
    ).rejects.toThrow();
  });
});
