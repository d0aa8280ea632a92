import type { MetadataRoute } from 'next';
import { buildKind } from '@/lib/preview';
import { siteConfig } from '@/lib/site';

export default function robots(): MetadataRoute.Robots {
  // A preview build asks crawlers to stay away (its pages also say noindex).
  if (buildKind().preview) return { rules: { userAgent: '*', disallow: '/' } };
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: new URL('/sitemap.xml', siteConfig.url).toString(),
  };
}
