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
