import Link from 'next/link';
import type { MouseEvent } from 'react';
import { markTerms, type MatchTerms } from '@/lib/search/passage';
import { groupByPage, type SearchResult } from '@/lib/search/results';
import { KIND_LABELS, type SearchKind } from '@/lib/search/records';

/** Text with the words the query matched (by stem: "charging" for "charge") in `<mark>`. */
export function Highlighted({ text, terms }: { text: string; terms: MatchTerms }) {
  return (
    <>
      {markTerms(text, terms).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

export function KindBadge({ kind }: { kind: SearchKind }) {
  return <span className={`search-badge search-badge--${kind}`}>{KIND_LABELS[kind]}</span>;
}

interface SearchResultsProps {
  /** The results in the order shown: grouped by page (orderByPage). */
  results: readonly SearchResult[];
  terms: MatchTerms;
  /** Prefix of the option ids, for `aria-activedescendant`. */
  idPrefix: string;
  /** The highlighted option (keyboard or pointer), as an index into `results`. */
  activeIndex?: number;
  onActivate?: (index: number) => void;
  onOpen?: (result: SearchResult, event: MouseEvent<HTMLAnchorElement>) => void;
  /** The passage of a result the engine did not quote (past the first results of a search), for /search. */
  passageOf?: (result: SearchResult) => string | undefined;
}

/** The option id of a result, shared by the list and the combobox that points at it. */
export function optionId(idPrefix: string, index: number): string {
  return `${idPrefix}-option-${index}`;
}

/**
 * The results as a reader scans them: each page once, under its breadcrumb, with its matching sections below it,
 * best first. A section shows its title, its kind and the passage that best matches the query, the query's words
 * marked. The options are in `results`' order, which the arrow keys follow.
 */
export function SearchResults({
  results,
  terms,
  idPrefix,
  activeIndex,
  onActivate,
  onOpen,
  passageOf,
}: SearchResultsProps) {
  const indexOf = new Map(results.map((result, index) => [result, index]));
  return (
    <div role="listbox" id={`${idPrefix}-listbox`} aria-label="Search results" className="search-results">
      {groupByPage(results).map((group, groupIndex) => (
        <div
          key={group.page.key}
          role="group"
          aria-labelledby={`${idPrefix}-page-${groupIndex}`}
          className="search-results__group"
        >
          <div id={`${idPrefix}-page-${groupIndex}`} className="search-results__heading" role="presentation">
            {group.page.label}
          </div>
          {group.results.map((result) => {
            const index = indexOf.get(result) ?? 0;
            const active = index === activeIndex;
            const passage = result.passage ?? passageOf?.(result);
            return (
              <Link
                key={result.url + index}
                id={optionId(idPrefix, index)}
                href={result.url}
                role="option"
                aria-selected={active}
                className={`search-result${active ? ' search-result--active' : ''}`}
                data-kind={result.record.kind}
                tabIndex={-1}
                onMouseMove={() => onActivate?.(index)}
                onClick={(event) => onOpen?.(result, event)}
              >
                <span className="search-result__title">
                  <KindBadge kind={result.record.kind} /> <Highlighted text={result.record.title} terms={terms} />
                  {result.member && result.member !== result.record.title ? (
                    <span className="search-result__member">
                      {' '}
                      · <Highlighted text={result.member} terms={terms} />
                    </span>
                  ) : null}
                </span>
                {passage ? (
                  <span className="search-result__passage">
                    <Highlighted text={passage} terms={terms} />
                  </span>
                ) : (
                  <span className="search-result__breadcrumb">{result.record.breadcrumb}</span>
                )}
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}
