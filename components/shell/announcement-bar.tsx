import type { AnnouncementBar as AnnouncementBarConfig } from '@/lib/site/schema';
import { AnnouncementCloseButton } from './announcement-bar.client';

/**
 * The bar is in the server HTML; an inline script in <head> hides it before first paint when the
 * reader closed this id before (lib/browser/announcement.ts).
 */
export function AnnouncementBar({ bar }: { bar: AnnouncementBarConfig }) {
  return (
    <div
      className="announcement-bar"
      role="banner"
      aria-label="Announcement"
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {/* Content is trusted HTML from this repository's site config, never from outside. */}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? <AnnouncementCloseButton barId={bar.id} /> : null}
    </div>
  );
}
