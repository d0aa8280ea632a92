import Link from 'next/link';

/** Area › category › page, for orientation on deep pages. */
export function Breadcrumbs({
  area,
  trail,
}: {
  area: { label: string; href: string };
  trail: { label: string; href?: string }[];
}) {
  const crumbs = [area, ...trail];
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`} className="breadcrumbs__item">
              {crumb.href && !last ? (
                <Link href={crumb.href}>{crumb.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
