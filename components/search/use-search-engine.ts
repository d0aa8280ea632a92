'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import type { SearchEngine } from '@/lib/search/engine';
import { loadSearchEngine } from '@/lib/search/load';

export type SearchStatus =
  { state: 'loading' } | { state: 'ready'; engine: SearchEngine } | { state: 'error'; message: string };

/**
 * Loads the search engine (once per page life; lib/search/load.ts caches it) and reports its state;
 * `retry` starts a new attempt after a failure. `onReady` runs when the engine arrives.
 */
export function useSearchEngine(onReady: (engine: SearchEngine) => void = () => {}): [SearchStatus, () => void] {
  const [status, setStatus] = useState<SearchStatus>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const ready = useEffectEvent(onReady);
  useEffect(() => {
    let live = true;
    loadSearchEngine().then(
      (engine) => {
        if (!live) return;
        setStatus({ state: 'ready', engine });
        ready(engine);
      },
      (error: unknown) =>
        live && setStatus({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setStatus({ state: 'loading' });
    setAttempt((value) => value + 1);
  };
  return [status, retry];
}
