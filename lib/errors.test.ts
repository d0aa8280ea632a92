import { describe, expect, it } from 'vitest';
import { errorCauseChain, isChunkLoadError } from './errors';

describe('errorCauseChain', () => {
  it('walks error.cause outermost first and names non-plain errors', () => {
    const root = new TypeError('fetch failed');
    const error = new Error('[openapi] could not fetch the spec', { cause: new Error('timeout', { cause: root }) });
    expect(errorCauseChain(error)).toEqual([
      '[openapi] could not fetch the spec',
      'timeout',
      'TypeError: fetch failed',
    ]);
  });

  it('stops at a cycle and shows thrown non-errors', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(errorCauseChain(a)).toEqual(['a', 'b']);
    expect(errorCauseChain('plain string')).toEqual(['plain string']);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed chunk downloads only', () => {
    const named = Object.assign(new Error('x'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
