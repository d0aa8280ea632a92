import { STORAGE_KEYS } from './storage';

/** The attribute on <html> that hides a dismissed bar before first paint. */
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-dismissed';

/** What the announcement script needs of the page. */
export interface AnnouncementPage {
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  root: Pick<Element, 'setAttribute'>;
  console: Pick<Console, 'warn'>;
}

/**
 * The inline script run while the HTML is parsed (lib/browser/inline/announcement.ts): a bar whose id differs
 * from the stored one is shown again (the stored dismissal belonged to an earlier bar); otherwise a stored
 * dismissal hides it.
 */
export function applyStoredDismissal(barId: string, page: AnnouncementPage): void {
  try {
    const storage = page.localStorage;
    if (storage.getItem(STORAGE_KEYS.announcementId) !== barId) {
      storage.setItem(STORAGE_KEYS.announcementId, barId);
      storage.removeItem(STORAGE_KEYS.announcementDismiss);
    }
    if (storage.getItem(STORAGE_KEYS.announcementDismiss) === 'true')
      page.root.setAttribute(ANNOUNCEMENT_DISMISSED_ATTRIBUTE, 'true');
  } catch (error) {
    page.console.warn(
      '[kilowise] browser storage is unavailable, so the announcement bar will not remember being closed.',
      error,
    );
  }
}
