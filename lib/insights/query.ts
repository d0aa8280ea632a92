// How a search query is kept, in a module of its own (no zod) so that the search dialog can use it in the browser.

/** Longest search query kept, after normalising. */
export const QUERY_CHARS = 200;

/** A query as search stores it: trimmed, lower-cased, runs of white space one space, at most 200 characters. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, QUERY_CHARS);
}
