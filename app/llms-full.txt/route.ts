import { llmsFullTxt, markdownTwins } from '@/lib/markdown/twins';

export const dynamic = 'force-static';

/** Every page's Markdown twin in one file. */
export function GET() {
  return new Response(llmsFullTxt(markdownTwins()), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
