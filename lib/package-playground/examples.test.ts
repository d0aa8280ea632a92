import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_PACKAGES } from '@/lib/sdk/packages';
import { readExamples } from './examples';
import { readFrameMessage } from './protocol';

describe('package playground examples', () => {
  it('every package has several named examples, in order, with unique ids', () => {
    for (const pkg of SDK_PACKAGES) {
      const examples = readExamples(pkg);
      expect(examples.length, pkg).toBeGreaterThanOrEqual(3);
      expect(new Set(examples.map((example) => example.id)).size).toBe(examples.length);
      for (const example of examples) {
        expect(example.code.startsWith(`// Example: ${example.title}\n`)).toBe(true);
        expect(example.code, `${pkg}/${example.id} exports what the preview shows`).toContain('export default');
      }
    }
    expect(readExamples('kilowise-ui')[0]?.id).toBe('ev-preferences');
  });

  it('names the file of an example without its title line or with a bad name', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kw-examples-'));
    const dir = path.join(root, 'packages', 'kilowise-ui', 'examples');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '1-untitled.tsx'), 'export default 1;\n');
    expect(() => readExamples('kilowise-ui', root)).toThrow(
      '[playground] packages/kilowise-ui/examples/1-untitled.tsx:1: an example starts with a line "// Example: {title}"',
    );
    writeFileSync(path.join(dir, '1-untitled.tsx'), '// Example: Fine\nexport default 1;\n');
    writeFileSync(path.join(dir, 'Second.tsx'), '// Example: Second\nexport default 2;\n');
    expect(() => readExamples('kilowise-ui', root)).toThrow(
      '[playground] packages/kilowise-ui/examples/Second.tsx: name an example {order}-{id}.tsx, such as 1-first-steps.tsx',
    );
  });

  it('compiles each example, and names the file of one that does not compile', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kw-examples-'));
    const dir = path.join(root, 'packages', 'kilowise-ui', 'examples');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '1-fine.tsx'), '// Example: Fine\nexport default <p>{1 as number}</p>;\n');
    const [fine] = readExamples('kilowise-ui', root);
    expect(fine?.compiled).toContain('require("react/jsx-runtime")');
    expect(fine?.compiled).not.toContain('as number');
    writeFileSync(path.join(dir, '2-broken.tsx'), '// Example: Broken\nexport default {\n');
    expect(() => readExamples('kilowise-ui', root)).toThrow(
      /^\[playground\] packages\/kilowise-ui\/examples\/2-broken\.tsx: does not compile: .*\(3:1\)$/,
    );
  });
});

describe('messages from the preview frame', () => {
  it('reads the known messages and ignores anything else', () => {
    expect(readFrameMessage({ kind: 'done', runId: 3 })).toEqual({ kind: 'done', runId: 3 });
    expect(
      readFrameMessage({
        kind: 'fetch',
        requestId: 1,
        method: 'GET',
        url: 'https://api.kilowise.io/v2/kilowise/countries',
        headers: [['x-api-key', 'k']],
      }),
    ).toMatchObject({ kind: 'fetch' });
    for (const other of [
      undefined,
      'ready',
      { kind: 'done', runId: '3' },
      { kind: 'eval', code: 'alert(1)' },
      { type: 'webpackOk' },
    ]) {
      expect(readFrameMessage(other)).toBeUndefined();
    }
  });
});
