// `npm run inline:build`: bundles the layout's inline scripts (lib/browser/inline-script-entries.ts) from their
// modules with esbuild, into .generated/inline-scripts.json, which the layout reads.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_ENTRIES, INLINE_SCRIPTS_PATH, type InlineScripts } from '../lib/browser/inline-script-entries';
import { bundleInlineScript } from '../lib/build/inline-script';

const scripts: InlineScripts = { loadRecovery: bundleInlineScript(INLINE_SCRIPT_ENTRIES.loadRecovery) };
mkdirSync(path.dirname(INLINE_SCRIPTS_PATH), { recursive: true });
writeFileSync(INLINE_SCRIPTS_PATH, `${JSON.stringify(scripts)}\n`);
console.log(
  `[build] inline scripts: ${Object.entries(scripts)
    .map(([name, code]) => `${name} ${code.length} B`)
    .join(', ')}`,
);
