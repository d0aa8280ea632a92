import type { MatchTerms } from './passage';
import { BREADCRUMB_SEPARATOR, type StoredRecord } from './records';

// What the search box shows, apart from the engine: the dialog is part of every page, and flexsearch and
// the index load only when search is first used.

export interface SearchResult {
  record: StoredRecord;
  /** The record's URL, or a deeper anchor when the query named one of its members. */
  url: string;
  score: number;
  /** The member the query named exactly, e.g. a property of an interface. */
  member?: string;
  /** The one or two sentences of the section that best match the query (once the passages are in). */
  passage?: string;
}

export interface SearchResponse {
  results: SearchResult[];
  /** The query actually run when the typed one had typos. */
  correctedQuery?: string;
  /** The terms results mark in their titles and passages. */
  terms: MatchTerms;
}

/** The page a result belongs to: a guide or SDK page, an API tag, the schemas, or a TypeDoc page. */
export interface ResultPage {
  key: string;
  /** The page's breadcrumb, as its sub-results share it. */
  label: string;
}

/** Each record's page, made once: the dialog groups its results at every key. */
const pages = new WeakMap<StoredRecord, ResultPage>();

export function resultPage(result: SearchResult): ResultPage {
  const { record } = result;
  let page = pages.get(record);
  if (!page) {
    page = pageOf(record);
    pages.set(record, page);
  }
  return page;
}

function pageOf(record: StoredRecord): ResultPage {
  const parts = record.breadcrumb.split(BREADCRUMB_SEPARATOR);
  if (record.kind === 'api' || record.kind === 'schema') {
    const label = parts.slice(0, 2).join(BREADCRUMB_SEPARATOR);
    return { key: label, label };
  }
  const [path = record.url, anchor] = record.url.split('#');
  // A section's breadcrumb ends with its own heading; the page is what comes before it.
  const label =
    anchor !== undefined && record.kind !== 'type' && parts.length > 1
      ? parts.slice(0, -1).join(BREADCRUMB_SEPARATOR)
      : record.breadcrumb;
  return { key: path, label };
}

/** A page with its matching sections, best first. */
export interface PageGroup {
  page: ResultPage;
  results: SearchResult[];
}

/**
 * The results grouped under their pages, as Pagefind's sub-results and DocSearch's hierarchy do: pages in the
 * order of their best section, and within a page its sections in ranking order, at most `perPage` of them.
 */
export function groupByPage(results: readonly SearchResult[], perPage = Infinity): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const result of results) {
    const page = resultPage(result);
    const group = groups.get(page.key);
    if (!group) groups.set(page.key, { page, results: [result] });
    else if (group.results.length < perPage) group.results.push(result);
  }
  return [...groups.values()];
}

/** The results in the order they are shown: grouped by page, at most `perPage` sections of each. */
export const orderByPage = (results: readonly SearchResult[], perPage = Infinity): SearchResult[] =>
  groupByPage(results, perPage).flatMap((group) => group.results);
