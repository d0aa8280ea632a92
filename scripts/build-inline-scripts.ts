// `npm run inline:build`: bundles every inline script of the site (lib/inline-scripts/entries.ts) from its module
// with esbuild, into .generated/inline-scripts.json, which the layout, the pages and the reference's renderer read.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleInlineScript } from '../lib/build/inline-script';
import {
  INLINE_SCRIPT_ENTRIES,
  INLINE_SCRIPTS_PATH,
  inlineScriptsSchema,
  type InlineScripts,
} from '../lib/inline-scripts/entries';

const scripts: InlineScripts = inlineScriptsSchema.parse(
  Object.fromEntries(Object.entries(INLINE_SCRIPT_ENTRIES).map(([name, entry]) => [name, bundleInlineScript(entry)])),
);
mkdirSync(path.dirname(INLINE_SCRIPTS_PATH), { recursive: true });
writeFileSync(INLINE_SCRIPTS_PATH, `${JSON.stringify(scripts)}\n`);
console.log(
  `[build] inline scripts: ${Object.entries(scripts)
    .map(([name, code]) => `${name} ${code.length} B`)
    .join(', ')}`,
);
