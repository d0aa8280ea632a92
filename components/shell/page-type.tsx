import { PAGE_TYPE_CLASS_NAMES, type PageType } from '@/lib/site/page-types';
import { PageTypeClass } from './page-type.client';

/**
 * Puts the page-type class on <html>. The inline script does it while the HTML is parsed (no flash);
 * the client part keeps it right across client-side navigations, where inline scripts do not run.
 */
export function PageTypeMarker({ type }: { type: PageType }) {
  const all = JSON.stringify(Object.values(PAGE_TYPE_CLASS_NAMES));
  const script = `(function(c){var h=document.documentElement;${all}.forEach(function(n){h.classList.remove(n)});h.classList.add(c)})(${JSON.stringify(PAGE_TYPE_CLASS_NAMES[type])})`;
  return (
    <>
      <script data-kw-script="page-type" dangerouslySetInnerHTML={{ __html: script }} />
      <PageTypeClass type={type} />
    </>
  );
}
