'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isActivePath } from '@/lib/browser/active-path';
import type { ResolvedNavbarItem } from '@/lib/site/navbar';
import { SearchButton } from '@/components/search/search-button.client';
import { LocaleDropdown } from './locale-dropdown.client';
import { useVersionedHref, VersionDropdown } from './version-dropdown.client';

function GithubIcon() {
  return (
    <svg className="navbar__icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M8 0a8 8 0 0 0-2.5 15.6c.4 0 .5-.2.5-.4v-1.5c-2.2.5-2.7-1-2.7-1-.4-.9-.9-1.2-.9-1.2-.7-.5.1-.5.1-.5.8.1 1.2.8 1.2.8.7 1.3 1.9.9 2.3.7.1-.5.3-.9.5-1.1-1.8-.2-3.6-.9-3.6-4 0-.9.3-1.6.8-2.1-.1-.2-.4-1 .1-2.1 0 0 .7-.2 2.2.8a7.6 7.6 0 0 1 4 0c1.5-1 2.2-.8 2.2-.8.4 1.1.2 1.9.1 2.1.5.6.8 1.3.8 2.1 0 3.1-1.9 3.7-3.6 3.9.3.3.5.8.5 1.5v2.2c0 .2.1.5.6.4A8 8 0 0 0 8 0Z"
      />
    </svg>
  );
}

/** One configured navbar item; `variant` picks the desktop bar or the mobile menu's list. */
export function NavbarItemView({ item, variant }: { item: ResolvedNavbarItem; variant: 'desktop' | 'mobile' }) {
  const pathname = usePathname();
  const linkClass = variant === 'desktop' ? 'navbar__link' : 'menu__link';
  const linkVersions = item.kind === 'link' ? item.versions : undefined;
  // A link into a versioned area opens the reader's preferred version there.
  const versionedHref = useVersionedHref(linkVersions, item.kind === 'link' ? item.href : '/');
  switch (item.kind) {
    case 'link': {
      const active = isActivePath(pathname, item.activePaths);
      const content = (
        <>
          {item.icon === 'github' ? <GithubIcon /> : null}
          <span>{item.label}</span>
        </>
      );
      return item.external ? (
        <a className={linkClass} href={item.href} target="_blank" rel="noopener noreferrer" aria-label={item.ariaLabel}>
          {content}
        </a>
      ) : (
        <Link
          className={`${linkClass}${active ? ` ${linkClass}--active` : ''}`}
          href={versionedHref}
          aria-current={active ? 'page' : undefined}
        >
          {content}
        </Link>
      );
    }
    case 'dropdown':
      return (
        <details className={`dropdown dropdown--${variant}`}>
          <summary className={linkClass}>{item.label}</summary>
          <ul className="dropdown__menu">
            {item.items.map((entry) => (
              <li key={entry.href}>
                <Link className="dropdown__link" href={entry.href}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      );
    case 'html':
      // Trusted HTML from this repository's site config.
      return <span className="navbar__html" dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'localeDropdown':
      return <LocaleDropdown variant={variant} locales={item.locales} current={item.current} />;
    case 'search':
      return <SearchButton variant={variant} />;
    case 'versionDropdown':
      return (
        <VersionDropdown
          area={item.area}
          versions={item.versions}
          variant={variant}
          allVersionsHref={item.allVersionsHref}
        />
      );
  }
}
