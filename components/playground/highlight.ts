import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';

// Shiki highlights every page at build time, but the playground's code changes as the reader types.
// highlight.js's core with four grammars is 12 KB gzip, against shiki's hundreds in the browser.
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('typescript', typescript);

export type HighlightLanguage = 'bash' | 'javascript' | 'json' | 'typescript';

/** Highlighted HTML of `code`; highlight.js escapes the text, so the HTML is safe to insert. */
export function highlight(code: string, language: HighlightLanguage): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
