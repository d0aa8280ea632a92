import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiChanges } from '@/components/api/api-changes';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { getApiModel } from '@/lib/openapi';
import { buildKind } from '@/lib/preview';
import { siteConfig } from '@/lib/site';
import '../../styles/playground.css';

export const metadata: Metadata = {
  title: 'API changes in this preview',
  description: 'What the OpenAPI document of this preview build adds, removes and changes, breaking changes first.',
  robots: { index: false, follow: false },
};

/** Only on preview builds: production has no such page (404). */
export default function ApiChangesPage() {
  if (!buildKind().preview) notFound();
  return (
    <>
      <PageTypeMarker type="standalone" />
      <main id="main-content" tabIndex={-1} className="playground-page markdown">
        <ApiChanges model={getApiModel()} />
      </main>
      <Footer footer={siteConfig.footer} />
    </>
  );
}
