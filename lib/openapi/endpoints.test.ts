import { describe, expect, it } from 'vitest';
import {
  findEndpointMentions,
  findPathsInCode,
  matchEndpoint,
  parseEndpointMention,
  type EndpointTarget,
} from './endpoints';

const operations: EndpointTarget[] = [
  { operationId: 'getLocations', method: 'get', path: '/v2/kilowise/users/{userId}/locations' },
  { operationId: 'addLocation', method: 'post', path: '/v2/kilowise/users/{userId}/locations' },
  { operationId: 'getDevice', method: 'get', path: '/v2/kilowise/devices/{deviceId}' },
  { operationId: 'getSteveUrl', method: 'get', path: '/v2/kilowise/devices/steve-url' },
  { operationId: 'getSpotPriceAreas', method: 'get', path: '/v2/kilowise/spot-price-areas' },
];

describe('parseEndpointMention', () => {
  it('reads a method and a path, without the query', () => {
    expect(parseEndpointMention('GET /v2/kilowise/spot-price-areas?countryCode=SE')).toEqual({
      method: 'GET',
      path: '/v2/kilowise/spot-price-areas',
    });
    expect(parseEndpointMention('POST /v2/kilowise/users/{userId}/locations')).toEqual({
      method: 'POST',
      path: '/v2/kilowise/users/{userId}/locations',
    });
  });

  it('is undefined for anything else', () => {
    expect(parseEndpointMention('GET')).toBeUndefined();
    expect(parseEndpointMention('/v2/kilowise/countries')).toBeUndefined();
    expect(parseEndpointMention('GET /docs/locations')).toBeUndefined();
    expect(parseEndpointMention('kilowise.locations.list()')).toBeUndefined();
  });
});

describe('matchEndpoint', () => {
  it('matches the method and fills contract parameters with any one segment', () => {
    expect(matchEndpoint(operations, 'POST', '/v2/kilowise/users/user-4711/locations')?.operationId).toBe(
      'addLocation',
    );
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/users/{id}/locations')?.operationId).toBe('getLocations');
  });

  it('prefers the path with more literal segments', () => {
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/devices/steve-url')?.operationId).toBe('getSteveUrl');
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/devices/dev-5b1f0c')?.operationId).toBe('getDevice');
  });

  it('refuses another method, another length, a written parameter for a literal, and an empty segment', () => {
    expect(matchEndpoint(operations, 'DELETE', '/v2/kilowise/users/u/locations')).toBeUndefined();
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/users/u/locations/extra')).toBeUndefined();
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/{x}/u/locations')).toBeUndefined();
    expect(matchEndpoint(operations, 'GET', '/v2/kilowise/users//locations')).toBeUndefined();
    expect(matchEndpoint(operations, 'GET', '/v1/kilowise/users/u/locations')).toBeUndefined();
  });

  it('takes any method when none is written', () => {
    expect(matchEndpoint(operations, undefined, '/v2/kilowise/users/u/locations')?.path).toBe(
      '/v2/kilowise/users/{userId}/locations',
    );
  });
});

describe('findEndpointMentions and findPathsInCode', () => {
  it('finds every METHOD /path in prose', () => {
    const prose =
      'Call `GET /v2/kilowise/devices/{deviceId}`, then POST /v2/kilowise/users/{userId}/locations. Not GET /docs.';
    expect(findEndpointMentions(prose).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v2/kilowise/devices/{deviceId}',
      'POST /v2/kilowise/users/{userId}/locations',
    ]);
  });

  it('finds paths in URLs and template literals, an interpolation being one segment', () => {
    const code = [
      'curl "https://api.kilowise.io/v2/kilowise/spot-price-areas?countryCode=SE" \\',
      'await kilowiseFetch(`/v2/kilowise/users/${encodeURIComponent(userId)}/locations`, { method: "POST" });',
      "fetch('/v2/kilowise/devices/dev-5b1f0c');",
    ].join('\n');
    expect(findPathsInCode(code).map(({ path }) => path)).toEqual([
      '/v2/kilowise/spot-price-areas',
      '/v2/kilowise/users/{}/locations',
      '/v2/kilowise/devices/dev-5b1f0c',
    ]);
  });
});
