'use client';

import { useRef, type ReactNode } from 'react';
import { useHideOnScroll } from '@/hooks/use-hide-on-scroll';

/** The sticky bar; with `hideOnScroll` it slides away while the reader scrolls down. */
export function NavbarFrame({
  style,
  hideOnScroll,
  children,
}: {
  style: 'dark' | 'primary';
  hideOnScroll: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const hidden = useHideOnScroll(hideOnScroll, ref);
  return (
    <nav
      ref={ref}
      aria-label="Main"
      className={`navbar navbar--${style}${hidden ? ' navbar--hidden' : ''}`}
      data-hide-on-scroll={hideOnScroll || undefined}
    >
      {children}
    </nav>
  );
}
