import { describe, expect, it } from 'vitest';
import { decodePointerToken, encodePointerToken, fragmentTokens, pointerTokens } from './pointer';

describe('JSON Pointer tokens', () => {
  it('unescape ~1 before ~0, so an escaped "~1" stays "~1"', () => {
    expect(decodePointerToken('a~1b')).toBe('a/b');
    expect(decodePointerToken('m~0n')).toBe('m~n');
    expect(decodePointerToken('~01')).toBe('~1');
  });

  it('escape ~ before /, and round-trip any name', () => {
    expect(encodePointerToken('a/b~c')).toBe('a~1b~0c');
    for (const name of ['~1', '/~/', '', 'plain']) expect(decodePointerToken(encodePointerToken(name))).toBe(name);
  });
});

describe('pointerTokens', () => {
  it('splits a pointer into its unescaped tokens, keeping an empty name', () => {
    expect(pointerTokens('/paths/~1users~1{userId}/get')).toEqual(['paths', '/users/{userId}', 'get']);
    expect(pointerTokens('/a//b')).toEqual(['a', '', 'b']);
    expect(pointerTokens('')).toEqual([]);
  });
});

describe('fragmentTokens', () => {
  it('percent-decodes each token before unescaping it', () => {
    expect(fragmentTokens('#/components/schemas/Caf%C3%A9')).toEqual(['components', 'schemas', 'Café']);
    expect(fragmentTokens('#/a%7E1b/0')).toEqual(['a/b', '0']);
    expect(fragmentTokens('#/x~1%25')).toEqual(['x/%']);
  });

  it('reads # alone as the whole document', () => {
    expect(fragmentTokens('#')).toEqual([]);
  });
});
