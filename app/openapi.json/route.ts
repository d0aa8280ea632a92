import { readBuiltDocument } from '@/lib/openapi';

export const dynamic = 'force-static';

/** The API contract the site was built from, for client generators and tools: the same document as `/openapi.yaml`. */
export function GET() {
  return new Response(readBuiltDocument(), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
