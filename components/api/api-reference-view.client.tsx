'use client';

import { useEffect, useRef, useState } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { readSsrFragment } from '@/lib/openapi/ssr-fragments';
import { AnchorResolver } from './anchor-resolver.client';
import { ApiInteractions } from './api-interactions.client';
import { ApiNavTracker } from './api-nav-tracker.client';
import { API_NAV_ID, API_ROOT_ID } from '@/lib/browser/api-reference/ids';

/**
 * The reference: build-time HTML (scripts/api-reference/render-fragments.tsx) plus the scripts that work on it.
 *
 * The HTML travels once, in the page's markup: the server render reads it from the registry the page
 * filled, the browser keeps the server's DOM (React leaves an unchanged `dangerouslySetInnerHTML` alone),
 * and neither the RSC payload nor hydration carries it. After a client-side navigation there is no server
 * markup, so it is fetched from its static file, and the scripts start again once it is in.
 */
export function ApiReferenceView({ src, aliases }: { src: string; aliases: Readonly<Record<string, string>> }) {
  const ref = useRef<HTMLDivElement>(null);
  const [loads, setLoads] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const html = typeof window === 'undefined' ? readSsrFragment(src) : '';
  useEffect(() => {
    const root = ref.current;
    if (!root || root.childNodes.length > 0) return;
    let live = true;
    fetch(src)
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(`${src} answered ${response.status}`)),
      )
      .then((text) => {
        if (!live) return;
        // Trusted: HTML this site's build rendered from the sanitised model.
        root.innerHTML = text;
        setFailure(undefined);
        setLoads((count) => count + 1);
      })
      .catch((error: unknown) => {
        if (live)
          setFailure(`Could not load the API reference: ${error instanceof Error ? error.message : String(error)}`);
      });
    return () => {
      live = false;
    };
  }, [src, attempt]);
  return (
    <>
      {failure ? <LoadError message={failure} onRetry={() => setAttempt((count) => count + 1)} /> : null}
      <div
        id={API_ROOT_ID}
        ref={ref}
        className="api-layout"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {/* Keyed by the loads, so a fetched reference gets the scripts afresh. */}
      <ApiNavTracker key={`nav-${loads}`} navId={API_NAV_ID} />
      <AnchorResolver key={`anchors-${loads}`} aliases={aliases} />
      <ApiInteractions key={`interactions-${loads}`} rootId={API_ROOT_ID} />
    </>
  );
}
