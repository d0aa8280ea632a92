import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeAlerts } from './rehype-alerts';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // Raw HTML in a description is dropped, not passed through: a spec from outside must stay inert.
  .use(remarkRehype, { allowDangerousHtml: false })
  // And what Markdown itself can express (javascript: links, odd attributes) is cleaned by GitHub's rules.
  .use(rehypeSanitize)
  // GitHub's `> [!NOTE]` alerts read as the site's admonitions.
  .use(rehypeAlerts)
  .use(rehypeStringify);

/** Rendered descriptions by their Markdown: a large document repeats the same texts many times. */
const rendered = new Map<string, string>();

/** Renders a Markdown description from the spec to safe HTML (once per distinct text), or undefined for an empty one. */
export function markdownToSafeHtml(markdown: string | undefined): string | undefined {
  if (!markdown || markdown.trim() === '') return undefined;
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = String(processor.processSync(markdown)).trim();
    rendered.set(markdown, html);
  }
  return html;
}

/**
 * A description for the model: the Markdown as the document wrote it (the Markdown twins and the MCP server read
 * it, lib/markdown/description.ts) and its safe HTML (the pages show it); neither for an empty one.
 */
export function withDescription(markdown: string | undefined): { description?: string; descriptionHtml?: string } {
  const descriptionHtml = markdownToSafeHtml(markdown);
  return descriptionHtml && markdown ? { description: markdown, descriptionHtml } : {};
}
