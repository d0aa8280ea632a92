import type { RehypeShikiOptions } from '@shikijs/rehype';
import { transformerMetaHighlight } from '@shikijs/transformers';
import type { ShikiTransformer } from 'shiki';

/**
 * Light and dark themes; CSS picks one by the `dark` class on <html>, so no JS switches colours. Every token
 * colour of both meets WCAG AA (4.5:1) on the code background of its mode (#f6f8fa, #161b22); the older
 * github-light and github-dark do not (their orange, red and comment colours).
 */
export const shikiThemes = { light: 'github-light-high-contrast', dark: 'github-dark-default' } as const;

const TITLE_META = /title="([^"]*)"/;

/** Reads `title="…"` from a fence's meta (```ts title="client.ts") into a data attribute on <pre>. */
export function transformerMetaTitle(): ShikiTransformer {
  return {
    name: 'kilowise:meta-title',
    pre(node) {
      const title = TITLE_META.exec(this.options.meta?.__raw ?? '')?.[1];
      if (title) node.properties['data-title'] = title;
      node.properties['data-language'] = this.options.lang;
    },
  };
}

/** `{1,3-4}` in the meta highlights those lines; `title="…"` names the block. */
export const codeBlockTransformers: ShikiTransformer[] = [transformerMetaHighlight(), transformerMetaTitle()];

/**
 * `@shikijs/rehype`'s options for the code blocks of guides and package READMEs. A grammar loads when a page first
 * uses its language (a name shiki does not know stops the build, naming the page); left to its default, the
 * plugin loaded all of shiki's 200 grammars in every process that renders Markdown, about 9 s each.
 */
export const rehypeShikiOptions: RehypeShikiOptions = {
  themes: shikiThemes,
  langs: [],
  lazy: true,
  defaultColor: false,
  transformers: codeBlockTransformers,
};
