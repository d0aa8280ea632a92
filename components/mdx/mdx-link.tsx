import Link from 'next/link';
import type { ComponentProps } from 'react';

/** Internal links navigate client-side; external ones open in a new tab. */
export function MdxLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  if (/^https?:\/\//.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  if (href.startsWith('#')) return <a href={href} {...rest}>{children}</a>;
  return (
    <Link href={href} {...rest}>
      {children}
    </Link>
  );
}
