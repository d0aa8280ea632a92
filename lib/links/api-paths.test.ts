import { describe, expect, it } from 'vitest';
import type { EndpointTarget } from '../openapi/endpoints';
import { findApiPathProblems } from './api-paths';

const operations: EndpointTarget[] = [
  { operationId: 'getLocations', method: 'get', path: '/v2/kilowise/users/{userId}/locations' },
  { operationId: 'getCountries', method: 'get', path: '/v2/kilowise/countries' },
];

const page = [
  '---',
  'title: Test',
  '---',
  '`GET /v2/kilowise/users/{userId}/locations` lists them; `DELETE /v2/kilowise/countries` does not exist.',
  '',
  '```bash title="curl"',
  'curl https://api.kilowise.io/v2/kilowise/countries -H "x-api-key: $KEY"',
  'curl https://api.kilowise.io/v1/kilowise/users/user-4711/locations',
  '```',
  '',
  'Prose after the sample: GET /v1/kilowise/nothing.',
].join('\n');

describe('findApiPathProblems', () => {
  it('errs on a code sample path the contract lacks, and warns on prose, each with its file and line', () => {
    expect(findApiPathProblems('content/docs/test.mdx', page, operations)).toEqual([
      {
        level: 'warning',
        where: 'content/docs/test.mdx:4',
        target: 'DELETE /v2/kilowise/countries',
        reason: 'no operation of the API contract has this method and path',
      },
      {
        level: 'error',
        where: 'content/docs/test.mdx:8',
        target: '/v1/kilowise/users/user-4711/locations',
        reason: 'a code sample calls a path that no operation of the API contract has',
      },
      {
        level: 'warning',
        where: 'content/docs/test.mdx:11',
        target: 'GET /v1/kilowise/nothing',
        reason: 'no operation of the API contract has this method and path',
      },
    ]);
  });

  it('finds nothing on a page whose paths all exist', () => {
    expect(
      findApiPathProblems(
        'x.mdx',
        '`GET /v2/kilowise/countries`\n\n```ts\nfetch(`/v2/kilowise/countries`)\n```\n',
        operations,
      ),
    ).toEqual([]);
  });
});
