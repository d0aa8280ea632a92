import { describe, expect, it } from 'vitest';
import { serverUrlOf } from './normalise';

const fetched = { kind: 'url', location: 'https://docs.example.test/specs/openapi.yaml' } as const;
const snapshot = { kind: 'snapshot', location: 'content/openapi/kilowise.yaml' } as const;

describe('serverUrlOf', () => {
  it('keeps an absolute server URL as written', () => {
    expect(serverUrlOf([{ url: 'https://api.kilowise.io' }], fetched)).toBe('https://api.kilowise.io');
    expect(serverUrlOf([{ url: 'https://api.example.test/v1/' }, { url: 'https://other.test' }], snapshot)).toBe(
      'https://api.example.test/v1/',
    );
  });

  it('puts in the defaults of server variables', () => {
    const servers = [
      {
        url: 'https://{region}.api.example.test/{version}',
        variables: { region: { default: 'eu' }, version: { default: 'v2', enum: ['v1', 'v2'] } },
      },
    ];
    expect(serverUrlOf(servers, snapshot)).toBe('https://eu.api.example.test/v2');
  });

  it("resolves a relative server, or none (OpenAPI's default is /), against a fetched document's URL", () => {
    expect(serverUrlOf([{ url: '/v1' }], fetched)).toBe('https://docs.example.test/v1');
    expect(serverUrlOf([{ url: 'api' }], fetched)).toBe('https://docs.example.test/specs/api');
    expect(serverUrlOf([], fetched)).toBe('https://docs.example.test');
  });

  it("leaves a snapshot's relative or missing server as written: there is nothing to resolve it against", () => {
    expect(serverUrlOf([{ url: '/v1' }], snapshot)).toBe('/v1');
    expect(serverUrlOf([], snapshot)).toBe('');
  });
});
