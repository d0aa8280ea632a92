/** The URL of the build-time HTML of one operation's detail or one schema tree (large specs). */
export function detailFragmentPath(kind: 'operation' | 'schema', id: string): string {
  return `/generated/api/${kind}/${encodeURIComponent(id)}.html`;
}
