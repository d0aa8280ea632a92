import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../contract/json-schema';
import { contractPointer, createSchemaValidator, fieldOf, scalarAt, type SchemaProblem } from './validator';

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

/** The words a partner reads (field, message, value found); where the rule is, is checked on its own below. */
function wordsOf(problem: SchemaProblem | undefined) {
  if (!problem) return undefined;
  const { field, message, got } = problem;
  return got === undefined ? { field, message } : { field, message, got };
}

describe('createSchemaValidator', () => {
  const checker = createSchemaValidator(DEFS);
  const validator = { check: (schema: JsonSchema, value: unknown) => wordsOf(checker.check(schema, value)) };
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
      got: '"north"',
    });
    expect(check({ ...valid, tags: ['a', 7] })).toEqual({
      field: 'tags[1]',
      message: 'must be string, not number',
      got: '7',
    });
    expect(check('Home')).toEqual({ field: '', message: 'must be object, not string', got: '"Home"' });
    // An object or an array found is not written out.
    expect(check({ ...valid, coordinates: [1, 2] })).toEqual({
      field: 'coordinates',
      message: 'must be object, not array',
    });
  });

  it('says what an enum, a pattern and a format expect', () => {
    expect(check({ ...valid, behavior: 'ON' })).toEqual({
      field: 'behavior',
      message: 'must be one of ["SMART_CHARGE_OFF","SMART_CHARGE_ON"]',
      got: '"ON"',
    });
    expect(check({ ...valid, countryCode: 'sweden' })).toEqual({
      field: 'countryCode',
      message: 'does not have the required format',
      got: '"sweden"',
    });
    expect(check({ ...valid, createdAt: 'yesterday' })).toEqual({
      field: 'createdAt',
      message: 'must be a valid date-time',
      got: '"yesterday"',
    });
  });

  it('reports the deepest problem, with an escaped name read back', () => {
    expect(check({ ...valid, 'a/b': 1.5 })).toEqual({
      field: 'a/b',
      message: 'must be integer, not number',
      got: '1.5',
    });
    expect(check({ ...valid, soc: 'full' })?.field).toBe('soc');
  });

  it('checks a boolean schema', () => {
    expect(validator.check(false, 1)).toEqual({ field: '', message: 'is not allowed', got: '1' });
    expect(validator.check(true, 1)).toBeUndefined();
  });

  it('says what a bound asks for, without repeating the value found', () => {
    const bounded = (schema: JsonSchema, value: unknown) => validator.check(schema, value);
    expect(bounded({ type: 'integer', minimum: 1 }, 0)).toEqual({ field: '', message: 'must be at least 1', got: '0' });
    expect(bounded({ maximum: 100 }, 120)).toEqual({ field: '', message: 'must be at most 100', got: '120' });
    expect(bounded({ exclusiveMinimum: 0 }, 0)).toEqual({ field: '', message: 'must be greater than 0', got: '0' });
    expect(bounded({ exclusiveMaximum: 1.5 }, 2)).toEqual({ field: '', message: 'must be less than 1.5', got: '2' });
    expect(bounded({ minimum: -40 }, -41)).toEqual({ field: '', message: 'must be at least -40', got: '-41' });
    expect(bounded({ multipleOf: 15 }, 20)).toEqual({ field: '', message: 'must be a multiple of 15', got: '20' });
    expect(bounded({ minLength: 3 }, 'ab')).toEqual({
      field: '',
      message: 'must be at least 3 characters long',
      got: '"ab"',
    });
    expect(bounded({ maxLength: 1 }, 'ab')).toEqual({
      field: '',
      message: 'must be at most 1 character long',
      got: '"ab"',
    });
    expect(bounded({ maxLength: 2 }, 'abc')).toEqual({
      field: '',
      message: 'must be at most 2 characters long',
      got: '"abc"',
    });
    expect(bounded({ minItems: 2 }, [1])).toEqual({ field: '', message: 'must have at least 2 items' });
    expect(bounded({ maxItems: 1 }, [1, 2])).toEqual({ field: '', message: 'must have at most 1 item' });
    expect(bounded({ uniqueItems: true }, [1, 1])).toEqual({ field: '', message: 'must not list the same item twice' });
    expect(bounded({ const: 'on' }, 'off')).toEqual({ field: '', message: 'must be "on"', got: '"off"' });
  });

  it('names a field the schema forbids, and cuts a long value short', () => {
    const closed: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string' } },
      additionalProperties: false,
    };
    expect(validator.check(closed, { name: 'Home', colour: 'red' })).toEqual({
      field: 'colour',
      message: 'is not allowed',
      got: '"red"',
    });
    expect(validator.check({ type: 'integer' }, 'x'.repeat(100))).toEqual({
      field: '',
      message: 'must be integer, not string',
      got: `"${'x'.repeat(56)}...`,
    });
    expect(validator.check({ type: 'string' }, null)).toEqual({
      field: '',
      message: 'must be string, not null',
      got: 'null',
    });
  });
  it('names the object holding a name that is not valid Unicode, which the validator would throw on', () => {
    const readyTimes: JsonSchema = {
      type: 'object',
      properties: { times: { type: 'object', additionalProperties: { type: 'string' } } },
    };
    const nested = JSON.parse('{"times":{"\\ud800":"10:30"}}') as unknown;
    expect(validator.check(readyTimes, nested)).toEqual({
      field: 'times',
      message: 'has a name that is not valid Unicode (a lone surrogate)',
    });
    const inList = JSON.parse('{"times":{},"list":[{"ok":1},{"a\\udc00b":2}]}') as unknown;
    expect(validator.check(readyTimes, inList)?.field).toBe('list[1]');
    expect(validator.check(readyTimes, JSON.parse('{"\\udbff":1}'))?.field).toBe('');
    // A pair of surrogates is one character, and a lone one in a value is data the schema judges.
    expect(validator.check(readyTimes, JSON.parse('{"times":{"\\ud83d\\ude97":"EV"}}'))).toBeUndefined();
    expect(validator.check(readyTimes, JSON.parse('{"times":{"a":"\\ud800"}}'))).toBeUndefined();
  });
});

describe('scalarAt', () => {
  it('reads the scalar at a pointer, and nothing where there is none', () => {
    const root = { a: { 'b/c': [true, { d: 1 }] }, 'e f': 'x' };
    expect(scalarAt(root, '#/a/b~1c/0')).toBe('true');
    expect(scalarAt(root, '#/e%20f')).toBe('"x"');
    expect(scalarAt(root, '#/a/b~1c/1')).toBeUndefined();
    expect(scalarAt(root, '#/a/missing')).toBeUndefined();
    expect(scalarAt(root, '#/e%20f/length')).toBeUndefined();
    expect(scalarAt(root, '#/a/toString')).toBeUndefined();
    expect(scalarAt(7, '#')).toBe('7');
    expect(scalarAt(undefined, '#')).toBeUndefined();
  });
});

describe('where a problem is', () => {
  const validator = createSchemaValidator(DEFS);

  it("gives the keyword, the pointer into the value and the rule's place in the contract", () => {
    expect(validator.check(LOCATION, { ...valid, coordinates: { latitude: 'north', longitude: 1 } })).toMatchObject({
      keyword: 'type',
      pointer: '/coordinates/latitude',
      schemaPointer: '#/components/schemas/Coordinates/properties/latitude/type',
    });
    expect(validator.check(LOCATION, { coordinates: valid.coordinates })).toMatchObject({
      keyword: 'required',
      pointer: '/name',
      schemaPointer: '#/components/schemas/Location/required',
    });
    expect(validator.check(LOCATION, { ...valid, 'a/b': 1.5 })).toMatchObject({
      pointer: '/a~1b',
      schemaPointer: '#/components/schemas/Location/properties/a~1b/type',
    });
  });

  it('keeps a pointer relative to an inline schema, and follows no ref it cannot find', () => {
    expect(validator.check({ type: 'integer', minimum: 1 }, 0)).toMatchObject({
      keyword: 'minimum',
      pointer: '',
      schemaPointer: '#/minimum',
    });
    expect(contractPointer({ $ref: '#/$defs/Missing' }, DEFS, '#/$ref/type')).toBe('#/components/schemas/Missing/type');
  });
});
