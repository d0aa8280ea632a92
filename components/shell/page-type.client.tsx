'use client';

import { useLayoutEffect } from 'react';
import { applyPageTypeClass } from '@/lib/browser/page-type';
import type { PageType } from '@/lib/site/page-types';

/** Keeps the page-type class on <html> right across client-side navigations. */
export function PageTypeClass({ type }: { type: PageType }) {
  useLayoutEffect(() => {
    applyPageTypeClass(document.documentElement, type);
  }, [type]);
  return null;
}
