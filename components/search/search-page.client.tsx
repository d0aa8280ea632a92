'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { NO_TERMS } from '@/lib/search/passage';
import { rememberSearch } from '@/lib/search/recent';
import type { SearchEngine } from '@/lib/search/engine';
import { orderByPage, type SearchResponse } from '@/lib/search/results';
import { SEARCH_SUGGESTIONS } from '@/lib/search/suggestions';
import { SearchNoResults } from './search-no-results';
import { SearchResults } from './search-results';
import { timedSearch } from './timed-search';
import { useSearchEngine } from './use-search-engine';
import { LoadError } from '@/components/errors/load-error';

/** `?q=`: at most 200 characters; anything else reads as an empty query. */
const querySchema = z.string().check(z.maxLength(200));

/** `/search?q=`: shareable results, the same engine as the dialog. */
export function SearchPage() {
  const [status, retry] = useSearchEngine();
  const [query, setQuery] = useUrlQuery();
  const response = useMemo(
    () => (status.state === 'ready' && query.trim() ? timedSearch(status.engine, query, 100) : undefined),
    [status, query],
  );
  const trimmed = query.trim();

  return (
    <>
      <form className="search-page__form" role="search" onSubmit={(event) => event.preventDefault()}>
        <input
          className="search-page__input"
          type="search"
          aria-label="Search"
          placeholder="Search guides, API operations, schemas and SDK types"
          maxLength={200}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoFocus
        />
      </form>
      {status.state === 'error' ? (
        <LoadError message={status.message} onRetry={retry} />
      ) : status.state === 'loading' ? (
        <p className="search-dialog__note">Loading search…</p>
      ) : !trimmed ? (
        <p className="search-dialog__note">
          Type a concept, an identifier or an error message. For example: {SEARCH_SUGGESTIONS.join(' · ')}
        </p>
      ) : (
        <SearchPageResults engine={status.engine} query={trimmed} response={response} onQuery={setQuery} />
      )}
    </>
  );
}

/** The query in the box and in `?q=`: Back and Forward change the box, and the box changes the URL. */
function useUrlQuery(): [string, (query: string) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const parsed = querySchema.safeParse(params.get('q') ?? '');
  const urlQuery = parsed.success ? parsed.data : '';
  const [query, setQuery] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);

  if (seenUrlQuery !== urlQuery) {
    // Back and forward change the URL: the box follows.
    setSeenUrlQuery(urlQuery);
    setQuery(urlQuery);
  }

  // The URL follows the box, without a history entry per keystroke.
  useEffect(() => {
    if (query === urlQuery) return;
    const timer = window.setTimeout(() => {
      router.replace(query.trim() ? `${pathname}?q=${encodeURIComponent(query.trim())}` : pathname, { scroll: false });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [query, urlQuery, pathname, router]);

  return [query, setQuery];
}

/** What the engine found for a query: how many results, or the closest words and sections when none, then the list. */
function SearchPageResults({
  engine,
  query,
  response,
  onQuery,
}: {
  engine: SearchEngine;
  /** The query as typed, trimmed. */
  query: string;
  response: SearchResponse | undefined;
  onQuery: (query: string) => void;
}) {
  const results = useMemo(() => orderByPage(response?.results ?? []), [response]);
  return (
    <>
      {results.length === 0 ? (
        <div aria-live="polite">
          <SearchNoResults
            query={query}
            closest={engine.closestWords(query)}
            sections={engine.closestSections(query)}
            onChoose={onQuery}
          />
        </div>
      ) : (
        <p className="search-dialog__note" aria-live="polite">
          {results.length === 100 ? 'The first 100' : results.length} result{results.length === 1 ? '' : 's'} for “
          {response?.correctedQuery ?? query}”{response?.correctedQuery ? ` (you typed “${query}”)` : ''}
        </p>
      )}
      {results.length > 0 ? (
        <SearchResults
          results={results}
          terms={response?.terms ?? NO_TERMS}
          passageOf={(result) => (response ? engine.passageOf(result, response.terms) : undefined)}
          idPrefix="search-page"
          onOpen={(result) =>
            rememberSearch({
              kind: result.record.kind,
              title: result.record.title,
              breadcrumb: result.record.breadcrumb,
              url: result.url,
            })
          }
        />
      ) : null}
    </>
  );
}
