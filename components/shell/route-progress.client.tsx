'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { PROGRESS_DELAY_MS, PROGRESS_SETTINGS, startsNavigation } from '@/lib/browser/route-progress';

NProgress.configure(PROGRESS_SETTINGS);

// Shared by the two halves below: the pending start, and the last route the router committed.
let pendingStart: number | undefined;
let committedRoute = '';

function scheduleStart(): void {
  window.clearTimeout(pendingStart);
  // The bar shows only after 200 ms, so fast navigations never flash it.
  pendingStart = window.setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
}

/**
 * Starts the loading bar. The App Router has no router events, so a capturing click
 * listener starts it for same-site links, and back/forward starts it when the location differs from
 * the committed route. This half hydrates with the page, so an early click is never missed.
 */
export function RouteProgressStarter() {
  useEffect(() => {
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
      if (startsNavigation(click, new URL(window.location.href))) scheduleStart();
    };
    // Only when the location differs from the committed route, or the bar would wait for a change
    // that never comes.
    const onPopState = () => {
      const { pathname, search } = window.location;
      if (`${pathname}?${search.replace(/^\?/, '')}` !== committedRoute) scheduleStart();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  return null;
}

/**
 * Finishes the bar when the committed path or query changes. `useSearchParams` needs a <Suspense>
 * boundary in a static page and renders on the client after hydration; that is fine for this half.
 */
export function RouteProgressFinisher() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // A string, not the searchParams object: its identity changes on re-renders that commit no route.
  const route = `${pathname}?${searchParams.toString()}`;
  useEffect(() => {
    committedRoute = route;
    window.clearTimeout(pendingStart);
    pendingStart = undefined;
    NProgress.done();
  }, [route]);
  return null;
}
