import { markdownToSafeHtml } from '../openapi/markdown';
import type { TextBlock } from './model';
import type { Comment, CommentPart } from './typedoc-json';

/** How a `{@link}` target is found: its page URL, or undefined when it has none. */
export type LinkResolver = (target: unknown) => string | undefined;

function toMarkdown(parts: readonly CommentPart[], linkOf: LinkResolver): string {
  return parts
    .map((part) => {
      if (part.kind === 'inline-tag' && part.tag?.startsWith('@link')) {
        const href = linkOf(part.target);
        return href ? `[\`${part.text}\`](${href})` : `\`${part.text}\``;
      }
      return part.text;
    })
    .join('');
}

/** A comment as sanitised HTML (links resolved) and as plain text. */
export function textBlock(parts: readonly CommentPart[] | undefined, linkOf: LinkResolver): TextBlock | undefined {
  if (!parts || parts.length === 0) return undefined;
  const markdown = toMarkdown(parts, linkOf).trim();
  const html = markdownToSafeHtml(markdown);
  if (!html) return undefined;
  const text = parts
    .map((part) => (part.kind === 'code' ? part.text.replace(/^`+|`+$/g, '') : part.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

export const blockTag = (comment: Comment | undefined, tag: string) =>
  comment?.blockTags?.find((block) => block.tag === tag);
export const blockTags = (comment: Comment | undefined, tag: string) =>
  comment?.blockTags?.filter((block) => block.tag === tag) ?? [];
/** The code of an @example, without its fence. */
export const codeOf = (parts: readonly CommentPart[]) =>
  parts
    .map((part) => part.text)
    .join('')
    .trim()
    .replace(/^```[a-z]*\n?/, '')
    .replace(/\n?```$/, '')
    .trim();
/** A one-word tag's value: `@apiSchema EvPreferences` → `EvPreferences`. */
export const plainTag = (comment: Comment | undefined, tag: string) => {
  const block = blockTag(comment, tag);
  return block
    ? block.content
        .map((part) => part.text)
        .join('')
        .trim()
    : undefined;
};
