import { describe, expect, it } from 'vitest';
import { codeFromHash, codeHash } from './url-state';

describe('code in the URL hash', () => {
  it('round-trips code with any characters, compressed', async () => {
    const code = '// Example: Ünïcode ✓\nexport default () => <p title="a&b">{\'€ 0.14/kWh\'}</p>;\n'.repeat(20);
    const hash = await codeHash(code);
    expect(hash).toMatch(/^#code\/[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(code.length / 3);
    expect(await codeFromHash(hash)).toBe(code);
  });

  it('holds no code in another hash, and names a damaged one', async () => {
    expect(await codeFromHash('')).toBeUndefined();
    expect(await codeFromHash('#schema/Location')).toBeUndefined();
    const hash = await codeHash('export default 1;');
    await expect(codeFromHash(hash.slice(0, -4))).rejects.toThrow(
      'The code in this link is damaged (cut short or altered); showing the example instead.',
    );
  });
});
