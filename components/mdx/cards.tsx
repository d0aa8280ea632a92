import Link from 'next/link';
import type { ReactNode } from 'react';

/** A linked card for the home page grid. */
export function Card({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <Link className="card" href={href}>
      <span className="card__title">{title}</span>
      <span className="card__body">{children}</span>
    </Link>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="card-grid">{children}</div>;
}
