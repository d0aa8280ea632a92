'use client';

import { useEffect, useState, type MouseEvent } from 'react';
import { smoothScrollTo } from '@/lib/browser/motion';
import type { TocEntry } from '@/lib/content/toc';

/** Space under the sticky navbar within which a heading counts as the one being read. */
const ACTIVE_OFFSET_PX = 96;

function activeHeadingId(entries: readonly TocEntry[]): string | undefined {
  let active = entries[0]?.id;
  for (const entry of entries) {
    const heading = document.getElementById(entry.id);
    if (heading && heading.getBoundingClientRect().top <= ACTIVE_OFFSET_PX) active = entry.id;
  }
  return active;
}

/** Scrolls to a heading with the spec's easing, below the sticky navbar, and records the hash. */
function goToHeading(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const top = Math.max(0, heading.getBoundingClientRect().top + window.scrollY - offset);
  window.history.pushState(null, '', `#${id}`);
  // Same-page hash moves fire no hashchange after pushState; the hide-on-scroll navbar listens for it.
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  void smoothScrollTo(top).then(() => heading.focus({ preventScroll: true }));
}

/** "On this page": h2 and h3 links, the section in view highlighted as the reader scrolls. */
export function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActiveId(activeHeadingId(entries)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [entries]);
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <ul className="toc__list">
        {entries.map((entry) => (
          <li key={entry.id} className={`toc__item toc__item--h${entry.depth}`}>
            <a
              className={`toc__link${entry.id === activeId ? ' toc__link--active' : ''}`}
              href={`#${entry.id}`}
              aria-current={entry.id === activeId ? 'location' : undefined}
              onClick={(event) => goToHeading(event, entry.id)}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
