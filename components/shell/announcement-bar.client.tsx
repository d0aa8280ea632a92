'use client';

import { ANNOUNCEMENT_DISMISSED_ATTRIBUTE } from '@/lib/browser/announcement';
import { STORAGE_KEYS, createSafeStorage } from '@/lib/browser/storage';

const storage = createSafeStorage('closing the announcement bar');

export function AnnouncementCloseButton({ barId }: { barId: string }) {
  function close() {
    document.documentElement.setAttribute(ANNOUNCEMENT_DISMISSED_ATTRIBUTE, 'true');
    storage.set(STORAGE_KEYS.announcementId, barId);
    storage.set(STORAGE_KEYS.announcementDismiss, 'true');
  }
  return (
    <button type="button" className="announcement-bar__close" aria-label="Close" title="Close" onClick={close}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4Z"
        />
      </svg>
    </button>
  );
}
