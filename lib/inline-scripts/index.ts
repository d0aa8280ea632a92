import 'server-only';
import type { InlineScripts } from './entries';
import { readInlineScripts } from './read';

let cached: InlineScripts | undefined;

/** The inline scripts bundled before `next build`, read once per server process. */
export function inlineScripts(): InlineScripts {
  cached ??= readInlineScripts();
  return cached;
}
