import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SearchPage } from '@/components/search/search-page.client';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { siteConfig } from '@/lib/site';

export const metadata: Metadata = {
  title: 'Search',
  description: 'Search the Kilowise guides, API operations, schemas and SDK types in one place.',
  alternates: { canonical: '/search' },
  // Result pages depend on the query; the pages they point to are what belongs in search engines.
  robots: { index: false, follow: true },
};

export default function Page() {
  return (
    <>
      <PageTypeMarker type="standalone" />
      <main id="main-content" tabIndex={-1} className="search-page">
        <h1>Search the documentation</h1>
        {/* The query is read in the browser (useSearchParams), so the page itself stays static. */}
        <Suspense fallback={<p className="search-dialog__note">Loading search…</p>}>
          <SearchPage />
        </Suspense>
      </main>
      <Footer footer={siteConfig.footer} />
    </>
  );
}
