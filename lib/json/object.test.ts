import { describe, expect, it } from 'vitest';
import { isObject } from './object';

describe('isObject', () => {
  it('holds for a JSON object, and for nothing else JSON has', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: [1] })).toBe(true);
    for (const value of [null, [], [{}], 'x', 1, true, undefined]) expect(isObject(value)).toBe(false);
  });
});
