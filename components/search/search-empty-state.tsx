import Link from 'next/link';
import type { RecentSearch } from '@/lib/search/recent';
import { SEARCH_SUGGESTIONS } from '@/lib/search/suggestions';
import { KindBadge, optionId } from './search-results';

/** One selectable row of the empty state: a recent result to reopen, or a suggested query. */
export type EmptyOption = { type: 'recent'; entry: RecentSearch } | { type: 'suggestion'; query: string };

interface SearchEmptyStateProps {
  idPrefix: string;
  recent: readonly RecentSearch[];
  /** The highlighted row: recent searches first, then suggestions. */
  active: number;
  onActivate: (index: number) => void;
  onChoose: (option: EmptyOption) => void;
  onForget: (url: string) => void;
}

/** What the dialog offers before a query: the recent searches (removable) and suggested queries. */
export function SearchEmptyState({ idPrefix, recent, active, onActivate, onChoose, onForget }: SearchEmptyStateProps) {
  return (
    <div
      role="listbox"
      id={`${idPrefix}-listbox`}
      aria-label="Recent searches and suggestions"
      className="search-results"
    >
      {recent.length > 0 ? (
        <div role="group" aria-labelledby={`${idPrefix}-recent`} className="search-results__group">
          <div id={`${idPrefix}-recent`} className="search-results__heading" role="presentation">
            Recent
          </div>
          {recent.map((entry, index) => (
            <div key={entry.url} className="search-recent">
              <Link
                id={optionId(idPrefix, index)}
                role="option"
                aria-selected={active === index}
                tabIndex={-1}
                href={entry.url}
                className={`search-result${active === index ? ' search-result--active' : ''}`}
                onMouseMove={() => onActivate(index)}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onChoose({ type: 'recent', entry });
                }}
              >
                <span className="search-result__title">
                  <KindBadge kind={entry.kind} /> {entry.title}
                </span>
                <span className="search-result__breadcrumb">{entry.breadcrumb}</span>
              </Link>
              <button
                type="button"
                className="search-recent__remove"
                aria-label={`Remove ${entry.title} from recent searches`}
                onClick={() => onForget(entry.url)}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      ) : null}
      <div role="group" aria-labelledby={`${idPrefix}-suggestions`} className="search-results__group">
        <div id={`${idPrefix}-suggestions`} className="search-results__heading" role="presentation">
          Try
        </div>
        {SEARCH_SUGGESTIONS.map((suggestion, offset) => {
          const index = recent.length + offset;
          return (
            <div
              key={suggestion}
              id={optionId(idPrefix, index)}
              role="option"
              aria-selected={active === index}
              className={`search-result search-result--suggestion${active === index ? ' search-result--active' : ''}`}
              onMouseMove={() => onActivate(index)}
              onClick={() => onChoose({ type: 'suggestion', query: suggestion })}
            >
              <span className="search-result__title">{suggestion}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
