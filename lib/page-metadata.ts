import 'server-only';
import type { Metadata } from 'next';
import { getAllPages, getPageByUrl, type Page } from './content';
import type { Area } from './site/paths';
import { socialMetadata } from './og';
import { siteConfig } from './site';

/** Title, description, canonical URL and OpenGraph tags of a guide page. */
export function pageMetadata(page: Page): Metadata {
  return {
    title: page.url === '/' ? { absolute: `${siteConfig.title} | ${siteConfig.tagline}` } : page.title,
    description: page.description,
    alternates: { canonical: page.url },
    ...socialMetadata({
      url: page.url,
      title: page.title,
      description: page.description,
      modifiedTime: page.lastUpdated || undefined,
    }),
  };
}

/** The slugs below `/{area}` for `generateStaticParams`. */
export function areaSlugs(area: Exclude<Area, 'docs'> | 'docs'): { slug: string[] }[] {
  const prefix = `/${area}/`;
  return getAllPages()
    .filter((page) => page.url.startsWith(prefix))
    .map((page) => ({ slug: page.url.slice(prefix.length).split('/') }));
}

/** The page for `/{area}/{...slug}`, or undefined. */
export function pageForSlug(area: Area, slug: readonly string[]): Page | undefined {
  return getPageByUrl(`/${area}/${slug.join('/')}`);
}
