import Link from 'next/link';
import type { SearchResult } from '@/lib/search/results';

interface SearchNoResultsProps {
  query: string;
  /** Indexed words near the query's (SearchEngine.closestWords). */
  closest: readonly string[];
  /** The sections the closest words find (SearchEngine.closestSections). */
  sections: readonly SearchResult[];
  /** Runs a search for one of the closest words. */
  onChoose: (word: string) => void;
  /** Called when a link leaves the search (the dialog closes). */
  onLeave?: () => void;
}

/** What a query with no result offers: the nearest words the docs use, the API reference and the playground. */
export function SearchNoResults({ query, closest, sections, onChoose, onLeave }: SearchNoResultsProps) {
  return (
    <div className="search-no-results">
      <p>
        No results for <strong>“{query}”</strong>.
      </p>
      {closest.length > 0 ? (
        <>
          <p className="search-dialog__note">The closest words in these docs:</p>
          <div className="search-suggestions" aria-label="Closest words">
            {closest.map((word) => (
              <button key={word} type="button" className="search-suggestion" onClick={() => onChoose(word)}>
                {word}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {sections.length > 0 ? (
        <>
          <p className="search-dialog__note">The closest sections:</p>
          <ul className="search-no-results__sections" aria-label="Closest sections">
            {sections.map((result) => (
              <li key={result.url}>
                <Link href={result.url} onClick={onLeave}>
                  {result.record.title}
                </Link>{' '}
                <span className="search-result__breadcrumb">{result.record.breadcrumb}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="search-no-results__links">
        <li>
          <Link href="/api" onClick={onLeave}>
            Browse the API reference
          </Link>{' '}
          for every operation, schema and error.
        </li>
        <li>
          <Link href="/playground" onClick={onLeave}>
            Try a request in the playground
          </Link>
          , against a sandbox that needs no key.
        </li>
      </ul>
    </div>
  );
}
