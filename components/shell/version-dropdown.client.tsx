'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import {
  clearStalePreferredVersion,
  preferredVersion,
  readPreferredVersion,
  savePreferredVersion,
  subscribePreferredVersion,
} from '@/lib/browser/preferred-version';
import { areaOfUrl, type Area } from '@/lib/site/paths';
import { counterpartUrl, versionOfPath, type DocsVersion } from '@/lib/site/versions';

/** The stored preferred version of an area (null on the server, before hydration, and without an area). */
export function useStoredVersion(area: Area | undefined): string | null {
  return useSyncExternalStore(
    subscribePreferredVersion,
    () => (area ? readPreferredVersion(area) : null),
    () => null,
  );
}

/**
 * The navbar's "Versions" dropdown of a versioned area, shown on that area's pages. Each entry opens the
 * same page in that version (or its main doc) and stores the choice as the preferred version.
 */
export function VersionDropdown({
  area,
  versions,
  variant,
  allVersionsHref,
}: {
  area: Area;
  versions: readonly DocsVersion[];
  variant: 'desktop' | 'mobile';
  allVersionsHref?: string;
}) {
  const pathname = usePathname();
  useEffect(() => clearStalePreferredVersion(area, versions), [area, versions]);
  if (areaOfUrl(pathname) !== area) return null;
  const here = versionOfPath(versions, pathname) ?? (versions[0] as DocsVersion);
  return (
    <details className={`dropdown dropdown--${variant} version-dropdown`}>
      {/* The name holds the text shown (WCAG 2.5.3, Label in Name). */}
      <summary className={variant === 'desktop' ? 'navbar__link' : 'menu__link'} aria-label={`Versions: ${here.label}`}>
        <span>{here.label}</span>
      </summary>
      <ul className="dropdown__menu">
        {versions.map((version) => (
          <li key={version.name}>
            <Link
              className={`dropdown__link${version.name === here.name ? ' dropdown__link--active' : ''}`}
              href={counterpartUrl(pathname, here, version)}
              aria-current={version.name === here.name ? 'true' : undefined}
              onClick={(event) => {
                savePreferredVersion(area, version.name);
                event.currentTarget.closest('details')?.removeAttribute('open');
              }}
            >
              {version.label}
              {version.current ? ' (current)' : ''}
            </Link>
          </li>
        ))}
        {allVersionsHref ? (
          <li>
            <Link className="dropdown__link" href={allVersionsHref}>
              All versions
            </Link>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

/** A navbar link into a versioned area: it opens the main doc of the reader's preferred version. */
export function useVersionedHref(versions: readonly DocsVersion[] | undefined, href: string): string {
  const stored = useStoredVersion(versions?.[0]?.area);
  if (!versions) return href;
  const preferred = preferredVersion(versions, stored);
  return preferred && !preferred.current ? preferred.mainUrl : href;
}

/** "latest version" in an old version's banner: switching back also updates the preference. */
export function VersionSwitchLink({
  area,
  version,
  href,
  children,
}: {
  area: Area;
  version: string;
  href: string;
  children: React.ReactNode;
}) {
  return (
    <Link href={href} onClick={() => savePreferredVersion(area, version)}>
      {children}
    </Link>
  );
}
