import Link from 'next/link';
import { isWebHref } from '@/lib/links/href';
import type { Footer as FooterConfig } from '@/lib/site/schema';
import { Logo } from './logo';

function FooterLink({ label, href }: { label: string; href: string }) {
  return isWebHref(href) ? (
    <a className="footer__link" href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link className="footer__link" href={href}>
      {label}
    </Link>
  );
}

/** The site footer: link columns, or one row of links separated by dots ("simple" style). */
export function Footer({ footer }: { footer: FooterConfig }) {
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__inner">
        {footer.style === 'columns' ? (
          <div className="footer__columns">
            {footer.columns.map((column) => (
              <div key={column.title} className="footer__column">
                <h2 className="footer__title">{column.title}</h2>
                <ul className="footer__items">
                  {column.items.map((item) => (
                    <li key={item.href}>
                      <FooterLink {...item} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          <p className="footer__row">
            {footer.links.map((link, index) => (
              <span key={link.href}>
                {index > 0 ? (
                  <span className="footer__separator" aria-hidden="true">
                    {' '}
                    ·{' '}
                  </span>
                ) : null}
                <FooterLink {...link} />
              </span>
            ))}
          </p>
        )}
        {footer.logo || footer.copyright ? (
          <div className="footer__bottom">
            {footer.logo ? <Logo logo={footer.logo} className="footer__logo" /> : null}
            {footer.copyright ? <p className="footer__copyright">{footer.copyright}</p> : null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}
