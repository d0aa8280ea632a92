import { inlineScripts } from '@/lib/inline-scripts';
import type { PageType } from '@/lib/site/page-types';
import { PageTypeClass } from './page-type.client';

/**
 * Puts the page-type class on <html>. The inline script does it while the HTML is parsed (no flash);
 * the client part keeps it right across client-side navigations, where inline scripts do not run.
 */
export function PageTypeMarker({ type }: { type: PageType }) {
  return (
    <>
      <script
        data-kw-script="page-type"
        data-page-type={type}
        dangerouslySetInnerHTML={{ __html: inlineScripts().pageType }}
      />
      <PageTypeClass type={type} />
    </>
  );
}
