'use client';

import { useEffect } from 'react';
import { anchorOfHash } from '@/lib/openapi/anchors';

/** The band under the sticky navbar in which a section counts as the one being read. */
const READING_BAND = '-80px 0px -65% 0px';
/** A section whose top has passed this line (just under the navbar) is being read. */
const READING_LINE_PX = 140;

/**
 * Marks the navigation link of the operation or schema being read and keeps it in view in the
 * navigation column. The links are server-rendered; this only toggles `aria-current`, so hundreds of
 * entries cost no re-render.
 */
export function ApiNavTracker({ navId }: { navId: string }) {
  useEffect(() => {
    const nav = document.getElementById(navId);
    if (!nav) return;
    const links = new Map<string, HTMLAnchorElement>();
    for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]'))
      links.set(anchorOfHash(link.hash), link);
    const visible = new Set<Element>();
    let current: HTMLAnchorElement | undefined;
    const update = () => {
      // Sections nest (a tag holds its operations): the innermost one that has reached the reading
      // line is the one being read, i.e. the visible section whose top is lowest but not below the line.
      const tops = [...visible].map((element) => ({ element, top: element.getBoundingClientRect().top }));
      const reached = tops.filter(({ top }) => top <= READING_LINE_PX).sort((a, b) => b.top - a.top)[0];
      const chosen = reached ?? tops.sort((a, b) => a.top - b.top)[0];
      const link = chosen ? links.get(chosen.element.id) : undefined;
      if (!link || link === current) return;
      current?.removeAttribute('aria-current');
      link.setAttribute('aria-current', 'location');
      current = link;
      const box = nav.getBoundingClientRect();
      const item = link.getBoundingClientRect();
      if (item.top < box.top || item.bottom > box.bottom) nav.scrollTop += item.top - box.top - box.height / 3;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        update();
      },
      { rootMargin: READING_BAND },
    );
    // Cards off screen take their real size only when they render, which moves the others without any
    // crossing the band: re-pick on scroll too, from the few visible sections.
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    for (const id of links.keys()) {
      const target = document.getElementById(id);
      if (target) observer.observe(target);
    }
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [navId]);
  return null;
}
