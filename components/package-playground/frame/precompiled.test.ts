import vm from 'node:vm';
import { build } from 'esbuild';
import type { transform as Transform } from 'sucrase';
import { beforeAll, describe, expect, it } from 'vitest';
import { readExamples } from '@/lib/package-playground/examples';
import { SDK_PACKAGES } from '@/lib/sdk/packages';
import { compile } from './run-code';

/**
 * The frame's compiler script as the build makes it (scripts/build-playground-frame.ts: esbuild, minified, for the
 * browser), run in a context of its own: the transform the frame would compile the reader's code with.
 */
async function frameCompiler(): Promise<typeof Transform> {
  const result = await build({
    entryPoints: ['components/package-playground/frame/compiler.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    write: false,
    logLevel: 'error',
  });
  const script = result.outputFiles[0]?.text;
  if (!script) throw new Error('esbuild wrote no compiler script');
  const frame: { window: { dispatchEvent: () => boolean }; Event: typeof Event; kilowiseCompile?: typeof Transform } = {
    window: { dispatchEvent: () => true },
    Event,
  };
  vm.runInNewContext(script, frame);
  if (!frame.kilowiseCompile) throw new Error('the compiler script set no kilowiseCompile');
  return frame.kilowiseCompile;
}

describe('the examples, compiled ahead of time', () => {
  beforeAll(async () => {
    globalThis.kilowiseCompile = await frameCompiler();
  });

  it("are, for every example, byte for byte what the frame's compiler gives for its code", () => {
    let checked = 0;
    for (const pkg of SDK_PACKAGES) {
      for (const example of readExamples(pkg)) {
        expect(example.compiled, `${pkg}/${example.id}`).toBe(compile(example.code));
        expect(example.compiled, `${pkg}/${example.id}`).not.toBe(example.code);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(SDK_PACKAGES.length * 3);
  });
});
