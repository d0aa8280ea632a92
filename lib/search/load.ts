import { whenIdle } from '../browser/when-idle';
import type { SearchEngine } from './engine';
import { isSerializedIndex, isSerializedPassages } from './records';

/**
 * Where this build put the first stage of the index (scripts/build-search-index.ts; next.config.mjs inlines the
 * URL). Without a build, as under unit tests, a URL that names what is missing.
 */
export const SEARCH_INDEX_URL = process.env.KILOWISE_SEARCH_INDEX_URL ?? '/generated/search/unbuilt/index.json';
/** Where this build put the second stage: the text's terms and the passages. */
export const SEARCH_PASSAGES_URL =
  process.env.KILOWISE_SEARCH_PASSAGES_URL ?? '/generated/search/unbuilt/passages.json';

let loading: Promise<SearchEngine> | undefined;
let passages: Promise<SearchEngine> | undefined;

/** Thrown when the index cannot be fetched or read; names the URL. */
export class SearchIndexError extends Error {
  override name = 'SearchIndexError';
}

/** One of the two files as JSON (undefined when it is not JSON); a failed request names `what` and the URL. */
async function fetchJson(url: string, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new SearchIndexError(`Could not load ${what} from ${url}: the network request failed.`, { cause });
  }
  if (!response.ok) throw new SearchIndexError(`Could not load ${what} from ${url}: HTTP ${response.status}.`);
  return response.json().catch(() => undefined);
}

async function fetchEngine(url: string): Promise<SearchEngine> {
  const data = await fetchJson(url, 'the search index');
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

async function fetchPassages(engine: SearchEngine, url: string): Promise<SearchEngine> {
  const data = await fetchJson(url, 'the search passages');
  if (!isSerializedPassages(data, engine.size))
    throw new SearchIndexError(`The search passages at ${url} are not in the expected format, or not of this index.`);
  engine.attachPassages(data);
  prepareWhenIdle(engine);
  return engine;
}

/** What one idle slice may spend stemming sentences: well under a frame, so typing never waits for it. */
const IDLE_SLICE_MS = 8;

/** Stems the passages' sentences in the browser's idle time, a slice at a time, until all are made. */
function prepareWhenIdle(engine: SearchEngine): void {
  if (typeof window === 'undefined') return;
  const step = () => {
    if (!engine.prepareSentences(IDLE_SLICE_MS)) whenIdle(step, 2000);
  };
  whenIdle(step, 2000);
}

/**
 * The second stage, fetched once the first results can show: the text's terms, for ranking on every word,
 * and the sentences results quote. Until it is in, results show without passages; a failed load can be retried.
 */
export function loadSearchPassages(engine: SearchEngine, url = SEARCH_PASSAGES_URL): Promise<SearchEngine> {
  if (engine.hasPassages) return Promise.resolve(engine);
  passages ??= fetchPassages(engine, url).catch((error: unknown) => {
    passages = undefined;
    throw error;
  });
  return passages;
}
