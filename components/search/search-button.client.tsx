'use client';

import { useSyncExternalStore } from 'react';
import { SearchIcon } from './search-icon';
import { useSearch } from './search-provider.client';

const subscribeNever = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The navbar's search box: a button that opens the search dialog, and loads search when approached. */
export function SearchButton({ variant }: { variant: 'desktop' | 'mobile' | 'phone' }) {
  const { open, prefetch } = useSearch();
  // The shortcut label follows the platform; the server renders the neutral one.
  const apple = useSyncExternalStore(subscribeNever, isApple, () => false);
  return (
    <button
      type="button"
      className={`search-button search-button--${variant}`}
      aria-keyshortcuts="Control+K Meta+K /"
      data-search-button=""
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    >
      <SearchIcon />
      {/* The button's name: on a phone out of sight (an icon button), never out of the accessibility tree. */}
      <span className={variant === 'phone' ? 'search-button__label visually-hidden' : 'search-button__label'}>
        Search
      </span>
      {variant === 'desktop' ? (
        <kbd className="search-button__keys" aria-hidden="true">
          {apple ? '⌘' : 'Ctrl'} K
        </kbd>
      ) : null}
    </button>
  );
}
