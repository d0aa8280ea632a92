'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { prefetchSearchEngine } from '@/lib/search/load';
import { SearchDialog } from './search-dialog.client';

interface SearchContextValue {
  /** Opens the dialog; focus returns to the element focused now when it closes. */
  open(): void;
  /** Starts loading the engine and the index (hover or focus on the search box). */
  prefetch(): void;
}

const SearchContext = createContext<SearchContextValue | null>(null);

export function useSearch(): SearchContextValue {
  const context = useContext(SearchContext);
  if (!context) throw new Error('useSearch needs <SearchProvider> above it (app/layout.tsx)');
  return context;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Holds the search dialog for the whole site and opens it on Ctrl/⌘+K and on `/`. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [lastQuery, setLastQuery] = useState('');

  const open = useCallback(() => setOpen(true), []);
  // Focus goes back to where the reader was (the search box, or whatever had it before the shortcut)
  // when the dialog's focus trap is released.
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (isOpen) close();
        else open();
      } else if (
        event.key === '/' &&
        !event.metaKey &&
        !event.ctrlKey &&
        !event.altKey &&
        !isOpen &&
        !isTyping(event.target)
      ) {
        event.preventDefault();
        open();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, open, close]);

  const value = useMemo(() => ({ open, prefetch: prefetchSearchEngine }), [open]);
  return (
    <SearchContext.Provider value={value}>
      {children}
      {isOpen ? <SearchDialog onClose={close} initialQuery={lastQuery} onQueryChange={setLastQuery} /> : null}
    </SearchContext.Provider>
  );
}
