import type { Metadata } from 'next';
import { siteConfig } from './site';

/** Where a page's OpenGraph image is: `/og/{path}.png` (`/og/index.png` for the home page). */
export function ogImageUrl(url: string): string {
  return `/og${url === '/' ? '/index' : url}.png`;
}

/** The page an image's path (`docs/smart-charging.png` as segments) is for; undefined without `.png`. */
export function pageUrlOfOgImage(slug: readonly string[]): string | undefined {
  const joined = slug.join('/');
  if (!joined.endsWith('.png')) return undefined;
  const path = joined.slice(0, -'.png'.length);
  return path === 'index' ? '/' : `/${path}`;
}

/**
 * A page's OpenGraph and Twitter card: its title, description and generated image. Next.js replaces a
 * parent's `openGraph` whole, so every page's metadata carries all of it.
 */
export function socialMetadata(page: {
  url: string;
  title: string;
  description?: string;
  type?: 'article' | 'website';
  modifiedTime?: string;
}): Pick<Metadata, 'openGraph' | 'twitter'> {
  const image = { url: ogImageUrl(page.url), width: 1200, height: 630, alt: page.title };
  return {
    openGraph: {
      type: page.type ?? 'article',
      title: page.title,
      description: page.description,
      url: page.url,
      siteName: siteConfig.title,
      locale: 'en',
      images: [image],
      ...(page.modifiedTime ? { modifiedTime: page.modifiedTime } : {}),
    },
    twitter: { card: 'summary_large_image', title: page.title, description: page.description, images: [image.url] },
  };
}
