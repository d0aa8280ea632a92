'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import type { SearchEngine } from '@/lib/search/engine';
import { loadSearchEngine, loadSearchPassages } from '@/lib/search/load';

export type SearchStatus =
  | { state: 'loading' }
  /** `passages`: whether the second stage is in (results quote their sections); a new status object when it arrives. */
  | { state: 'ready'; engine: SearchEngine; passages: boolean }
  | { state: 'error'; message: string };

/**
 * Loads the search engine (once per page life; lib/search/load.ts caches it) and reports its state;
 * `retry` starts a new attempt after a failure. `onReady` runs when the engine arrives. The passages follow
 * on their own: the status changes again when they are in, and a failure to load them leaves results without
 * passages rather than no results.
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
        setStatus({ state: 'ready', engine, passages: engine.hasPassages });
        ready(engine);
        loadSearchPassages(engine).then(
          () => live && setStatus({ state: 'ready', engine, passages: true }),
          () => {
            // Results still show, without passages; the next search that loads the engine tries again.
          },
        );
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
