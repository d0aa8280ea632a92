'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { NO_TERMS } from '@/lib/search/passage';
import { orderByPage, type SearchResponse, type SearchResult } from '@/lib/search/results';
import { forgetSearch, readRecentSearches, rememberSearch, type RecentSearch } from '@/lib/search/recent';
import { SEARCH_SUGGESTIONS } from '@/lib/search/suggestions';
import { SearchIcon } from './search-icon';
import { SearchEmptyState, type EmptyOption } from './search-empty-state';
import { SearchNoResults } from './search-no-results';
import { optionId, SearchResults } from './search-results';
import { timedSearch } from './timed-search';
import { useSearchInsight } from '@/components/feedback/use-search-insight';
import { useSearchEngine, type SearchStatus } from './use-search-engine';
import { LoadError } from '@/components/errors/load-error';
import { useFocusTrap } from '@/hooks/use-focus-trap';

/** Results in the dialog, grouped by page; "See all results" opens the rest on /search. */
const DIALOG_RESULTS = 12;
/** Sections shown under one page in the dialog, as Pagefind's sub-results; /search shows them all. */
const DIALOG_SECTIONS_PER_PAGE = 3;

/**
 * The dialog's search: the query, the engine's results (or the recent searches and suggestions while the query is
 * empty), the option the arrow keys have reached, and what opening one does. Enter pressed before the index arrived
 * opens the query's first result once it has.
 */
function useDialogSearch({
  initialQuery,
  onQueryChange,
  onClose,
  inputRef,
}: {
  initialQuery: string;
  onQueryChange: (query: string) => void;
  onClose: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const router = useRouter();
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<RecentSearch[]>(() => readRecentSearches());
  // The query Enter was pressed on before the index arrived: its first result opens once it has.
  const pendingEnter = useRef<string | null>(null);
  const [status, retry] = useSearchEngine((engine) => {
    const pending = pendingEnter.current;
    pendingEnter.current = null;
    const first = pending ? engine.search(pending).results[0] : undefined;
    if (first) openResult(first);
  });

  const response = useMemo(
    () => (status.state === 'ready' && query.trim() ? timedSearch(status.engine, query) : undefined),
    [status, query],
  );
  const results = useMemo(
    () => orderByPage(response?.results ?? [], DIALOG_SECTIONS_PER_PAGE).slice(0, DIALOG_RESULTS),
    [response],
  );
  const emptyOptions: EmptyOption[] = query.trim()
    ? []
    : [
        ...recent.map((entry): EmptyOption => ({ type: 'recent', entry })),
        ...SEARCH_SUGGESTIONS.map((suggestion): EmptyOption => ({ type: 'suggestion', query: suggestion })),
      ];
  const optionCount = query.trim() ? results.length : emptyOptions.length;
  const insight = useSearchInsight(query, response?.results.length ?? 0);

  function changeQuery(next: string) {
    pendingEnter.current = null;
    onQueryChange(next);
    setQuery(next);
    setActive(0);
  }

  function remember(entry: RecentSearch) {
    setRecent(rememberSearch(entry));
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (optionCount === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + optionCount) % optionCount);
    } else if (event.key === 'Enter' && event.target === inputRef.current) {
      event.preventDefault();
      const result = results[active];
      const option = emptyOptions[active];
      if (result) openResult(result);
      else if (option) activateEmptyOption(option);
      else if (status.state === 'loading' && query.trim()) pendingEnter.current = query;
    }
  }

  return {
    query,
    active,
    setActive,
    recent,
    forget: (url: string) => setRecent(forgetSearch(url)),
    status,
    retry,
    response,
    results,
    optionCount,
    changeQuery,
    openResult,
    activateEmptyOption,
    onKeyDown,
  };
}

/**
 * The ⌘K dialog: results as you type, in ranking order, keyboard first, recent searches kept. It is part
 * of the page's code, so it opens at once; only the engine and the index load on first use.
 */
export function SearchDialog({
  onClose,
  initialQuery,
  onQueryChange,
}: {
  onClose: () => void;
  /** The last query, so reopening the dialog shows where the reader left off. */
  initialQuery: string;
  onQueryChange: (query: string) => void;
}) {
  const idPrefix = useId().replace(/:/g, '');
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useDialogSearch({ initialQuery, onQueryChange, onClose, inputRef });
  const { query, active, optionCount, changeQuery } = search;

  // The field takes focus in the same task as the gesture that opened the dialog, before the browser
  // handles the next key: what the reader types at once lands in it, while the engine and the index load.
  useFocusTrap(dialogRef, { onEscape: onClose, initialFocus: inputRef });
  useLayoutEffect(() => {
    inputRef.current?.select();
    document.body.classList.add('search-open');
    return () => document.body.classList.remove('search-open');
  }, []);

  useEffect(() => {
    document.getElementById(optionId(idPrefix, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, idPrefix]);

  const trimmed = query.trim();
  return (
    <div className="search-overlay" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="search-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        onKeyDown={search.onKeyDown}
      >
        <div className="search-dialog__bar">
          <SearchIcon />
          <input
            ref={inputRef}
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-expanded={optionCount > 0}
            aria-controls={`${idPrefix}-listbox`}
            aria-activedescendant={optionCount > 0 ? optionId(idPrefix, active) : undefined}
            aria-autocomplete="list"
            aria-label="Search"
            placeholder="Search docs, API and SDK"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            value={query}
            onChange={(event) => changeQuery(event.target.value)}
          />
          <button type="button" className="search-dialog__close" aria-label="Close" onClick={onClose}>
            Esc
          </button>
        </div>
        <SearchDialogBody
          status={search.status}
          retry={search.retry}
          query={query}
          response={search.response}
          results={search.results}
          idPrefix={idPrefix}
          active={active}
          onActivate={search.setActive}
          onOpen={search.openResult}
          onQuery={changeQuery}
          onClose={onClose}
          recent={search.recent}
          onChooseEmpty={search.activateEmptyOption}
          onForget={search.forget}
        />
        <footer className="search-dialog__footer">
          <span className="search-dialog__keys" aria-hidden="true">
            <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>↵</kbd> to open · <kbd>esc</kbd> to close
          </span>
          {trimmed ? (
            <Link href={`/search?q=${encodeURIComponent(trimmed)}`} onClick={onClose} className="search-dialog__all">
              See all results
            </Link>
          ) : null}
        </footer>
      </div>
    </div>
  );
}

/** The dialog's scrolling body: the results, a note while the index loads, no results, or the recent searches. */
function SearchDialogBody({
  status,
  retry,
  query,
  response,
  results,
  idPrefix,
  active,
  onActivate,
  onOpen,
  onQuery,
  onClose,
  recent,
  onChooseEmpty,
  onForget,
}: {
  status: SearchStatus;
  retry: () => void;
  query: string;
  response: SearchResponse | undefined;
  results: SearchResult[];
  idPrefix: string;
  active: number;
  onActivate: (index: number) => void;
  onOpen: (result: SearchResult) => void;
  onQuery: (query: string) => void;
  onClose: () => void;
  recent: RecentSearch[];
  onChooseEmpty: (option: EmptyOption) => void;
  onForget: (url: string) => void;
}) {
  const trimmed = query.trim();
  // It scrolls, so it takes focus: the results inside are reached by arrow keys from the field.
  return (
    <div className="search-dialog__body" aria-live="polite" tabIndex={0}>
      {status.state === 'error' ? (
        <LoadError message={status.message} onRetry={retry} />
      ) : status.state === 'loading' && trimmed ? (
        <p className="search-dialog__note">Loading search…</p>
      ) : trimmed ? (
        results.length > 0 ? (
          <>
            {response?.correctedQuery ? (
              <p className="search-dialog__note">
                Showing results for <strong>{response.correctedQuery}</strong>
              </p>
            ) : null}
            <SearchResults
              results={results}
              terms={response?.terms ?? NO_TERMS}
              idPrefix={idPrefix}
              activeIndex={active}
              onActivate={onActivate}
              onOpen={(result, event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onOpen(result);
              }}
            />
          </>
        ) : status.state === 'ready' ? (
          <SearchNoResults
            query={trimmed}
            closest={status.engine.closestWords(trimmed)}
            sections={status.engine.closestSections(trimmed)}
            onChoose={(word) => onQuery(word)}
            onLeave={onClose}
          />
        ) : null
      ) : (
        <SearchEmptyState
          idPrefix={idPrefix}
          recent={recent}
          active={active}
          onActivate={onActivate}
          onChoose={onChooseEmpty}
          onForget={onForget}
        />
      )}
    </div>
  );
}
