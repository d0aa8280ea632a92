import { llmsTxt, markdownTwins } from '@/lib/markdown/twins';

export const dynamic = 'force-static';

/** The llms.txt convention: the site, then every page's Markdown twin by area, with its description. */
export function GET() {
  return new Response(llmsTxt(markdownTwins()), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
