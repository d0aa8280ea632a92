import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../contract/json-schema';
import { createSchemaValidator, fieldOf } from './validator';

// A small contract of its own: the messages are what a partner reads in the sandbox's 400 answers, so each is
// checked word for word.
const DEFS: Record<string, JsonSchema> = {
  Coordinates: {
    type: 'object',
    required: ['latitude', 'longitude'],
    properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
  },
  Location: {
    type: 'object',
    required: ['name', 'coordinates'],
    properties: {
      name: { type: 'string' },
      coordinates: { $ref: '#/$defs/Coordinates' },
      countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
      behavior: { enum: ['SMART_CHARGE_OFF', 'SMART_CHARGE_ON'] },
      createdAt: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' } },
      'a/b': { type: 'integer' },
      soc: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    },
  },
};
const LOCATION: JsonSchema = { $ref: '#/$defs/Location' };
const valid = { name: 'Home', coordinates: { latitude: 59.3, longitude: 18.1 } };

describe('fieldOf', () => {
  it('writes a JSON pointer as the field path a reader knows', () => {
    expect(fieldOf('#')).toBe('');
    expect(fieldOf('#/name')).toBe('name');
    expect(fieldOf('#/entries/0/time')).toBe('entries[0].time');
    expect(fieldOf('#/0')).toBe('[0]');
    expect(fieldOf('#/a~1b/c~0d')).toBe('a/b.c~d');
    expect(fieldOf('#/with%20space')).toBe('with space');
    expect(fieldOf('#/v2x/10a')).toBe('v2x.10a');
  });
});

describe('createSchemaValidator', () => {
  const validator = createSchemaValidator(DEFS);
  const check = (value: unknown) => validator.check(LOCATION, value);

  it('finds nothing wrong with a valid value', () => {
    expect(check(valid)).toBeUndefined();
    expect(check({ ...valid, soc: null, tags: ['a'], createdAt: '2025-03-14T12:00:00Z' })).toBeUndefined();
  });

  it('names a missing field, top-level or nested', () => {
    expect(check({ coordinates: valid.coordinates })).toEqual({ field: 'name', message: 'is required' });
    expect(check({ ...valid, coordinates: { latitude: 1 } })).toEqual({
      field: 'coordinates.longitude',
      message: 'is required',
    });
  });

  it('names a field of the wrong type, and the types it may have', () => {
    expect(check({ ...valid, coordinates: { latitude: 'north', longitude: 1 } })).toEqual({
      field: 'coordinates.latitude',
      message: 'must be number, not string',
    });
    expect(check({ ...valid, tags: ['a', 7] })).toEqual({ field: 'tags[1]', message: 'must be string, not number' });
    expect(check('Home')).toEqual({ field: '', message: 'must be object, not string' });
  });

  it('says what an enum, a pattern and a format expect', () => {
    expect(check({ ...valid, behavior: 'ON' })).toEqual({
      field: 'behavior',
      message: 'must be one of ["SMART_CHARGE_OFF","SMART_CHARGE_ON"]',
    });
    expect(check({ ...valid, countryCode: 'sweden' })).toEqual({
      field: 'countryCode',
      message: 'does not have the required format',
    });
    expect(check({ ...valid, createdAt: 'yesterday' })).toEqual({
      field: 'createdAt',
      message: 'must be a valid date-time',
    });
  });

  it('reports the deepest problem, with an escaped name read back', () => {
    expect(check({ ...valid, 'a/b': 1.5 })).toEqual({ field: 'a/b', message: 'must be integer, not number' });
    expect(check({ ...valid, soc: 'full' })?.field).toBe('soc');
  });

  it('checks a boolean schema', () => {
    expect(validator.check(false, 1)).toEqual({ field: '', message: 'False boolean schema' });
    expect(validator.check(true, 1)).toBeUndefined();
  });
});
