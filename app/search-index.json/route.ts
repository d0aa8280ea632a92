import { getSiteSearchIndex } from '@/lib/search/site';

// Built once at `next build` into a static file; the search box fetches it on first use.
export const dynamic = 'force-static';

export function GET() {
  return Response.json(getSiteSearchIndex());
}
