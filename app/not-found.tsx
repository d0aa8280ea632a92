import type { Metadata } from 'next';
import Link from 'next/link';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { siteConfig } from '@/lib/site';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <>
      <PageTypeMarker type="standalone" />
      <main id="main-content" tabIndex={-1} className="standalone-main not-found">
        <h1>Page not found</h1>
        <p>We could not find what you were looking for. The page may have moved, or the link may be mistyped.</p>
        <ul className="not-found__links">
          <li>
            <Link href="/">Docs home</Link>
          </li>
          <li>
            <Link href="/docs/prerequisites">Prerequisites</Link>
          </li>
          <li>
            <Link href="/sdk/getting-started">SDK getting started</Link>
          </li>
        </ul>
      </main>
      <Footer footer={siteConfig.footer} />
    </>
  );
}
