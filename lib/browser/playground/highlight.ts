import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import csharp from 'highlight.js/lib/languages/csharp';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import typescript from 'highlight.js/lib/languages/typescript';
import type { SampleLanguage } from '@/lib/samples/languages';

// Shiki highlights every page at build time, but the playground's code changes as the reader types.
// highlight.js's core with the sample languages' grammars is a small chunk, against shiki's hundreds of KB.
// Registered under the names the samples use (lib/samples/languages.ts), which are shiki's.
const grammars = { bash, js: javascript, ts: typescript, json, python, go, java, csharp, php, ruby, kotlin };
for (const [name, grammar] of Object.entries(grammars)) hljs.registerLanguage(name, grammar);

export type HighlightLanguage = SampleLanguage['highlight'] | 'json';

/** Highlighted HTML of `code`; highlight.js escapes the text, so the HTML is safe to insert. */
export function highlight(code: string, language: HighlightLanguage): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
