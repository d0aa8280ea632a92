import { createSafeStorage, STORAGE_KEYS } from '../browser/storage';
import { SEARCH_KINDS, type SearchKind } from './records';

/** A result the reader opened, kept for the empty state of the next search. */
export interface RecentSearch {
  kind: SearchKind;
  title: string;
  breadcrumb: string;
  url: string;
}

const MAX_RECENT = 5;
const storage = () => createSafeStorage('recent searches');

function isRecent(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    SEARCH_KINDS.includes(entry.kind as SearchKind) &&
    typeof entry.title === 'string' &&
    typeof entry.breadcrumb === 'string' &&
    typeof entry.url === 'string' &&
    entry.url.startsWith('/')
  );
}

/** The recent searches, newest first; anything unreadable in storage is ignored. */
export function readRecentSearches(): RecentSearch[] {
  const raw = storage().get(STORAGE_KEYS.recentSearches);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts a result at the top of the recent searches. */
export function rememberSearch(entry: RecentSearch): RecentSearch[] {
  const next = [entry, ...readRecentSearches().filter((recent) => recent.url !== entry.url)].slice(0, MAX_RECENT);
  storage().set(STORAGE_KEYS.recentSearches, JSON.stringify(next));
  return next;
}

/** Removes one recent search. */
export function forgetSearch(url: string): RecentSearch[] {
  const next = readRecentSearches().filter((recent) => recent.url !== url);
  storage().set(STORAGE_KEYS.recentSearches, JSON.stringify(next));
  return next;
}
