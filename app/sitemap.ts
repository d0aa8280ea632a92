import type { MetadataRoute } from 'next';
import { getAllPages } from '@/lib/content';
import { siteConfig } from '@/lib/site';

export default function sitemap(): MetadataRoute.Sitemap {
  return getAllPages().map((page) => ({
    url: new URL(page.url, siteConfig.url).toString(),
    lastModified: page.lastUpdated || undefined,
  }));
}
