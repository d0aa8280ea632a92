/** Browser storage keys; readers' browsers keep these, so they never change silently. */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'kilowise.announcement.dismiss',
  announcementId: 'kilowise.announcement.id',
  preferredVersion: (area: string) => `kilowise.docs-preferred-version.${area}`,
  recentSearches: 'kilowise.search.recent',
  /** The API playground's sandbox state (sessionStorage: it lasts for the tab). */
  playgroundSandbox: 'kilowise.playground.sandbox',
  /** The reader's API key, only when they tick "Remember API key on this device". */
  playgroundApiKey: 'kilowise.playground.api-key',
} as const;

const warned = new Set<string>();

function warnOnce(feature: string, cause: unknown): void {
  if (warned.has(feature)) return;
  warned.add(feature);
  console.warn(`[kilowise] browser storage is unavailable, so ${feature} will not be remembered.`, cause);
}

/**
 * localStorage (or sessionStorage) that never throws: where storage is blocked (private modes,
 * disabled cookies, quota), each call logs one warning per feature and does nothing.
 */
export function createSafeStorage(feature: string, area: 'localStorage' | 'sessionStorage' = 'localStorage') {
  return {
    get(key: string): string | null {
      try {
        return window[area].getItem(key);
      } catch (cause) {
        warnOnce(feature, cause);
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        window[area].setItem(key, value);
      } catch (cause) {
        warnOnce(feature, cause);
      }
    },
    remove(key: string): void {
      try {
        window[area].removeItem(key);
      } catch (cause) {
        warnOnce(feature, cause);
      }
    },
  };
}
