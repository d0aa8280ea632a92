'use client';

import { useEffect, useRef } from 'react';
import { readSsrFragment } from '@/lib/openapi/ssr-fragments';

/**
 * Build-time HTML that travels in the page's markup only, not a second time in the RSC payload: the server
 * render reads it from the registry the server component filled; the browser keeps the server's DOM (React
 * leaves an unchanged `dangerouslySetInnerHTML` alone). After a client-side navigation there is no server
 * markup, so the fragment is fetched from its static file.
 */
export function SsrHtml({ src }: { src: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const html = typeof window === 'undefined' ? readSsrFragment(src) : '';
  useEffect(() => {
    const element = ref.current;
    if (!element || element.childNodes.length > 0) return;
    let live = true;
    fetch(src)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${src} answered ${response.status}`))))
      .then((text) => {
        if (live) element.innerHTML = text;
      })
      .catch((error: unknown) => console.warn('[kilowise] could not load part of the reference', error));
    return () => {
      live = false;
    };
  }, [src]);
  return <div ref={ref} className="api-fragment" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
