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

/** A run of results on screen: one kind under its heading, or (kind undefined) one ranked list. */
export interface ResultGroup {
  kind?: SearchKind;
  results: SearchResult[];
}

/**
 * The results as the dialog lays them out: grouped by kind when each kind's results come together in
 * the ranking, so the groups keep its order; otherwise one ranked list, each result with its kind badge.
 */
export function layoutResults(results: readonly SearchResult[]): ResultGroup[] {
  const runs: ResultGroup[] = [];
  for (const result of results) {
    const last = runs.at(-1);
    if (last && last.kind === result.record.kind) last.results.push(result);
    else runs.push({ kind: result.record.kind, results: [result] });
  }
  const kinds = new Set(runs.map((run) => run.kind));
  return kinds.size === runs.length ? runs : [{ results: [...results] }];
}
