import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DocPage } from '@/components/docs/doc-page';
import { getPageByUrl } from '@/lib/content';
import { pageMetadata } from '@/lib/page-metadata';

export function generateMetadata(): Metadata {
  const page = getPageByUrl('/');
  return page ? pageMetadata(page) : {};
}

export default function HomePage() {
  const page = getPageByUrl('/');
  if (!page) notFound();
  return <DocPage page={page} />;
}
