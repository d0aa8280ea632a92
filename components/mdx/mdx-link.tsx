import Link from 'next/link';
import type { ComponentProps } from 'react';
import { isDownloadHref, isExternalHref, isWebHref } from '@/lib/links/href';
import { siteConfig } from '@/lib/site';

/**
 * Internal links navigate client-side; links to other websites open in a new tab. A link to this site by
 * its full URL (a package README links that way, so it works on npm too) is an internal link.
 */
export function MdxLink({ href: written = '', children, ...rest }: ComponentProps<'a'>) {
  const href = written.startsWith(`${siteConfig.url}/`) ? written.slice(siteConfig.url.length) : written;
  if (isWebHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  // mailto:, tel: and in-page anchors are plain links: next/link is for pages of this site.
  if (href.startsWith('#') || isExternalHref(href)) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  // A file to save (the one-file sandbox): next/link would prefetch it and, on a click, open its code.
  if (isDownloadHref(href)) {
    return (
      <a href={href} download {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
