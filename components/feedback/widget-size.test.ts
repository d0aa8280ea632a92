// The widget's budget (#52): at most 3 KB of gzip for its JavaScript, measured as the pages ship it (minified,
// React and Next left out, as every page has them already).
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WIDGET_BUDGET_BYTES = 3 * 1024;

/** The widget's modules bundled and minified; its gzip size in bytes. */
async function widgetGzipBytes(): Promise<number> {
  const result = await build({
    stdin: {
      contents: ['page-feedback.client', 'sample-flag.client', 'page-view.client', 'static-widgets']
        .map((name) => `export * from './components/feedback/${name}';`)
        .join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    write: false,
    external: ['react', 'react/jsx-runtime', 'next/navigation'],
    loader: { '.css': 'empty' },
    alias: { '@': ROOT },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('[widget] esbuild wrote no bundle');
  return gzipSync(code, { level: 9 }).byteLength;
}

describe('the feedback widget', () => {
  it('ships at most 3 KB of gzip JavaScript', async () => {
    const bytes = await widgetGzipBytes();
    // Not empty: a bundle that lost its modules would pass the budget.
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
  });
});
