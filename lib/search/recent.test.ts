import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../browser/storage';
import { forgetSearch, readRecentSearches, rememberSearch, type RecentSearch } from './recent';

/** A localStorage of a plain Map, as the browser's behaves for these calls. */
function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const entry = (url: string, kind: RecentSearch['kind'] = 'guide'): RecentSearch => ({
  kind,
  title: `Title of ${url}`,
  breadcrumb: 'Docs',
  url,
});

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recent searches', () => {
  it('starts empty, and keeps the newest first under its own storage key', () => {
    expect(readRecentSearches()).toEqual([]);
    rememberSearch(entry('/docs/a'));
    rememberSearch(entry('/docs/b'));
    expect(readRecentSearches().map((recent) => recent.url)).toEqual(['/docs/b', '/docs/a']);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.recentSearches) ?? '[]')).toHaveLength(2);
  });

  it('moves a result opened again to the top instead of listing it twice', () => {
    for (const url of ['/docs/a', '/docs/b', '/docs/a']) rememberSearch(entry(url));
    expect(readRecentSearches().map((recent) => recent.url)).toEqual(['/docs/a', '/docs/b']);
  });

  it('keeps the five newest', () => {
    for (let index = 1; index <= 7; index += 1) rememberSearch(entry(`/docs/${index}`));
    expect(readRecentSearches().map((recent) => recent.url)).toEqual([
      '/docs/7',
      '/docs/6',
      '/docs/5',
      '/docs/4',
      '/docs/3',
    ]);
  });

  it('forgets one and keeps the others in order', () => {
    for (const url of ['/docs/a', '/docs/b', '/docs/c']) rememberSearch(entry(url));
    expect(forgetSearch('/docs/b').map((recent) => recent.url)).toEqual(['/docs/c', '/docs/a']);
    expect(readRecentSearches().map((recent) => recent.url)).toEqual(['/docs/c', '/docs/a']);
  });

  it('ignores what it cannot use: broken JSON, a non-list, entries of the wrong shape or kind, and other sites', () => {
    storage.setItem(STORAGE_KEYS.recentSearches, '{broken');
    expect(readRecentSearches()).toEqual([]);
    storage.setItem(STORAGE_KEYS.recentSearches, JSON.stringify({ url: '/docs/a' }));
    expect(readRecentSearches()).toEqual([]);
    const kept = entry('/docs/kept', 'schema');
    storage.setItem(
      STORAGE_KEYS.recentSearches,
      JSON.stringify([
        null,
        'text',
        { ...entry('/docs/x'), kind: 'video' },
        { ...entry('/docs/y'), title: 7 },
        { ...entry('/docs/z'), breadcrumb: undefined },
        { ...entry('/docs/w'), url: 42 },
        entry('https://evil.example/'),
        kept,
      ]),
    );
    expect(readRecentSearches()).toEqual([kept]);
  });

  it('works without storage: nothing is remembered, and nothing throws', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('blocked');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(rememberSearch(entry('/docs/a')).map((recent) => recent.url)).toEqual(['/docs/a']);
    expect(readRecentSearches()).toEqual([]);
    warn.mockRestore();
  });
});
