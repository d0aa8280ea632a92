import type { ReactNode } from 'react';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { siteConfig } from '@/lib/site';
import '../styles/hljs.css';
import '../styles/playground.css';

export default function PlaygroundLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageTypeMarker type="standalone" />
      <main id="main-content" tabIndex={-1} className="playground-page markdown">
        {children}
      </main>
      <Footer footer={siteConfig.footer} />
    </>
  );
}
