'use client';

import Link from 'next/link';
import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { NO_TERMS } from '@/lib/search/passage';
import { SearchIcon } from './search-icon';
import { SearchEmptyState } from './search-empty-state';
import { SearchNoResults } from './search-no-results';
import { optionId, SearchResults } from './search-results';
import { useDialogSearch, type DialogSearch } from './use-dialog-search';
import { LoadError } from '@/components/errors/load-error';
import { useFocusTrap } from '@/hooks/use-focus-trap';

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

  // The field takes focus in the same task as the gesture that opened the dialog, before the browser
  // handles the next key: what the reader types at once lands in it, while the engine and the index load.
  useFocusTrap(dialogRef, { onEscape: onClose, initialFocus: inputRef });
  useLayoutEffect(() => {
    inputRef.current?.select();
    document.body.classList.add('search-open');
    return () => document.body.classList.remove('search-open');
  }, []);

  useEffect(() => {
    document.getElementById(optionId(idPrefix, search.active))?.scrollIntoView({ block: 'nearest' });
  }, [search.active, idPrefix]);

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
        <SearchDialogBar search={search} idPrefix={idPrefix} inputRef={inputRef} onClose={onClose} />
        <SearchDialogBody search={search} idPrefix={idPrefix} onClose={onClose} />
        <SearchDialogFooter query={search.query} onClose={onClose} />
      </div>
    </div>
  );
}

/** The dialog's top bar: the search field, a combobox over the options below, and the button that closes. */
function SearchDialogBar({
  search: { query, active, optionCount, changeQuery },
  idPrefix,
  inputRef,
  onClose,
}: {
  search: DialogSearch;
  idPrefix: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  return (
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
      <button type="button" className="search-dialog__close" aria-label="Close search, Esc" onClick={onClose}>
        Esc
      </button>
    </div>
  );
}

/** The dialog's scrolling body: the results, a note while the index loads, no results, or the recent searches. */
function SearchDialogBody({
  search,
  idPrefix,
  onClose,
}: {
  search: DialogSearch;
  idPrefix: string;
  onClose: () => void;
}) {
  const { status, active } = search;
  const trimmed = search.query.trim();
  // It scrolls, so it takes focus: the results inside are reached by arrow keys from the field.
  return (
    <div className="search-dialog__body" aria-live="polite" tabIndex={0}>
      {status.state === 'error' ? (
        <LoadError message={status.message} onRetry={search.retry} />
      ) : status.state === 'loading' && trimmed ? (
        <p className="search-dialog__note">Loading search…</p>
      ) : trimmed ? (
        search.results.length > 0 ? (
          <SearchDialogResults search={search} idPrefix={idPrefix} />
        ) : status.state === 'ready' ? (
          <SearchNoResults
            query={trimmed}
            closest={status.engine.closestWords(trimmed)}
            sections={status.engine.closestSections(trimmed)}
            onChoose={(word) => search.changeQuery(word)}
            onLeave={onClose}
          />
        ) : null
      ) : (
        <SearchEmptyState
          idPrefix={idPrefix}
          recent={search.recent}
          active={active}
          onActivate={search.setActive}
          onChoose={search.activateEmptyOption}
          onForget={search.forget}
        />
      )}
    </div>
  );
}

/** The query's results by page, under the query they were found for when the engine corrected a word. */
function SearchDialogResults({ search, idPrefix }: { search: DialogSearch; idPrefix: string }) {
  const { response } = search;
  return (
    <>
      {response?.correctedQuery ? (
        <p className="search-dialog__note">
          Showing results for <strong>{response.correctedQuery}</strong>
        </p>
      ) : null}
      <SearchResults
        results={search.results}
        terms={response?.terms ?? NO_TERMS}
        idPrefix={idPrefix}
        activeIndex={search.active}
        onActivate={search.setActive}
        onOpen={(result, event) => {
          // A modified click opens the result where the reader asked (a new tab or window); the dialog stays.
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          search.openResult(result);
        }}
      />
    </>
  );
}

/** The keys the dialog answers, and a link to every result on /search once there is a query. */
function SearchDialogFooter({ query, onClose }: { query: string; onClose: () => void }) {
  const trimmed = query.trim();
  return (
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
  );
}
