import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract, ContractOperation } from './operation-contract';
import { draftProblems, httpRequestOf, initialDraft } from './request-draft';
import { snapshotContract } from './snapshot';

let contract: OperationContract;
const operation = (operationId: string): ContractOperation => {
  const found = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('the request a draft makes', () => {
  it("starts from the required parameters' examples and the example body", () => {
    const draft = initialDraft(operation('getSmartcarAuthorizationUrl'));
    expect(draft).toEqual({ values: { 'query:redirectUri': 'https://app.example.com/smartcar/callback' }, body: '' });
  });

  it('encodes path parameters, sends filled query parameters and headers, and types the body', () => {
    const request = httpRequestOf(
      operation('registerCharger'),
      { values: { 'header:X-User-Id': 'user 1' }, body: '{"name":"Garage"}' },
      contract.serverUrl,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api.kilowise.io/v2/kilowise/devices/register-charger',
      headers: [
        ['X-User-Id', 'user 1'],
        ['content-type', 'application/json'],
      ],
      body: '{"name":"Garage"}',
    });
    const read = httpRequestOf(
      operation('getSmartcarCapabilities'),
      { values: { 'path:deviceId': 'dev/1', 'query:forceRefresh': '' }, body: '' },
      contract.serverUrl,
    );
    expect(read.url).toBe('https://api.kilowise.io/v1/kilowise/devices/smartcar/dev%2F1/capabilities');
  });

  it('names each field the reader must fix before the request makes sense', () => {
    expect(draftProblems(operation('addLocation'), { values: {}, body: '{"name": ' })).toEqual({
      'path:userId': 'userId is required',
      body: expect.stringMatching(/^Not valid JSON: /),
    });
    expect(draftProblems(operation('addLocation'), { values: { 'path:userId': 'u' }, body: '' })).toEqual({
      body: 'This operation needs a request body',
    });
    expect(draftProblems(operation('registerCharger'), { values: { 'header:X-User-Id': 'Åsa' }, body: '{}' })).toEqual({
      'header:X-User-Id': 'X-User-Id is a header: use ASCII letters, digits and punctuation only',
    });
  });
});
