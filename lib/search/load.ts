import type { SearchEngine } from './engine';
import { isSerializedIndex } from './records';

/** Where the build puts the index (app/search-index.json/route.ts). */
export const SEARCH_INDEX_URL = '/search-index.json';

let loading: Promise<SearchEngine> | undefined;

/** Thrown when the index cannot be fetched or read; names the URL. */
export class SearchIndexError extends Error {
  override name = 'SearchIndexError';
}

async function fetchEngine(url: string): Promise<SearchEngine> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new SearchIndexError(`Could not load the search index from ${url}: the network request failed.`, { cause });
  }
  if (!response.ok) throw new SearchIndexError(`Could not load the search index from ${url}: HTTP ${response.status}.`);
  const data: unknown = await response.json().catch(() => undefined);
  if (!isSerializedIndex(data)) throw new SearchIndexError(`The search index at ${url} is not in the expected format.`);
  // flexsearch comes with the index, on first use, never with the page.
  const { SearchEngine } = await import('./engine');
  return new SearchEngine(data);
}

/** The search engine and its index, fetched once on first use; a failed load can be retried. */
export function loadSearchEngine(url = SEARCH_INDEX_URL): Promise<SearchEngine> {
  loading ??= fetchEngine(url).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts fetching the engine and the index (on hover or focus of the search box). */
export function prefetchSearchEngine(): void {
  loadSearchEngine().catch(() => {
    // The dialog shows the failure when it opens; a prefetch failure alone needs no noise.
  });
}
