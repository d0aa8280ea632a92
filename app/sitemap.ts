import type { MetadataRoute } from 'next';
import { getAllPages } from '@/lib/content';
import { generatedRoutes } from '@/lib/navigation';
import { STANDALONE_ROUTES } from '@/lib/routes';
import { buildKind } from '@/lib/preview';
import { siteConfig } from '@/lib/site';

export default function sitemap(): MetadataRoute.Sitemap {
  // A preview build is for editors, not search engines: its sitemap is empty.
  if (buildKind().preview) return [];
  const absolute = (url: string) => new URL(url, siteConfig.url).toString();
  return [
    ...getAllPages()
      .filter((page) => !page.draft)
      .map((page) => ({ url: absolute(page.url), lastModified: page.lastUpdated || undefined })),
    // /search is a tool, not content: it is noindex and stays out of the sitemap.
    ...[...STANDALONE_ROUTES.filter((url) => url !== '/search'), ...generatedRoutes].map((url) => ({
      url: absolute(url),
    })),
  ];
}
