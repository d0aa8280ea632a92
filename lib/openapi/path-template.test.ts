import { describe, expect, it } from 'vitest';
import { fillTemplate, templateParameters, templateParts, templateSource } from './path-template';

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

describe('templateSource', () => {
  it('matches a path of the template, capturing each parameter, and escapes the literal runs', () => {
    const pattern = new RegExp(`^${templateSource('/v2/prices.{format}/{area}')}$`);
    expect(pattern.exec('/v2/prices.json/SE3')?.slice(1)).toEqual(['json', 'SE3']);
    expect(pattern.test('/v2/pricesXjson/SE3')).toBe(false);
    expect(pattern.test('/v2/prices.json/')).toBe(false);
    expect(pattern.test('/v2/prices.json/a/b')).toBe(false);
  });
});
