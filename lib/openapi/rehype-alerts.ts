import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** GitHub's alert kinds, each with its title and the site's admonition style (components/mdx/admonition.tsx). */
const ALERTS = {
  NOTE: { title: 'Note', style: 'note' },
  TIP: { title: 'Tip', style: 'tip' },
  IMPORTANT: { title: 'Important', style: 'info' },
  WARNING: { title: 'Warning', style: 'warning' },
  CAUTION: { title: 'Caution', style: 'danger' },
} as const;

const MARKER = /^\s*\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*\n?/i;

const isElement = (node: ElementContent | undefined): node is Element => node?.type === 'element';

/**
 * GitHub's alerts in a description (`> [!NOTE]` on a blockquote's first line, as GitHub's own OpenAPI documents
 * write them) become the site's admonitions, titled as GitHub titles them. Runs after sanitising: it only
 * rewraps what is already safe.
 */
export function rehypeAlerts() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'blockquote' || index === undefined || !parent) return;
      const first = node.children.find(isElement);
      const text = first?.tagName === 'p' ? first.children[0] : undefined;
      const marker = text?.type === 'text' ? MARKER.exec(text.value) : null;
      if (!first || !text || text.type !== 'text' || !marker) return;
      const alert = ALERTS[(marker[1] ?? '').toUpperCase() as keyof typeof ALERTS];
      text.value = text.value.slice(marker[0].length);
      if (text.value === '') first.children.shift();
      const body = node.children.filter(
        (child) => child !== first || first.children.some((part) => part.type !== 'text' || part.value.trim() !== ''),
      );
      parent.children[index] = {
        type: 'element',
        tagName: 'aside',
        properties: { className: ['admonition', `admonition--${alert.style}`], ariaLabel: alert.title },
        children: [
          {
            type: 'element',
            tagName: 'p',
            properties: { className: ['admonition__title'] },
            children: [{ type: 'text', value: alert.title }],
          },
          { type: 'element', tagName: 'div', properties: { className: ['admonition__body'] }, children: body },
        ],
      };
    });
  };
}
