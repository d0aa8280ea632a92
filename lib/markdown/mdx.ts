import type { Root, RootContent, PhrasingContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

/** A component that has no Markdown form of its own gives its content here (the client method table). */
export type MarkdownComponents = Record<string, () => RootContent[]>;

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

const attribute = (node: Jsx, name: string): string | undefined => {
  const found = node.attributes.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === name);
  return found && typeof found.value === 'string' ? found.value : undefined;
};

const strong = (text: string): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value: text }] });

/** A site component as plain Markdown: what a reader (or a model) of the `.md` twin should get. */
function markdownOf(node: Jsx, components: MarkdownComponents): RootContent[] {
  const children = node.children as RootContent[];
  switch (node.name) {
    case 'Admonition': {
      const title =
        attribute(node, 'title') ??
        (attribute(node, 'type') ?? 'note').replace(/^\w/, (letter) => letter.toUpperCase());
      return [
        { type: 'blockquote', children: [{ type: 'paragraph', children: [strong(title)] }, ...(children as never[])] },
      ];
    }
    case 'Tab':
      return [{ type: 'paragraph', children: [strong(attribute(node, 'label') ?? 'Tab')] }, ...children];
    case 'Card': {
      const title = attribute(node, 'title') ?? '';
      const href = attribute(node, 'href');
      const phrasing = new Set(['text', 'inlineCode', 'emphasis', 'strong', 'link', 'break']);
      const text = children.flatMap((child): PhrasingContent[] =>
        child.type === 'paragraph' ? child.children : phrasing.has(child.type) ? [child as PhrasingContent] : [],
      );
      const head: PhrasingContent = href
        ? { type: 'link', url: href, children: [{ type: 'text', value: title }] }
        : strong(title);
      return [
        {
          type: 'list',
          ordered: false,
          spread: false,
          children: [
            {
              type: 'listItem',
              spread: false,
              children: [
                {
                  type: 'paragraph',
                  children: [head, ...(text.length ? [{ type: 'text' as const, value: ': ' }, ...text] : [])],
                },
              ],
            },
          ],
        },
      ];
    }
    default: {
      const render = node.name ? components[node.name] : undefined;
      return render ? render() : children;
    }
  }
}

/**
 * MDX as clean Markdown: imports, exports and expressions go, the site's components become Markdown
 * (an admonition a quote, tabs labelled sections, cards a list of links), links to the site absolute, and
 * code blocks and tables stay as they are.
 */
export function mdxToMarkdown(source: string, options: { siteUrl: string; components?: MarkdownComponents }): string {
  const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).parse(source) as Root;
  const components = options.components ?? {};
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const replacement = markdownOf(node, components);
      (parent.children as RootContent[]).splice(index, 1, ...replacement);
      // Visit what replaced it (nested components, links).
      return [SKIP, index];
    }
    if ((node.type === 'link' || node.type === 'definition') && node.url.startsWith('/'))
      node.url = `${options.siteUrl}${node.url}`;
    return undefined;
  });
  return unified().use(remarkGfm).use(remarkStringify, { bullet: '-', fences: true, rule: '-' }).stringify(tree).trim();
}
