import { describe, expect, it } from 'vitest';
import { isDotSegment } from './path-segments';

describe('isDotSegment', () => {
  it('is "." or "..", written plainly or percent-encoded in any case, with the blanks around it ignored', () => {
    for (const segment of ['.', '..', '%2e', '%2E', '%2e%2E', '.%2e', '%2e.', ' .. ', '\t.\n'])
      expect(isDotSegment(segment), JSON.stringify(segment)).toBe(true);
  });

  it('is not a value that only holds dots: three of them, a name, an empty value', () => {
    for (const segment of ['...', '%2e%2e%2e', '..%2e', '.a', 'a.', 'a..', '..a', '.env', '%2', '', ' ', 'dev-1'])
      expect(isDotSegment(segment), JSON.stringify(segment)).toBe(false);
  });
});
