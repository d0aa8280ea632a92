// How the sandbox reads a request before any handler runs (sandbox.mdx, "What the sandbox checks"): routing by the
// contract's paths, the API key, each parameter and the body, in that order, each refusal naming the field.
import { describe, expect, it } from 'vitest';
import type { ContractOperation, ContractParameter } from '../contract/operation-contract';
import { checkRequest as checkWithReason, jsonDepth, MAX_BODY_DEPTH, type IncomingRequest } from './request';
import { createRouter } from './router';
import { createSchemaValidator } from './validator';

const validator = createSchemaValidator({});

/** The answer a partner reads: the refusal's reason, which the request log shows, is checked on its own below. */
function checkRequest(...args: Parameters<typeof checkWithReason>) {
  const checked = checkWithReason(...args);
  if (!('status' in checked)) return checked;
  const { status, message } = checked;
  return { status, message };
}

function operation(overrides: Partial<ContractOperation>): ContractOperation {
  return {
    operationId: 'op',
    method: 'get',
    path: '/v2/things',
    tag: 'Things',
    summary: '',
    deprecated: false,
    parameters: [],
    responses: [],
    ...overrides,
  };
}

function parameter(overrides: Partial<ContractParameter> & Pick<ContractParameter, 'name' | 'in'>): ContractParameter {
  return { required: false, schema: { type: 'string' }, type: 'string', ...overrides };
}

function request(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): IncomingRequest {
  return {
    method: init.method ?? 'GET',
    url: new URL(`http://sandbox${path}`),
    headers: new Headers(init.headers),
    bodyText: init.body ?? '',
  };
}

describe('jsonDepth', () => {
  it('counts how deep arrays and objects nest, strings and their escapes skipped', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('[[1],{"a":[{}]}]')).toBe(4);
    expect(jsonDepth('{"a":"[[[["}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('["\\\\",[[]]]')).toBe(3);
    expect(jsonDepth('[][][]')).toBe(1);
  });

  it('stops once past the limit', () => {
    expect(jsonDepth('['.repeat(10), 3)).toBe(4);
    expect(jsonDepth('['.repeat(MAX_BODY_DEPTH))).toBe(MAX_BODY_DEPTH);
    expect(jsonDepth('['.repeat(1000))).toBe(MAX_BODY_DEPTH + 1);
  });
});

describe('checkRequest', () => {
  const keyed = operation({ apiKeyHeader: 'x-api-key' });

  it('asks for the API key first, in the header the contract names; spaces alone are none', () => {
    const missing = 'Missing API key: send your partner API key in the x-api-key header';
    expect(checkRequest(keyed, request('/v2/things'), {}, validator)).toEqual({ status: 401, message: missing });
    expect(checkRequest(keyed, request('/v2/things', { headers: { 'x-api-key': '  ' } }), {}, validator)).toEqual({
      status: 401,
      message: missing,
    });
    expect(checkRequest(keyed, request('/v2/things', { headers: { 'x-api-key': ' key ' } }), {}, validator)).toEqual({
      params: {},
      body: undefined,
      apiKey: 'key',
    });
    expect(checkRequest(operation({}), request('/v2/things'), {}, validator)).toEqual({ params: {}, body: undefined });
  });

  it('reads path, query and header parameters as their types, and refuses what they cannot be', () => {
    const op = operation({
      parameters: [
        parameter({ name: 'deviceId', in: 'path', required: true }),
        parameter({ name: 'limit', in: 'query', type: 'integer', schema: { type: 'integer', minimum: 1 } }),
        parameter({ name: 'ids', in: 'query', type: 'array', schema: { type: 'array', items: { type: 'string' } } }),
        parameter({ name: 'x-trace', in: 'header' }),
        parameter({ name: 'session', in: 'cookie' }),
      ],
    });
    const read = (path: string, pathParams: Record<string, string>, headers: Record<string, string> = {}) =>
      checkRequest(op, request(path, { headers }), pathParams, validator);
    expect(
      read('/v2/things?limit=5&ids=a&ids=b,c', { deviceId: 'dev-1' }, { 'x-trace': 't1', cookie: 'session=s' }),
    ).toEqual({
      params: { deviceId: 'dev-1', limit: 5, ids: ['a', 'b', 'c'], 'x-trace': 't1' },
      body: undefined,
    });
    expect(read('/v2/things', {})).toEqual({ status: 400, message: 'Parameter "deviceId" (path) is required' });
    expect(read('/v2/things', { deviceId: '' })).toEqual({
      status: 400,
      message: 'Parameter "deviceId" (path) is required',
    });
    expect(read('/v2/things?limit=five', { deviceId: 'd' })).toEqual({
      status: 400,
      message: 'Parameter "limit" (query) must be an integer, got "five"',
    });
    expect(read('/v2/things?limit=0', { deviceId: 'd' })).toEqual({
      status: 400,
      message: 'Parameter "limit" (query) must be at least 1, got "0"',
    });
    // An empty optional parameter is absent.
    expect(read('/v2/things?limit=', { deviceId: 'd' })).toEqual({ params: { deviceId: 'd' }, body: undefined });
  });

  it("gives an absent parameter the contract's default", () => {
    const op = operation({
      parameters: [
        parameter({ name: 'page', in: 'query', type: 'integer', schema: { type: 'integer', default: 1 } }),
        parameter({ name: 'any', in: 'query', schema: true }),
      ],
    });
    expect(checkRequest(op, request('/v2/things'), {}, validator)).toEqual({ params: { page: 1 }, body: undefined });
    expect(checkRequest(op, request('/v2/things?page=3'), {}, validator)).toEqual({
      params: { page: 3 },
      body: undefined,
    });
  });

  describe('the body', () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, soc: { type: 'number', maximum: 100 } },
    };
    const post = (
      body: string,
      headers: Record<string, string> = { 'content-type': 'application/json' },
      required = true,
    ) =>
      checkRequest(
        operation({ method: 'post', requestBody: { required, contentType: 'application/json', schema } }),
        request('/v2/things', { method: 'POST', body, headers }),
        {},
        validator,
      );

    it('is parsed and checked against its schema', () => {
      expect(post('{"name":"Home"}')).toEqual({ params: {}, body: { name: 'Home' } });
      expect(post('{"soc":50}')).toEqual({ status: 400, message: 'Request body: field "name" is required' });
      expect(post('{"name":"Home","soc":101}')).toEqual({
        status: 400,
        message: 'Request body: field "soc" must be at most 100, got 101',
      });
      expect(post('[]')).toEqual({ status: 400, message: 'Request body must be object, not array' });
    });

    it('is required where the contract says so, and may be left out where not', () => {
      expect(post('')).toEqual({ status: 400, message: 'Request body is required' });
      expect(post('  \n')).toEqual({ status: 400, message: 'Request body is required' });
      expect(post('', {}, false)).toEqual({ params: {}, body: undefined });
    });

    it('is read as JSON with no Content-Type, or a +json one, and refused as a form or text', () => {
      expect(post('{"name":"a"}', {})).toEqual({ params: {}, body: { name: 'a' } });
      expect(post('{"name":"a"}', { 'content-type': 'application/merge-patch+json' })).toEqual({
        params: {},
        body: { name: 'a' },
      });
      expect(post('{"name":"a"}', { 'content-type': 'Application/JSON; charset=utf-8' })).toEqual({
        params: {},
        body: { name: 'a' },
      });
      expect(post('name=a', { 'content-type': 'application/x-www-form-urlencoded' })).toEqual({
        status: 400,
        message:
          'Header "Content-Type" is application/x-www-form-urlencoded, but the body is application/json: send Content-Type: application/json',
      });
      expect(post('{}', { 'content-type': `text/${'x'.repeat(200)}` })).toEqual({
        status: 400,
        message: `Header "Content-Type" is text/${'x'.repeat(95)}, but the body is application/json: send Content-Type: application/json`,
      });
    });

    it('is refused when it is not JSON or nests too deep, before it is checked', () => {
      const broken = post('{"name":');
      expect(broken).toMatchObject({ status: 400 });
      expect((broken as { message: string }).message).toMatch(/^Request body is not valid JSON: /);
      expect(post(`${'['.repeat(65)}${']'.repeat(65)}`)).toEqual({
        status: 400,
        message: "Request body nests deeper than 64 levels, the sandbox's limit",
      });
      expect(post(`{"name":"a","x":${'['.repeat(63)}${']'.repeat(63)}}`)).toEqual({
        params: {},
        body: { name: 'a', x: JSON.parse(`${'['.repeat(63)}${']'.repeat(63)}`) as unknown },
      });
    });

    it('of an operation without one is ignored, and one without a schema is taken as it is', () => {
      expect(checkRequest(operation({}), request('/v2/things', { body: '{"x":1}' }), {}, validator)).toEqual({
        params: {},
        body: undefined,
      });
      const open = operation({ method: 'post', requestBody: { required: true, contentType: 'application/json' } });
      expect(checkRequest(open, request('/v2/things', { method: 'POST', body: '[1,2]' }), {}, validator)).toEqual({
        params: {},
        body: [1, 2],
      });
    });
  });
});

describe('createRouter', () => {
  const router = createRouter([
    operation({ operationId: 'list', method: 'get', path: '/v2/devices/{deviceId}' }),
    operation({ operationId: 'remove', method: 'delete', path: '/v2/devices/{deviceId}' }),
    operation({ operationId: 'literal', method: 'get', path: '/v2/devices/steve-url' }),
    operation({ operationId: 'twoParams', method: 'get', path: '/v2/users/{userId}/locations/{locationId}' }),
    operation({ operationId: 'dotted', method: 'get', path: '/v2/files/{name}.json' }),
    operation({ operationId: 'query', method: 'query', path: '/v2/search' }),
  ]);
  const id = (method: string, path: string) => {
    const found = router.match(method, path);
    return found && 'operation' in found ? [found.operation.operationId, found.pathParams] : found;
  };

  it('matches the most literal path first, and reads the parameters decoded', () => {
    expect(id('GET', '/v2/devices/steve-url')).toEqual(['literal', {}]);
    expect(id('GET', '/v2/devices/dev-1')).toEqual(['list', { deviceId: 'dev-1' }]);
    expect(id('GET', '/v2/devices/dev%201/')).toEqual(['list', { deviceId: 'dev 1' }]);
    expect(id('GET', '/v2/devices/%zz')).toEqual(['list', { deviceId: '%zz' }]);
    expect(id('GET', '/v2/users/u-1/locations/l-2')).toEqual(['twoParams', { userId: 'u-1', locationId: 'l-2' }]);
    expect(id('GET', '/v2/files/a.json')).toEqual(['dotted', { name: 'a' }]);
  });

  it('compares methods without case, and says which a path has when the method is not one', () => {
    expect(id('delete', '/v2/devices/dev-1')).toEqual(['remove', { deviceId: 'dev-1' }]);
    expect(id('QUERY', '/v2/search')).toEqual(['query', {}]);
    expect(router.match('PUT', '/v2/devices/dev-1')).toEqual({ allowed: ['GET', 'DELETE'] });
    // HEAD is GET without the content, where the contract has no HEAD of its own.
    expect(id('HEAD', '/v2/devices/dev-1')).toEqual(['list', { deviceId: 'dev-1' }]);
    expect(router.match('HEAD', '/v2/search')).toEqual({ allowed: ['QUERY'] });
    const withHead = createRouter([
      operation({ operationId: 'get', method: 'get', path: '/v2/x' }),
      operation({ operationId: 'head', method: 'head', path: '/v2/x' }),
    ]);
    const head = withHead.match('HEAD', '/v2/x');
    expect(head && 'operation' in head ? head.operation.operationId : head).toBe('head');
  });

  it('matches no path that only looks like one', () => {
    expect(router.match('GET', '/v2/devices')).toBeUndefined();
    expect(router.match('GET', '/v2/devices/a/b')).toBeUndefined();
    expect(router.match('GET', '/x/v2/devices/a')).toBeUndefined();
    expect(router.match('GET', '/v2/files/aXjson')).toBeUndefined();
    expect(router.match('GET', '/v2/devices/dev-1//')).toBeUndefined();
  });
});

describe('why checkRequest refused', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, soc: { type: 'number', maximum: 100 } },
  };
  const post = (body: string, headers: Record<string, string> = {}, query = '') =>
    checkWithReason(
      operation({
        method: 'post',
        apiKeyHeader: 'x-api-key',
        parameters: [
          parameter({ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 }, type: 'integer' }),
        ],
        requestBody: { required: true, contentType: 'application/json', schema },
      }),
      request(`/v2/things${query}`, { method: 'POST', body, headers }),
      {},
      validator,
    );
  const reason = (checked: ReturnType<typeof post>) => ('reason' in checked ? checked.reason : undefined);

  it('names the rule and the place of each refusal', () => {
    expect(reason(post('{}', {}))).toEqual({ rule: 'api-key', in: 'header', name: 'x-api-key' });
    const key = { 'x-api-key': 'k', 'content-type': 'application/json' };
    expect(reason(post('{}', key, '?limit=0'))).toEqual({
      rule: 'minimum',
      in: 'query',
      name: 'limit',
      schemaPointer: '#/minimum',
    });
    expect(reason(post('{}', key, '?limit=many'))).toEqual({ rule: 'type', in: 'query', name: 'limit' });
    expect(reason(post('', key))).toEqual({ rule: 'required', in: 'body' });
    expect(reason(post('{', key))).toEqual({ rule: 'json', in: 'body' });
    expect(reason(post('[['.repeat(40), key))).toEqual({ rule: 'depth', in: 'body' });
    expect(reason(post('{}', { ...key, 'content-type': 'text/plain' }))).toEqual({
      rule: 'content-type',
      in: 'header',
      name: 'content-type',
    });
    expect(reason(post('{"name":"Home","soc":101}', key))).toEqual({
      rule: 'maximum',
      in: 'body',
      pointer: '/soc',
      schemaPointer: '#/properties/soc/maximum',
    });
    expect(reason(post('{"soc":1}', key))).toEqual({
      rule: 'required',
      in: 'body',
      pointer: '/name',
      schemaPointer: '#/required',
    });
  });
});
