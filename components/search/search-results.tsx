import Link from 'next/link';
import type { MouseEvent } from 'react';
import { layoutResults, type SearchResult } from '@/lib/search/results';
import { KIND_LABELS, type SearchKind } from '@/lib/search/records';
import { highlight } from '@/lib/search/text';

/** Text with the words the query matched in `<mark>`. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlight(text, query).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

export function KindBadge({ kind }: { kind: SearchKind }) {
  return <span className={`search-badge search-badge--${kind}`}>{KIND_LABELS[kind]}</span>;
}

interface SearchResultsProps {
  results: readonly SearchResult[];
  query: string;
  /** Prefix of the option ids, for `aria-activedescendant`. */
  idPrefix: string;
  /** The highlighted option (keyboard or pointer), as an index into `results`. */
  activeIndex?: number;
  onActivate?: (index: number) => void;
  onOpen?: (result: SearchResult, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The option id of a result, shared by the list and the combobox that points at it. */
export function optionId(idPrefix: string, index: number): string {
  return `${idPrefix}-option-${index}`;
}

/**
 * Results in ranking order, each with its title and breadcrumb: grouped under kind headings (Guide, SDK,
 * API, Schema, Type) when that keeps the order, else one list with a kind badge on each result.
 */
export function SearchResults({ results, query, idPrefix, activeIndex, onActivate, onOpen }: SearchResultsProps) {
  const groups = layoutResults(results);
  const indexOf = new Map(results.map((result, index) => [result, index]));
  return (
    <div role="listbox" id={`${idPrefix}-listbox`} aria-label="Search results" className="search-results">
      {groups.map((group) => (
        <div
          key={group.kind ?? 'ranked'}
          role="group"
          aria-labelledby={group.kind ? `${idPrefix}-group-${group.kind}` : undefined}
          aria-label={group.kind ? undefined : 'Ranked results'}
          className={`search-results__group${group.kind ? '' : ' search-results__group--ranked'}`}
        >
          {group.kind ? (
            <div id={`${idPrefix}-group-${group.kind}`} className="search-results__heading" role="presentation">
              <KindBadge kind={group.kind} />
            </div>
          ) : null}
          {group.results.map((result) => {
            const index = indexOf.get(result) ?? 0;
            const active = index === activeIndex;
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
                  {group.kind ? null : (
                    <>
                      <KindBadge kind={result.record.kind} />{' '}
                    </>
                  )}
                  <Highlighted text={result.record.title} query={query} />
                  {result.member && result.member !== result.record.title ? (
                    <span className="search-result__member">
                      {' '}
                      · <Highlighted text={result.member} query={query} />
                    </span>
                  ) : null}
                </span>
                <span className="search-result__breadcrumb">
                  <Highlighted text={result.record.breadcrumb} query={query} />
                </span>
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}
