import Link from 'next/link';
import type { SidebarLink } from '@/lib/site/sidebar';

/** Previous and next pages in the area's reading order. */
export function Pager({ previous, next }: { previous?: SidebarLink; next?: SidebarLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label="Docs pages">
      {previous ? (
        <Link className="pager__link pager__link--prev" href={previous.href} rel="prev">
          <span className="pager__sub">Previous</span>
          <span className="pager__label">« {previous.label}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="pager__link pager__link--next" href={next.href} rel="next">
          <span className="pager__sub">Next</span>
          <span className="pager__label">{next.label} »</span>
        </Link>
      ) : null}
    </nav>
  );
}
