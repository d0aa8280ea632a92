// The site's inline scripts (lib/inline-scripts/entries.ts), bundled by esbuild from ordinary
// modules at build time, so that they share code with the rest of the site instead of being hand copies.
import path from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The module `entry` (a path from the repository's root) and what it imports, as one minified script. */
export function bundleInlineScript(entry: string): string {
  const result = buildSync({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    platform: 'browser',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text.trim();
  if (!code) throw new Error(`[build] esbuild wrote nothing for ${entry}`);
  // A script's text must not close its own tag.
  if (/<\/script/i.test(code)) throw new Error(`[build] the inline script of ${entry} contains "</script"`);
  return code;
}
