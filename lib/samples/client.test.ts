import { beforeAll, describe, expect, it } from 'vitest';
import { KilowiseClient } from '../../packages/kilowise-client/src/index';
import { createSandbox } from '../sandbox/sandbox';
import { typecheckSnippets } from '../typedoc/typecheck';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { httpRequestOf, initialDraft, type RequestDraft } from '../contract/request-draft';
import { snapshotBuild } from '../contract/snapshot';
import { clientArguments, clientCall, toTsLiteral } from './client';
import { inexactNumbers, playgroundSample, SAMPLE_LANGUAGES } from './index';

let contract: OperationContract;
let exportedNames: string[];

beforeAll(async () => {
  ({ contract, exportedNames } = await snapshotBuild());
}, 60_000);

const operation = (operationId: string): ContractOperation => {
  const found = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

const sample = (operationId: string, draft: RequestDraft, label: string) => {
  const language = SAMPLE_LANGUAGES.find((candidate) => candidate.label === label);
  if (!language) throw new Error(`no sample language ${label}`);
  const found = playgroundSample(operation(operationId), draft, contract.serverUrl, language);
  return 'code' in found ? found.code : undefined;
};

describe('the request as code', () => {
  it("curl and JavaScript carry the reader's values, and read the key from the environment", () => {
    const draft: RequestDraft = {
      values: {
        'path:areaId': 'SE4',
        'query:startDateTime': '2025-03-14T00:00:00+01:00',
        'query:endDateTime': '2025-03-15T00:00:00+01:00',
      },
      body: '',
    };
    expect(sample('getSpotPrices', draft, 'curl')).toBe(
      [
        "curl 'https://api.kilowise.io/v2/kilowise/spot-prices/SE4?startDateTime=2025-03-14T00%3A00%3A00%2B01%3A00&endDateTime=2025-03-15T00%3A00%3A00%2B01%3A00' \\",
        '  --header "x-api-key: $KILOWISE_API_KEY"',
      ].join('\n'),
    );
    expect(sample('getSpotPrices', draft, 'JavaScript')).toContain("'x-api-key': process.env.KILOWISE_API_KEY\n");
    expect(sample('getSpotPrices', draft, 'kilowise-client')).toContain(
      "const result = await kilowise.spotPrices.get(\n  'SE4',\n  {\n    startDateTime: '2025-03-14T00:00:00+01:00',\n    endDateTime: '2025-03-15T00:00:00+01:00',\n  },\n);",
    );
  });

  it('an optional query parameter the reader fills joins every sample; one left empty does not', () => {
    const draft = { values: { 'path:deviceId': 'dev-1', 'query:forceRefresh': 'true' }, body: '' };
    expect(sample('getSmartcarCapabilities', draft, 'curl')).toContain('capabilities?forceRefresh=true');
    expect(sample('getSmartcarCapabilities', draft, 'kilowise-client')).toContain(
      "kilowise.smartcar.getCapabilities('dev-1', { forceRefresh: true });",
    );
    expect(
      sample('getSmartcarCapabilities', { ...draft, values: { 'path:deviceId': 'dev-1' } }, 'kilowise-client'),
    ).toContain("kilowise.smartcar.getCapabilities('dev-1');");
  });

  it('writes TypeScript literals: single quotes, bare keys, quoted odd keys', () => {
    expect(toTsLiteral({ a: "it's", 'b-c': [1, true, null] })).toBe("{ a: 'it\\'s', 'b-c': [1, true, null] }");
    expect(toTsLiteral({ street: 'Storgatan 12', city: 'Stockholm', country: 'SE', postalCode: '11455' })).toBe(
      "{\n  street: 'Storgatan 12',\n  city: 'Stockholm',\n  country: 'SE',\n  postalCode: '11455',\n}",
    );
  });

  it('the kilowise-client code of every operation type-checks against the package', () => {
    const snippets = contract.operations.flatMap((op) => {
      const code = sample(op.operationId, initialDraft(op), 'kilowise-client');
      return code ? [{ label: op.operationId, code: code.replace(/^import .*\n/, '') }] : [];
    });
    expect(snippets).toHaveLength(contract.operations.length);
    expect(typecheckSnippets(snippets, [{ name: 'kilowise-client', exports: exportedNames }])).toEqual([]);
  }, 60_000);

  it('the kilowise-client call sends the same request as the form, for every operation', async () => {
    for (const op of contract.operations) {
      const draft = initialDraft(op);
      const expected = httpRequestOf(op, draft, contract.serverUrl);
      const sent: Request[] = [];
      const sandbox = createSandbox(contract);
      const kilowise = new KilowiseClient({
        apiKey: 'k',
        baseUrl: contract.serverUrl,
        fetch: (input, init) => {
          const request = new Request(input, init);
          sent.push(request.clone());
          return sandbox.handle(request);
        },
      });
      const [area = '', method = ''] = (op.sdkMethod ?? '').split('.');
      const api = (kilowise as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>)[
        area
      ];
      await api?.[method]?.(...clientArguments(op, draft).args);
      const [request] = sent;
      expect(request, op.operationId).toBeDefined();
      if (!request) continue;
      expect(`${request.method} ${decodeURIComponent(request.url)}`, op.operationId).toBe(
        `${expected.method} ${decodeURIComponent(expected.url)}`,
      );
      for (const [name, value] of expected.headers)
        expect(request.headers.get(name), `${op.operationId} ${name}`).toBe(value);
      const body = await request.text();
      expect(body ? JSON.parse(body) : undefined, op.operationId).toEqual(
        expected.body ? JSON.parse(expected.body) : undefined,
      );
    }
  });
});

describe('hostile bodies in the kilowise-client call (#38)', () => {
  it('a __proto__ key stays a key of the literal, at any depth', () => {
    const value: unknown = JSON.parse('{"__proto__": {"x": 1}, "a": [{"__proto__": {"__proto__": 2}}]}');
    const literal = toTsLiteral(value);
    const read = new Function(`return (${literal});`)() as unknown;
    expect(JSON.stringify(read)).toBe(JSON.stringify(value));
  });

  it('looks enum members and field paths up as own properties only', () => {
    const call = (body: string) => clientCall(operation('registerCharger'), { values: {}, body })?.call;
    expect(call('{"name": "Garage", "vendor": "WALLBOX"}')).toContain('vendor: ChargerManufacturer.WALLBOX');
    for (const member of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(call(`{"name": "Garage", "vendor": "${member}"}`), member).toContain(`vendor: '${member}'`);
    // Fields named as what every object inherits are fields like any other.
    expect(
      call('{"constructor": "WALLBOX", "toString": {"vendor": "WALLBOX"}, "__proto__": {"vendor": "x"}}'),
    ).toContain(
      "  {\n    constructor: 'WALLBOX',\n    toString: { vendor: 'WALLBOX' },\n    ['__proto__']: { vendor: 'x' },\n  },",
    );
  });

  it('says which numbers the client cannot send as written, and what it sends instead', () => {
    const body =
      '{"minComfortLimit": 12345678901234567890, "maxComfortLimit": 1e400, "heatingBehavior": "SMART_HEATING_ON"}';
    expect(inexactNumbers(body)).toEqual(['12345678901234567890', '1e400']);
    const code = sample('updateHeatingPreferences', { values: {}, body }, 'kilowise-client');
    expect(code).toContain(
      [
        '// JavaScript numbers cannot hold 12345678901234567890 and 1e400 exactly: kilowise-client sends them as 12345678901234567000 and null.',
        '// The HTTP samples send the body as written.',
        'const result = await kilowise.smartHeating.updatePreferences(',
      ].join('\n'),
    );
    expect(code).toContain('maxComfortLimit: Infinity');
    const fits = '{"minComfortLimit": 19.5, "maxComfortLimit": 1e2, "heatingBehavior": "SMART_HEATING_ON"}';
    expect(inexactNumbers(fits)).toEqual([]);
    expect(sample('updateHeatingPreferences', { values: {}, body: fits }, 'kilowise-client')).not.toContain(
      'cannot hold',
    );
  });
});
