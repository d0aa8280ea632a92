'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import NProgress from 'nprogress';
import { useEffect, useRef } from 'react';
import { PROGRESS_DELAY_MS, PROGRESS_SETTINGS, startsNavigation } from '@/lib/browser/route-progress';

NProgress.configure(PROGRESS_SETTINGS);

/**
 * The loading bar on route changes (spec §4 and §9). The App Router has no router events, so a capturing
 * click listener starts it for same-site links, and it finishes when the committed path or query
 * changes. It shows only after 200 ms, so fast navigations never flash it. Mount inside <Suspense>.
 */
export function RouteProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const timer = useRef<number | undefined>(undefined);
  const committed = useRef('');

  useEffect(() => {
    committed.current = `${pathname}?${searchParams.toString()}`;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    NProgress.done();
  }, [pathname, searchParams]);

  useEffect(() => {
    const start = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest('a');
      if (!anchor) return;
      const click = {
        button: event.button,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        href: anchor.getAttribute('href'),
        target: anchor.getAttribute('target'),
        download: anchor.hasAttribute('download'),
      };
      if (startsNavigation(click, new URL(window.location.href))) start();
    };
    // Back and forward: only when the location differs from the last committed route, or the bar
    // would wait for a change that never comes (STACK-NOTES.md).
    const onPopState = () => {
      const { pathname: path, search } = window.location;
      if (`${path}?${search.replace(/^\?/, '')}` !== committed.current) start();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      window.clearTimeout(timer.current);
    };
  }, []);

  return null;
}
