'use client';

import { usePathname } from 'next/navigation';
import type { MouseEvent } from 'react';

/** Keeps the reader's path, query and hash when switching language. */
function keepLocation(event: MouseEvent<HTMLAnchorElement>) {
  const { pathname, search, hash } = window.location;
  event.currentTarget.href = `${pathname}${search}${hash}`;
}

export interface LocaleOption {
  code: string;
  label: string;
}

/** Lists the configured locales (English only today), marking the current one. */
export function LocaleDropdown({
  variant,
  locales,
  current,
}: {
  variant: 'desktop' | 'mobile';
  locales: readonly LocaleOption[];
  current: string;
}) {
  const pathname = usePathname();
  const label = locales.find((locale) => locale.code === current)?.label ?? current;
  return (
    <details className={`dropdown dropdown--${variant} locale-dropdown`}>
      {/* The name holds the text shown (WCAG 2.5.3, Label in Name). */}
      <summary className={variant === 'desktop' ? 'navbar__link' : 'menu__link'} aria-label={`Languages: ${label}`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12.9 15.1 10.4 12.6v-.1a17 17 0 0 0 3.7-6.5H17V4h-7V2H8v2H1v2h11.2a15.8 15.8 0 0 1-3.2 5.4A15.6 15.6 0 0 1 6.7 8h-2c.7 1.6 1.8 3.2 3.1 4.6l-5.1 5L4 19l5-5 3.1 3.1.8-2Zm5.6-5.1h-2L12 22h2l1.1-3h4.8l1.1 3h2l-4.5-12Zm-2.6 7 1.6-4.3 1.6 4.3h-3.2Z"
          />
        </svg>
        <span>{label}</span>
      </summary>
      <ul className="dropdown__menu">
        {locales.map((locale) => (
          <li key={locale.code}>
            <a
              className={`dropdown__link${locale.code === current ? ' dropdown__link--active' : ''}`}
              href={pathname}
              hrefLang={locale.code}
              lang={locale.code}
              onClick={keepLocation}
            >
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
