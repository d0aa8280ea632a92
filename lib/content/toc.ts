import GithubSlugger from 'github-slugger';
import { toString as mdastToString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Heading } from 'mdast';

/** One entry of a page's table of contents. */
export interface TocEntry {
  depth: 2 | 3;
  text: string;
  /** Equal to the id rehype-slug gives the rendered heading. */
  id: string;
}

/** Heading levels shown in the table of contents. */
export const TOC_MIN_DEPTH = 2;
export const TOC_MAX_DEPTH = 3;

/**
 * Reads the h2 and h3 headings of an MDX body. Ids come from the same slugger rehype-slug uses, fed
 * every heading in document order, so duplicates get the same `-1`, `-2` suffixes as the page.
 */
export function extractToc(mdxBody: string): TocEntry[] {
  const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).parse(mdxBody);
  const slugger = new GithubSlugger();
  const entries: TocEntry[] = [];
  visit(tree, 'heading', (node: Heading) => {
    const text = mdastToString(node);
    const id = slugger.slug(text);
    if (node.depth >= TOC_MIN_DEPTH && node.depth <= TOC_MAX_DEPTH) entries.push({ depth: node.depth as TocEntry['depth'], text, id });
  });
  return entries;
}
