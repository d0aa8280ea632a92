import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { HighlightLanguage } from '@/lib/browser/playground/highlight';

type Highlighter = typeof import('@/lib/browser/playground/highlight');
let loading: Promise<Highlighter> | undefined;

/**
 * Highlighted HTML of `code`, or undefined while it is not ready: plain text shows first. highlight.js
 * loads in its own chunk after the page shows, and highlighting runs in a deferred render React can
 * interrupt, so neither opening the playground nor typing waits for it.
 */
export function useHighlighted(code: string, language: HighlightLanguage): string | undefined {
  const [highlighter, setHighlighter] = useState<Highlighter>();
  useEffect(() => {
    let current = true;
    loading ??= import('@/lib/browser/playground/highlight');
    void loading.then((module) => current && startTransition(() => setHighlighter(module)));
    return () => {
      current = false;
    };
  }, []);
  const deferred = useDeferredValue(code, '');
  return useMemo(
    () => (highlighter && deferred ? highlighter.highlight(deferred, language) : undefined),
    [highlighter, deferred, language],
  );
}
