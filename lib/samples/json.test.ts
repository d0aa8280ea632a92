import { describe, expect, it } from 'vitest';
import { fitsDouble, inexactNumbers, JsonNumber, JsonObject, jsonText, readJson, type JsonValue } from './json';

/** The value as JSON.parse would give it: numbers as doubles, a repeated key's last value. */
function plain(value: JsonValue): unknown {
  if (value instanceof JsonNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof JsonObject) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of value.entries)
      Object.defineProperty(object, key, { value: plain(item), enumerable: true, configurable: true, writable: true });
    return object;
  }
  return value;
}

const DOCUMENTS = [
  '{}',
  '[]',
  ' \t\n\r{ "a" : [ 1 , -2.5e-3 , true , false , null , "x" ] , "b" : { } }\n',
  '"\\u00e9\\n\\"\\\\\\/\\b\\f\\r\\t \\ud83d\\ude00"',
  '0',
  '-0.0E+0',
  '{"__proto__": {"constructor": 1}, "a": 1, "a": 2}',
  '[[[[]]], {"": ""}]',
];

describe('readJson', () => {
  it('reads what JSON.parse reads, as JSON.parse reads it', () => {
    for (const text of DOCUMENTS)
      expect(JSON.stringify(plain(readJson(text))), text).toBe(JSON.stringify(JSON.parse(text)));
  });

  it('keeps each number as written, and each member in order, a repeated key repeated', () => {
    const read = readJson('{"a": 12345678901234567890, "a": 1.50, "b": [1e400, -0]}');
    expect(read).toEqual(
      new JsonObject([
        ['a', new JsonNumber('12345678901234567890')],
        ['a', new JsonNumber('1.50')],
        ['b', [new JsonNumber('1e400'), new JsonNumber('-0')]],
      ]),
    );
  });

  it('refuses what JSON.parse refuses', () => {
    for (const text of [
      '',
      '{',
      '[1,]',
      '{"a" 1}',
      "{'a': 1}",
      '01',
      '1.',
      '.5',
      '+1',
      'NaN',
      '"\t"',
      '"\\x"',
      '{} x',
      'nul',
    ])
      expect(() => readJson(text), JSON.stringify(text)).toThrow(SyntaxError);
  });
});

describe('numbers a double holds', () => {
  it('holds the numbers whose shortest double text has the same value', () => {
    for (const text of ['0', '-0', '0.1', '1.50', '1E2', '-2.5e-3', '9007199254740993e-16', '1e308', '5e-324'])
      expect(fitsDouble(text), text).toBe(true);
    for (const text of ['12345678901234567890', '9007199254740993', '0.30000000000000001', '1e400', '-1e-400'])
      expect(fitsDouble(text), text).toBe(false);
  });

  it('lists each number a double cannot hold once, and nothing for text that is not JSON', () => {
    expect(inexactNumbers('[1e400, 0.1, {"a": 1e400, "b": 9007199254740993}]')).toEqual(['1e400', '9007199254740993']);
    expect(inexactNumbers('{"a": 1e400')).toEqual([]);
  });
});

describe('jsonText', () => {
  it('lays the value out as JSON.stringify(value, null, 2) does, numbers as written', () => {
    const text = '{"a": [1, {"b": {}}, []], "c": "x", "d": null}';
    expect(jsonText(readJson(text))).toBe(JSON.stringify(JSON.parse(text), null, 2));
    expect(jsonText(readJson('[12345678901234567890, 1e400]'))).toBe('[\n  12345678901234567890,\n  1e400\n]');
  });
});
