'use client';

import { useEffect, useState } from 'react';
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
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
