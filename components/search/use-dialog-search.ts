import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { orderByPage, type SearchResult } from '@/lib/search/results';
import { forgetSearch, readRecentSearches, rememberSearch, type RecentSearch } from '@/lib/search/recent';
import { SEARCH_SUGGESTIONS } from '@/lib/search/suggestions';
import { useSearchInsight } from '@/components/feedback/use-search-insight';
import type { EmptyOption } from './search-empty-state';
import { timedSearch } from './timed-search';
import { useSearchEngine, type SearchStatus } from './use-search-engine';

/** Results in the dialog, grouped by page; "See all results" opens the rest on /search. */
const DIALOG_RESULTS = 12;
/** Sections shown under one page in the dialog, as Pagefind's sub-results; /search shows them all. */
const DIALOG_SECTIONS_PER_PAGE = 3;

/** The results the dialog shows, of the ranked ones: by page, at most DIALOG_RESULTS. Only these are quoted. */
const dialogResults = (ranked: readonly SearchResult[]) =>
  orderByPage(ranked, DIALOG_SECTIONS_PER_PAGE).slice(0, DIALOG_RESULTS);

/** What the dialog's search is told by the dialog. */
export type DialogSearchProps = {
  initialQuery: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

/** What the dialog's parts read from its search and call on it. */
export type DialogSearch = ReturnType<typeof useDialogSearch>;

/**
 * The dialog's search: the query, the engine's results (or the recent searches and suggestions while the query is
 * empty), the option the arrow keys have reached, and what opening one does. Enter pressed before the index arrived
 * opens the query's first result once it has.
 */
export function useDialogSearch({ initialQuery, onQueryChange, onClose, inputRef }: DialogSearchProps) {
  const router = useRouter();
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const { recent, remember, forget } = useRecentSearches();
  // The query Enter was pressed on before the index arrived: its first result opens once it has.
  const pendingEnter = useRef<string | null>(null);
  const [status, retry] = useSearchEngine((engine) => {
    const pending = pendingEnter.current;
    pendingEnter.current = null;
    const first = pending ? engine.search(pending).results[0] : undefined;
    if (first) openResult(first);
  });
  const { response, results, emptyOptions, optionCount } = useDialogOptions(status, query, recent);
  const insight = useSearchInsight(query, response?.results.length ?? 0);

  function changeQuery(next: string) {
    pendingEnter.current = null;
    onQueryChange(next);
    setQuery(next);
    setActive(0);
  }

  function openResult(result: SearchResult) {
    insight.opened(results.indexOf(result) + 1);
    remember({
      kind: result.record.kind,
      title: result.record.title,
      breadcrumb: result.record.breadcrumb,
      url: result.url,
    });
    onClose();
    router.push(result.url);
  }

  function activateEmptyOption(option: EmptyOption) {
    if (option.type === 'suggestion') {
      changeQuery(option.query);
      inputRef.current?.focus();
      return;
    }
    remember(option.entry);
    onClose();
    router.push(option.entry.url);
  }

  /** Enter on the field: the active option, or, while the index loads, the query's first result once it is in. */
  function openActive() {
    const result = results[active];
    const option = emptyOptions[active];
    if (result) openResult(result);
    else if (option) activateEmptyOption(option);
    else if (status.state === 'loading' && query.trim()) pendingEnter.current = query;
  }

  return {
    query,
    active,
    setActive,
    recent,
    forget,
    status,
    retry,
    response,
    results,
    optionCount,
    changeQuery,
    openResult,
    activateEmptyOption,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) =>
      answerKey(event, { optionCount, setActive, field: inputRef.current, openActive }),
  };
}

/** The searches the reader opened before, newest first, kept across visits. */
function useRecentSearches() {
  const [recent, setRecent] = useState<RecentSearch[]>(() => readRecentSearches());
  return {
    recent,
    remember: (entry: RecentSearch) => setRecent(rememberSearch(entry)),
    forget: (url: string) => setRecent(forgetSearch(url)),
  };
}

/** What the dialog lists: the query's results by page, or, while the query is empty, recent searches and suggestions. */
function useDialogOptions(status: SearchStatus, query: string, recent: RecentSearch[]) {
  const response = useMemo(
    () =>
      status.state === 'ready' && query.trim()
        ? timedSearch(status.engine, query, undefined, dialogResults)
        : undefined,
    [status, query],
  );
  const results = useMemo(() => dialogResults(response?.results ?? []), [response]);
  const emptyOptions: EmptyOption[] = query.trim()
    ? []
    : [
        ...recent.map((entry): EmptyOption => ({ type: 'recent', entry })),
        ...SEARCH_SUGGESTIONS.map((suggestion): EmptyOption => ({ type: 'suggestion', query: suggestion })),
      ];
  const optionCount = query.trim() ? results.length : emptyOptions.length;
  return { response, results, emptyOptions, optionCount };
}

/** The keys the dialog answers: the arrows move through the options, round from the last to the first; Enter on the field opens. */
function answerKey(
  event: KeyboardEvent<HTMLDivElement>,
  keys: {
    optionCount: number;
    setActive: (move: (current: number) => number) => void;
    field: HTMLInputElement | null;
    openActive: () => void;
  },
) {
  const { optionCount } = keys;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (optionCount === 0) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    keys.setActive((current) => (current + step + optionCount) % optionCount);
  } else if (event.key === 'Enter' && event.target === keys.field) {
    event.preventDefault();
    keys.openActive();
  }
}
