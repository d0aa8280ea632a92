import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { visit } from 'unist-util-visit';

/**
 * The site's sanitised description HTML (paragraphs, lists, code, links, emphasis) as Markdown, for the
 * Markdown twins: parsed to a tree (hast), turned into Markdown's tree (mdast) and written out, as
 * rehype-remark does. Links to the site's own pages become absolute with `siteUrl`.
 */
export function htmlToMarkdown(html: string | undefined, siteUrl = ''): string {
  if (!html) return '';
  const tree = fromHtml(html, { fragment: true });
  visit(tree, 'element', (node) => {
    const href = node.tagName === 'a' ? node.properties.href : undefined;
    if (typeof href === 'string' && href.startsWith('/')) node.properties.href = `${siteUrl}${href}`;
  });
  return toMarkdown(toMdast(tree), { bullet: '-', emphasis: '_', strong: '*', fences: true, listItemIndent: 'one' })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
