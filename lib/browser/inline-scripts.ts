import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseWith } from '../validation';
import { INLINE_SCRIPTS_PATH, inlineScriptsSchema, type InlineScripts } from './inline-script-entries';

let cached: InlineScripts | undefined;

/** The inline scripts bundled before `next build` (scripts/build-inline-scripts.ts); a missing file names the command. */
export function inlineScripts(): InlineScripts {
  if (cached) return cached;
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'inline-scripts.json'), 'utf8');
  } catch (error) {
    throw new Error(
      `[build] ${INLINE_SCRIPTS_PATH} is missing: run \`npm run inline:build\` (part of \`npm run build\`)`,
      {
        cause: error,
      },
    );
  }
  cached = parseWith(inlineScriptsSchema, JSON.parse(raw), INLINE_SCRIPTS_PATH);
  return cached;
}
