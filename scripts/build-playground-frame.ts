// Build step: the preview frame of the package playgrounds (components/package-playground/frame) as a
// static page of its own, public/generated/package-playground/frame.html with its script and styles.
// It is a separate document so that it can be a sandboxed iframe: the reader's code runs in an origin of
// its own, with its own copy of React and the four packages. esbuild bundles it (Next.js bundles pages,
// not standalone documents); the names carry a content hash, so a new build never meets an old cache. The
// compiler is a script of its own that frame.html names but does not load: the frame loads it only for code
// that is not an example's own, since the page sends each example compiled (lib/package-playground/examples.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { COMPILER_META, FRAME_DIR, FRAME_PATH } from '../lib/package-playground/frame-url';
import { runMain } from '../lib/build/run-main';

const ENTRY = 'components/package-playground/frame/main.tsx';
/** sucrase, in a script of its own: loaded only when there is code to compile, and run as a task of its own. */
const COMPILER = 'components/package-playground/frame/compiler.ts';
const OUT_DIR = path.join('public', FRAME_DIR);

async function main(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    entryPoints: [ENTRY, COMPILER],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: OUT_DIR,
    entryNames: '[name].[hash]',
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.relative(OUT_DIR, file));
  const script = outputs.find((file) => file.startsWith('main.') && file.endsWith('.js'));
  const compiler = outputs.find((file) => file.startsWith('compiler.') && file.endsWith('.js'));
  const style = outputs.find((file) => file.endsWith('.css'));
  if (!script || !compiler || !style)
    throw new Error(`[playground] esbuild wrote no script or no stylesheet for ${ENTRY}: ${outputs.join(', ')}`);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<title>Preview</title>',
    // Inline: an opaque-origin document cannot read the rules of a stylesheet from the site (tools such as
    // axe would fetch it again, which the frame's policy forbids).
    `<style>${readFileSync(path.join(OUT_DIR, style), 'utf8')}</style>`,
    `<script src="${script}" defer></script>`,
    // The runtime adds the compiler's script when it first has code to compile (run-code.ts, compilerReady).
    `<meta name="${COMPILER_META}" content="${compiler}">`,
    '</head>',
    '<body><main id="root"></main></body>',
    '</html>',
    '',
  ].join('\n');
  writeFileSync(path.join('public', FRAME_PATH), html);
  rmSync(path.join(OUT_DIR, style));
  const gzip = (file: string) => (gzipSync(readFileSync(path.join('public', file))).length / 1024).toFixed(1);
  console.log(
    `[playground] /${FRAME_PATH}: ${gzip(FRAME_PATH)} KB gzip, with ${script} ${gzip(path.join(FRAME_DIR, script))} KB gzip; ${compiler}, loaded on demand, ${gzip(path.join(FRAME_DIR, compiler))} KB gzip`,
  );
}

runMain(main);
