import { transformerStyleToClass } from '@shikijs/transformers';
import { createHighlighter } from 'shiki';
import { shikiThemes } from '../content/code-highlight';

export const HIGHLIGHT_LANGUAGES = ['bash', 'js', 'ts', 'json'] as const;
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

/**
 * A shiki highlighter that writes token colours as shared classes instead of inline styles: on a page
 * with hundreds of code blocks (the API reference) the same few colours repeat thousands of times.
 * `css()` returns the rules for every class used so far, for one <style> on the page.
 */
export async function createCodeHighlighter() {
  const highlighter = await createHighlighter({ themes: Object.values(shikiThemes), langs: [...HIGHLIGHT_LANGUAGES] });
  const toClass = transformerStyleToClass({ classPrefix: 'kw-' });
  return {
    highlight(code: string, language: HighlightLanguage): string {
      return highlighter.codeToHtml(code, { lang: language, themes: shikiThemes, defaultColor: false, transformers: [toClass] });
    },
    css: () => toClass.getCSS(),
    dispose: () => highlighter.dispose(),
  };
}
