import { STORAGE_KEYS } from './storage';

/** The attribute on <html> that hides a dismissed bar before first paint. */
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-dismissed';

/**
 * A script run while the HTML is parsed: a bar whose id differs from the stored one is shown again
 * (the stored dismissal belonged to an earlier bar); otherwise a stored dismissal hides it.
 */
export function announcementInitScript(barId: string): string {
  const id = JSON.stringify(barId);
  const idKey = JSON.stringify(STORAGE_KEYS.announcementId);
  const dismissKey = JSON.stringify(STORAGE_KEYS.announcementDismiss);
  const attribute = JSON.stringify(ANNOUNCEMENT_DISMISSED_ATTRIBUTE);
  return `(function(){try{var s=window.localStorage;if(s.getItem(${idKey})!==${id}){s.setItem(${idKey},${id});s.removeItem(${dismissKey});}if(s.getItem(${dismissKey})==="true"){document.documentElement.setAttribute(${attribute},"true");}}catch(e){console.warn("[kilowise] browser storage is unavailable, so the announcement bar will not remember being closed.",e);}})();`;
}
