import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance';

describe('editDistance', () => {
  it('counts an insertion, a deletion, a substitution and a swap of neighbours as one edit each', () => {
    expect(editDistance('session', 'sesion')).toBe(1);
    expect(editDistance('price', 'prices')).toBe(1);
    expect(editDistance('price', 'prise')).toBe(1);
    expect(editDistance('charger', 'cahrger')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('measures the whole distance without a limit', () => {
    expect(editDistance('EvPrefs', 'EvPreferences')).toBe(6);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('answers limit + 1 once the distance must exceed the limit, from the lengths or midway', () => {
    expect(editDistance('abc', 'xyzuvw', 2)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('abcdef', 'abcxyz', 3)).toBe(3);
  });
});
