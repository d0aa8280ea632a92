// The feedback widget's JavaScript as the pages ship it (#52): its modules bundled and minified with esbuild, React
// and Next left out (every page has them already), gzipped. Measured by `npm run bench` and held by its test.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The widget's budget: at most 3 KB of gzip JavaScript. */
export const WIDGET_BUDGET_BYTES = 3 * 1024;
/** The widget's modules, in components/feedback/. */
const WIDGET_MODULES = ['page-feedback.client', 'sample-flag.client', 'page-view.client', 'static-widgets'];

/** The widget's modules bundled and minified; its gzip size in bytes. */
export async function widgetGzipBytes(): Promise<number> {
  const result = await build({
    stdin: {
      contents: WIDGET_MODULES.map((name) => `export * from './components/feedback/${name}';`).join('\n'),
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
