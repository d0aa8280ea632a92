/** Browser storage keys; partners' browsers keep these, so they never change silently (DESIGN.md). */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'kilowise.announcement.dismiss',
  announcementId: 'kilowise.announcement.id',
  preferredVersion: (area: string) => `kilowise.docs-preferred-version.${area}`,
  recentSearches: 'kilowise.search.recent',
} as const;

const warned = new Set<string>();

function warnOnce(feature: string, cause: unknown): void {
  if (warned.has(feature)) return;
  warned.add(feature);
  console.warn(`[kilowise] browser storage is unavailable, so ${feature} will not be remembered.`, cause);
}

/**
 * localStorage that never throws: where storage is blocked (private modes, disabled cookies, quota),
 * each call logs one warning per feature and does nothing.
 */
export function createSafeStorage(feature: string) {
  return {
    get(key: string): string | null {
      try {
        return window.localStorage.getItem(key);
      } catch (cause) {
        warnOnce(feature, cause);
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        window.localStorage.setItem(key, value);
      } catch (cause) {
        warnOnce(feature, cause);
      }
    },
    remove(key: string): void {
      try {
        window.localStorage.removeItem(key);
      } catch (cause) {
        warnOnce(feature, cause);
      }
    },
  };
}
