import { describe, expect, it } from 'vitest';
import { fillTemplate, templateParameters, templateParts } from './path-template';

const TEMPLATE = '/v2/kilowise/users/{userId}/devices/{deviceId}/status';

describe('templateParameters', () => {
  it('names each parameter in order, and none for a path without', () => {
    expect(templateParameters(TEMPLATE)).toEqual(['userId', 'deviceId']);
    expect(templateParameters('/v2/kilowise/countries')).toEqual([]);
  });
});

describe('fillTemplate', () => {
  it('replaces each parameter with what the caller gives for its name', () => {
    expect(fillTemplate(TEMPLATE, (name) => `<${name}>`)).toBe('/v2/kilowise/users/<userId>/devices/<deviceId>/status');
    expect(fillTemplate('/a/{x}{y}', (name) => name.toUpperCase())).toBe('/a/XY');
  });
});

describe('templateParts', () => {
  it('splits a template into literal runs and parameters, with no empty run', () => {
    expect(templateParts('/users/{userId}/devices/{deviceId}')).toEqual([
      { literal: '/users/' },
      { parameter: 'userId' },
      { literal: '/devices/' },
      { parameter: 'deviceId' },
    ]);
    expect(templateParts('{a}{b}')).toEqual([{ parameter: 'a' }, { parameter: 'b' }]);
  });
});
