'use client';
// Records a page view on each route the reader lands on: the path, the referring site's host (on the first page
// only, and never this site's own), and a device class from the window's width. Nothing else about the reader.
// It also brings the static widgets of the page to life (static-widgets.ts).
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { recordInsight } from './send';
import { installStaticWidgets } from './static-widgets';

let first = true;

function device(): 'mobile' | 'tablet' | 'desktop' {
  return innerWidth < 768 ? 'mobile' : innerWidth < 1100 ? 'tablet' : 'desktop';
}

function referrerHost(): string | null {
  try {
    const host = document.referrer ? new URL(document.referrer).host : '';
    return host && host !== location.host ? host : null;
  } catch {
    return null;
  }
}

export function PageView() {
  const path = usePathname();
  useEffect(installStaticWidgets, []);
  useEffect(() => {
    recordInsight({ type: 'page_view', path, referrerHost: first ? referrerHost() : null, device: device() });
    first = false;
  }, [path]);
  return null;
}
