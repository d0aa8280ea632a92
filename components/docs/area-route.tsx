import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { Area } from '@/lib/site/paths';
import { areaSlugs, pageForSlug, pageMetadata } from '@/lib/page-metadata';
import { DocPage } from './doc-page';

type Props = { params: Promise<{ slug: string[] }> };

/** The exports of an `app/{area}/[...slug]/page.tsx` route: one prerendered page per MDX file. */
export function areaRoute(area: Area) {
  return {
    generateStaticParams: () => areaSlugs(area),
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const page = pageForSlug(area, (await params).slug);
      return page ? pageMetadata(page) : {};
    },
    async Page({ params }: Props) {
      const page = pageForSlug(area, (await params).slug);
      if (!page) notFound();
      return <DocPage page={page} />;
    },
  };
}
