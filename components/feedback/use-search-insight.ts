// One `search` event per search, not per keystroke: the query the reader ended on, how many results it had, and
// the rank of the result they opened (null when they closed the dialog without opening one).
import { useEffect, useRef } from 'react';
import { normaliseQuery } from '@/lib/insights/query';
import { recordInsight } from './send';

export function useSearchInsight(query: string, results: number): { opened: (rank: number) => void } {
  const last = useRef({ query, results, done: false });
  useEffect(() => {
    last.current = { query, results, done: false };
  }, [query, results]);
  useEffect(
    () => () => {
      const { query: final, results: count, done } = last.current;
      if (!done && normaliseQuery(final))
        recordInsight({ type: 'search', query: normaliseQuery(final), results: count, clickedRank: null });
    },
    [],
  );
  return {
    opened(rank) {
      const { query: final, results: count } = last.current;
      last.current.done = true;
      if (normaliseQuery(final))
        recordInsight({
          type: 'search',
          query: normaliseQuery(final),
          results: count,
          clickedRank: rank > 0 ? rank : null,
        });
    },
  };
}
