import Link from 'next/link';
import type { ComponentProps } from 'react';
import { isExternalHref, isWebHref } from '@/lib/links/href';

/** Internal links navigate client-side; links to other websites open in a new tab. */
export function MdxLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
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
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
