import { describe, expect, it } from 'vitest';
import { SpecError } from './errors';

describe('SpecError', () => {
  it('is one line naming the source and the cause, and keeps what caused it', () => {
    const cause = new Error('ENOENT');
    const error = new SpecError('content/openapi/kilowise-openapi.yaml', 'cannot be read', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SpecError');
    expect(error.message).toBe('[openapi] content/openapi/kilowise-openapi.yaml: cannot be read');
    expect(error.source).toBe('content/openapi/kilowise-openapi.yaml');
    expect(error.cause).toBe(cause);
    expect(String(error)).toBe('SpecError: [openapi] content/openapi/kilowise-openapi.yaml: cannot be read');
  });
});
