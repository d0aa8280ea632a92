// Issue #54 (partner run 8, C1): an error example names what it is about. The contract's 400 examples were once one
// shared response, `Parameter "startDateTime" (query) is required`, on fifteen operations of which one has that
// parameter: /api showed Smartcar connect refusing a parameter connect does not take, where the guide (and the
// sandbox) say `Parameter "x-user-id" (header) is required`. Here every error example that names a parameter, a
// header or a body field names one its own operation has, and the sandbox, sent the request the example describes
// (the contract's example request without that parameter, or with that value), answers the example's words exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/sandbox';
import type { JsonSchema } from './json-schema';
import type { ContractOperation, ContractParameter, OperationContract } from './operation-contract';
import { fieldKey, httpRequestOf, initialDraft } from './request-draft';
import { snapshotContract } from './snapshot';

/** What an error message names, read from the sandbox's wording (lib/sandbox/request.ts), with the value it got. */
type Named =
  | { kind: 'parameter'; name: string; in: ContractParameter['in']; missing: boolean; got?: string }
  | { kind: 'field'; field: string; missing: boolean; got?: string }
  | { kind: 'body'; missing: boolean };

/**
 * `Parameter "{name}" ({in}) is required`, `Parameter "{name}" ({in}) {problem}, got "{value}"`,
 * `Request body: field "{field}" is required`, `Request body: field "{field}" {problem}, got {json}` and
 * `Request body is required`; undefined for a message that names none (`Wallbox rejected the credentials`).
 */
function namedIn(message: string): Named | undefined {
  const parameter = /^Parameter "([^"]+)" \((query|path|header|cookie)\) (.+)$/.exec(message);
  if (parameter) {
    const [, name = '', where = '', rest = ''] = parameter;
    const got = /, got "(.*)"$/.exec(rest)?.[1];
    return {
      kind: 'parameter',
      name,
      in: where as ContractParameter['in'],
      missing: rest === 'is required',
      ...(got === undefined ? {} : { got }),
    };
  }
  const field = /^Request body: field "([^"]+)" (.+)$/.exec(message);
  if (field) {
    const [, path = '', rest = ''] = field;
    const got = /, got (.+)$/.exec(rest)?.[1];
    return { kind: 'field', field: path, missing: rest === 'is required', ...(got === undefined ? {} : { got }) };
  }
  if (message.startsWith('Request body')) return { kind: 'body', missing: message === 'Request body is required' };
  return undefined;
}

/** `targetSoC.unit`, `entries[0].time` → `['targetSoC', 'unit']`, `['entries', '0', 'time']`. */
const fieldTokens = (field: string) =>
  field.split(/\.|\[(\d+)\]/).filter((token) => token !== undefined && token !== '');

type Schema = Exclude<JsonSchema, boolean>;

/** Whether `schema` has a field at `tokens` (through `$ref`, `allOf`, `oneOf`, `anyOf`, items and additional properties). */
function hasField(schema: JsonSchema | undefined, tokens: string[], defs: Record<string, JsonSchema>): boolean {
  if (schema === undefined || schema === false) return false;
  if (schema === true) return true;
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const name = decodeURIComponent(node.$ref.replace(/^#\/\$defs\//, ''));
    return hasField(defs[name], tokens, defs);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.some((branch) => hasField(branch as JsonSchema, tokens, defs))) return true;
  }
  const [token, ...rest] = tokens;
  if (token === undefined) return true;
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (properties && Object.hasOwn(properties, token)) return hasField(properties[token], rest, defs);
  if (/^\d+$/.test(token) && node.items !== undefined) return hasField(node.items as JsonSchema, rest, defs);
  const additional = node.additionalProperties as JsonSchema | undefined;
  return additional !== undefined && additional !== false && hasField(additional, rest, defs);
}

/** What is wrong with `message` as an error of `operation`: what it names that the operation lacks. */
function namesWhatItLacks(operation: ContractOperation, message: string, defs: Record<string, JsonSchema>) {
  const named = namedIn(message);
  if (!named) return undefined;
  if (named.kind === 'parameter') {
    const has = operation.parameters.some((parameter) => parameter.in === named.in && parameter.name === named.name);
    return has ? undefined : `it has no ${named.in} parameter "${named.name}"`;
  }
  if (!operation.requestBody) return 'it takes no request body';
  if (named.kind === 'body') return undefined;
  return hasField(operation.requestBody.schema, fieldTokens(named.field), defs)
    ? undefined
    : `its request body has no field "${named.field}"`;
}

/** Each error example's message, with its operation and status. */
function errorExamples(contract: OperationContract) {
  return contract.operations.flatMap((operation) =>
    operation.responses.flatMap((response) => {
      const message = (response.example as { message?: unknown } | undefined)?.message;
      return /^[45]\d\d$/.test(response.status) && typeof message === 'string'
        ? [{ operation, status: response.status, message }]
        : [];
    }),
  );
}

let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('an error example names what its own operation has (#54 C1)', () => {
  it('reads what a message names, in the sandbox wording', () => {
    expect(namedIn('Parameter "x-user-id" (header) is required')).toEqual({
      kind: 'parameter',
      name: 'x-user-id',
      in: 'header',
      missing: true,
    });
    expect(namedIn('Parameter "forceRefresh" (query) must be true or false, got "yes"')).toMatchObject({
      name: 'forceRefresh',
      missing: false,
      got: 'yes',
    });
    expect(namedIn('Request body: field "targetSoC" must be at most 100, got 120')).toEqual({
      kind: 'field',
      field: 'targetSoC',
      missing: false,
      got: '120',
    });
    expect(namedIn('Request body is required')).toEqual({ kind: 'body', missing: true });
    expect(namedIn('Wallbox rejected the credentials')).toBeUndefined();
    expect(fieldTokens('entries[0].time')).toEqual(['entries', '0', 'time']);
  });

  it('every 4xx example that names a parameter, a header or a body field names one of its operation', () => {
    const examples = errorExamples(contract);
    expect(examples.filter(({ message }) => namedIn(message)).length).toBeGreaterThan(10);
    const wrong = examples.flatMap(({ operation, status, message }) => {
      const problem = namesWhatItLacks(operation, message, contract.defs);
      return problem ? [`${operation.operationId} ${status} "${message}": ${problem}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('finds the old shared example wrong on connectSmartcarVehicle, and a field its body lacks', () => {
    const connect = contract.operations.find((operation) => operation.operationId === 'connectSmartcarVehicle');
    if (!connect) throw new Error('no connectSmartcarVehicle');
    expect(namesWhatItLacks(connect, 'Parameter "startDateTime" (query) is required', contract.defs)).toBe(
      'it has no query parameter "startDateTime"',
    );
    expect(namesWhatItLacks(connect, 'Parameter "x-user-id" (header) is required', contract.defs)).toBeUndefined();
    expect(namesWhatItLacks(connect, 'Request body: field "targetSoC" is required', contract.defs)).toBe(
      'its request body has no field "targetSoC"',
    );
  });
});

/** `body` with the field at `tokens` set to `value`, or removed when `value` is undefined. */
function withField(body: unknown, tokens: string[], value: unknown): unknown {
  const [token, ...rest] = tokens;
  if (token === undefined) return value;
  const copy = Array.isArray(body) ? [...(body as unknown[])] : { ...(body as Record<string, unknown>) };
  const record = copy as Record<string, unknown>;
  if (rest.length === 0 && value === undefined) delete record[token];
  else record[token] = withField(record[token] ?? {}, rest, value);
  return copy;
}

describe('the sandbox answers each 400 example exactly (#54 C1)', () => {
  it("sent the operation's example request without the parameter, or with the value, the example names", async () => {
    const examples = errorExamples(contract).filter(({ status, message }) => status === '400' && namedIn(message));
    expect(examples.length).toBeGreaterThan(10);
    const answers = await Promise.all(
      examples.map(async ({ operation, message }) => {
        const named = namedIn(message);
        const draft = initialDraft(operation);
        if (named?.kind === 'parameter') {
          const key = fieldKey(named);
          if (named.missing) delete draft.values[key];
          else draft.values[key] = named.got ?? '';
        } else if (named?.kind === 'field') {
          const body = JSON.parse(draft.body) as unknown;
          const value = named.missing ? undefined : (JSON.parse(named.got ?? 'null') as unknown);
          draft.body = JSON.stringify(withField(body, fieldTokens(named.field), value));
        } else if (named?.missing) draft.body = '';
        const request = httpRequestOf(operation, draft, contract.serverUrl);
        const headers = new Headers(request.headers);
        headers.set('x-api-key', 'key-a');
        const response = await createSandbox(contract).handle(
          new Request(request.url, { method: request.method, headers, body: request.body }),
        );
        const text = await response.text();
        return `${operation.operationId}: ${response.status} ${text}`;
      }),
    );
    expect(answers).toEqual(
      examples.map(({ operation, message }) => `${operation.operationId}: 400 ${JSON.stringify({ message })}`),
    );
  });
});
