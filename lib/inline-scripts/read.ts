import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseWith } from '../validation';
import { INLINE_SCRIPTS_PATH, inlineScriptsSchema, type InlineScripts } from './entries';

/**
 * The inline scripts bundled ahead of time (scripts/build-inline-scripts.ts), as the pages and the reference's
 * renderer (scripts/api-reference/render-fragments.tsx) put them in the HTML; a missing file names the command.
 */
export function readInlineScripts(): InlineScripts {
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'inline-scripts.json'), 'utf8');
  } catch (error) {
    throw new Error(
      `[build] ${INLINE_SCRIPTS_PATH} is missing: run \`npm run inline:build\` (part of \`npm run build\`)`,
      { cause: error },
    );
  }
  return parseWith(inlineScriptsSchema, JSON.parse(raw), INLINE_SCRIPTS_PATH);
}
