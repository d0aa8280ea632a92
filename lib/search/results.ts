import type { SearchKind, StoredRecord } from './records';

// What the search box shows, apart from the engine: the dialog is part of every page, and flexsearch and
// the index load only when search is first used.

export interface SearchResult {
  record: StoredRecord;
  /** The record's URL, or a deeper anchor when the query named one of its members. */
  url: string;
  score: number;
  /** The member the query named exactly, e.g. a property of an interface. */
  member?: string;
}

export interface SearchResponse {
  results: SearchResult[];
  /** The query actually run when the typed one had typos. */
  correctedQuery?: string;
}

/** Results grouped by kind, groups ordered by their best result. */
export function groupResults(results: readonly SearchResult[]): { kind: SearchKind; results: SearchResult[] }[] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const result of results) groups.set(result.record.kind, [...(groups.get(result.record.kind) ?? []), result]);
  return [...groups].map(([kind, grouped]) => ({ kind, results: grouped }));
}
