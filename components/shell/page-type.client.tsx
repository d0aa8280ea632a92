'use client';

import { useLayoutEffect } from 'react';
import { PAGE_TYPE_CLASS_NAMES, type PageType } from '@/lib/site/page-types';

/** Keeps the page-type class on <html> right across client-side navigations. */
export function PageTypeClass({ type }: { type: PageType }) {
  const className = PAGE_TYPE_CLASS_NAMES[type];
  useLayoutEffect(() => {
    const html = document.documentElement;
    const all = Object.values(PAGE_TYPE_CLASS_NAMES);
    html.classList.remove(...all);
    html.classList.add(className);
  }, [className]);
  return null;
}
