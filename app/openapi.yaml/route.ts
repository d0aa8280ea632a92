import { stringify } from 'yaml';
import { readBuiltDocument } from '@/lib/openapi';

export const dynamic = 'force-static';

/** The API contract the site was built from, as YAML: the same document as `/openapi.json`. */
export function GET() {
  // No anchors or aliases: a generator reads every value where it stands.
  const text = stringify(JSON.parse(readBuiltDocument()), { aliasDuplicateObjects: false, lineWidth: 0 });
  return new Response(text, { headers: { 'content-type': 'application/yaml; charset=utf-8' } });
}
