import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

const parser = unified().use(remarkParse).use(remarkGfm);
const writer = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, listItemIndent: 'one' });

/**
 * A description as the document wrote it (Markdown), for the Markdown twins and the MCP server: read as a tree
 * (mdast) and written out again, with two changes that keep it to what the page shows. Raw HTML is dropped, as the
 * page's rendering drops it; links to the site's own pages (`/docs/…`, `/api#…`) become absolute with `siteUrl`,
 * since a Markdown file is read away from the site.
 */
export function descriptionMarkdown(markdown: string | undefined, siteUrl = ''): string {
  if (!markdown || markdown.trim() === '') return '';
  const key = `${siteUrl}\u0000${markdown}`;
  let written = remembered.get(key);
  if (written === undefined) {
    written = rewritten(markdown, siteUrl);
    // The descriptions of one build are a fixed set; the bound is for a process that reads several documents.
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, written);
  }
  return written;
}

/**
 * What descriptionMarkdown gave for each description and site URL: an MCP call of get_operation or get_schema wrote
 * the same descriptions again each time, a third of the call's work.
 */
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 5000;

function rewritten(markdown: string, siteUrl: string): string {
  const tree = parser.parse(markdown) as Root;
  visit(tree, (node, index, parent) => {
    if (node.type === 'html' && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if ((node.type === 'link' || node.type === 'definition') && node.url.startsWith('/') && !node.url.startsWith('//'))
      node.url = `${siteUrl}${node.url}`;
    return undefined;
  });
  return writer
    .stringify(tree)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
