/**
 * The URL of build-time HTML loaded on demand: one operation's detail or one schema tree (large specs),
 * or one request sample after the first (`{operationId}-{index}`), loaded when its tab opens.
 */
export function detailFragmentPath(kind: 'operation' | 'schema' | 'sample', id: string): string {
  return `/generated/api/${kind}/${encodeURIComponent(id)}.html`;
}

/** The whole reference's markup, for a client-side navigation to /api (the page's server markup holds it otherwise). */
export const REFERENCE_FRAGMENT_PATH = '/generated/api/reference.html';
