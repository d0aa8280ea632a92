import { transformerStyleToClass } from '@shikijs/transformers';
import type { ElementContent } from 'hast';
import { createHighlighter, type ShikiTransformer } from 'shiki';
import { shikiThemes } from '../content/code-highlight';

export const HIGHLIGHT_LANGUAGES = [
  'bash',
  'js',
  'ts',
  'json',
  'python',
  'go',
  'java',
  'csharp',
  'php',
  'ruby',
  'kotlin',
] as const;
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

/**
 * Fewer elements for the same colours: a token in the block's own text colour becomes plain text, and the
 * per-line wrappers go (these blocks highlight no lines), so a page with hundreds of samples keeps a DOM
 * that assistive technology and axe get through quickly. The text, newlines included, is unchanged.
 */
function transformerCompact(isPlain: (className: string) => boolean): ShikiTransformer {
  return {
    name: 'kilowise:compact',
    pre(node) {
      this.addClassToHast(node, 'shiki--compact');
    },
    code(node) {
      const flat: ElementContent[] = [];
      for (const line of node.children) {
        const parts = line.type === 'element' && line.properties.class === 'line' ? line.children : [line];
        for (const part of parts) {
          if (part.type === 'element' && isPlain(String(part.properties.class))) flat.push(...part.children);
          else flat.push(part);
        }
      }
      node.children = flat;
    },
  };
}

/**
 * A shiki highlighter that writes token colours as shared classes instead of inline styles: on a page
 * with hundreds of code blocks (the API reference) the same few colours repeat thousands of times.
 * `css()` returns the rules for every class used so far, for one <style> on the page.
 */
export async function createCodeHighlighter() {
  const highlighter = await createHighlighter({ themes: Object.values(shikiThemes), langs: [...HIGHLIGHT_LANGUAGES] });
  const toClass = transformerStyleToClass({ classPrefix: 'kw-' });
  // The token colour that is the block's own text colour in both themes.
  const plain =
    `--shiki-light:${highlighter.getTheme(shikiThemes.light).fg};--shiki-dark:${highlighter.getTheme(shikiThemes.dark).fg}`.toLowerCase();
  const compact = transformerCompact((className) => {
    const style = toClass.getClassRegistry().get(className);
    const text =
      typeof style === 'string'
        ? style
        : Object.entries(style ?? {})
            .map(([key, value]) => `${key}:${value}`)
            .join(';');
    return text.toLowerCase() === plain;
  });
  return {
    highlight(code: string, language: HighlightLanguage): string {
      return highlighter.codeToHtml(code, {
        lang: language,
        themes: shikiThemes,
        defaultColor: false,
        transformers: [toClass, compact],
      });
    },
    css: () => toClass.getCSS(),
    dispose: () => highlighter.dispose(),
  };
}
