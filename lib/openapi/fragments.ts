/**
 * Where the reference's build-time HTML is served from: `/generated/api/{build}/…`, one folder per rendering (named by
 * a hash of the model), so builds side by side never share files and a page open across a deploy still loads the
 * fragments of its own build.
 */
export const FRAGMENTS_BASE = '/generated/api';

/**
 * The URL of build-time HTML loaded on demand: one schema tree (what a named schema's disclosure shows while its
 * section is not DOM).
 */
export function detailFragmentPath(root: string, kind: 'schema', id: string): string {
  return `${root}/${kind}/${encodeURIComponent(id)}.html`;
}

/**
 * The request samples of one language for one tag's operations (`samples/{language}/{tag}.html`): picking a
 * language fetches a file per tag in view, not one per operation, and only the default language is in the page.
 */
export function sampleFragmentPath(root: string, language: string, tagSlug: string): string {
  return `${root}/samples/${encodeURIComponent(language)}/${encodeURIComponent(tagSlug)}.html`;
}

/**
 * The URL of a large document's group of whole cards, stored gzipped: the browser inflates it
 * (lib/browser/api-reference/load-detail.ts), so the files a large reference writes stay a fraction of the document's size.
 */
export function chunkPath(root: string, number: number): string {
  return `${root}/chunk/${number}.html.gz`;
}

/** The whole reference's markup, for a client-side navigation to /api (the page's server markup holds it otherwise). */
export function referenceFragmentPath(root: string): string {
  return `${root}/reference.html`;
}

/** Large documents: which chunk file holds each anchor (`{ chunks: [src…], anchors: { anchor: chunk } }`). */
export function anchorIndexPath(root: string): string {
  return `${root}/anchors.json`;
}

/** The anchor index's shape. */
export interface AnchorIndex {
  chunks: string[];
  anchors: Record<string, number>;
}
