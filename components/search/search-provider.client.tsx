'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { prefetchSearchEngine } from '@/lib/search/load';
import { SearchDialog } from './search-dialog.client';

interface SearchContextValue {
  /** Opens the dialog; the element to focus again on close is the one focused now. */
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
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback(() => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    // Back to where the reader was: the search box, or whatever had focus before the shortcut.
    const target = returnFocus.current;
    window.requestAnimationFrame(() => target?.focus());
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (isOpen) close();
        else open();
      } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isOpen && !isTyping(event.target)) {
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
