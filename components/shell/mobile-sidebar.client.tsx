'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SidebarTree } from '@/components/shell/sidebar-tree.client';
import { areaOfUrl, sidebarLandmarkLabel, type Area } from '@/lib/site/paths';
import type { SidebarItem } from '@/lib/site/sidebar';
import type { ResolvedNavbarItem } from '@/lib/site/navbar';
import { useMounted } from '@/hooks/use-mounted';
import { NavbarItemBoundary } from './navbar-item-boundary.client';
import { NavbarItemView } from './navbar-items.client';
import { useFocusTrap } from '@/hooks/use-focus-trap';

/** Widths at or below this use the mobile menu; wider ones get the desktop layout. */
export const MOBILE_BREAKPOINT_PX = 996;
const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

interface MobileSidebarProps {
  items: readonly ResolvedNavbarItem[];
  sidebars: Readonly<Record<Area, readonly SidebarItem[]>>;
  /** The sidebars of older docs versions, by URL prefix (`/sdk/1.x`). */
  olderVersionSidebars: readonly { prefix: string; items: readonly SidebarItem[] }[];
  brand: ReactNode;
  themeToggle: ReactNode;
}

/**
 * The hamburger button and the drawer it opens. On a docs or SDK page the drawer starts on that
 * area's sidebar (the secondary menu), with "← Back to main menu" leading to the navbar items.
 */
export function MobileSidebar({ items, sidebars, olderVersionSidebars, brand, themeToggle }: MobileSidebarProps) {
  const pathname = usePathname();
  const area = areaOfUrl(pathname);
  const mounted = useMounted();
  const [open, setOpen] = useState(false);
  const [showSecondary, setShowSecondary] = useState(true);
  const [seenPathname, setSeenPathname] = useState(pathname);
  const searchItem = items.find((item) => item.kind === 'search');
  const menuItems = items.filter((item) => item.kind !== 'search');
  if (seenPathname !== pathname) {
    // A followed link closes the drawer.
    setSeenPathname(pathname);
    setOpen(false);
  }

  useCloseWhenLeft(open, setOpen);

  const older = olderVersionSidebars.find(
    (entry) => pathname === entry.prefix || pathname.startsWith(`${entry.prefix}/`),
  );
  const secondary = older?.items ?? (area ? sidebars[area] : undefined);
  const onSecondary = Boolean(secondary) && showSecondary;

  return (
    <>
      <button
        type="button"
        className="navbar__toggle"
        aria-label="Toggle navigation bar"
        aria-expanded={open}
        disabled={!mounted}
        onClick={() => {
          setShowSecondary(true);
          setOpen(!open);
        }}
      >
        <svg viewBox="0 0 30 30" width="30" height="30" aria-hidden="true">
          <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
        </svg>
      </button>
      {open ? (
        <>
          <div className="mobile-sidebar__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />
          <MobileSidebarDialog onClose={() => setOpen(false)}>
            <DrawerHead brand={brand} themeToggle={themeToggle} onClose={() => setOpen(false)} />
            <div className="mobile-sidebar__panel">
              {/* The search box heads both views of the menu. */}
              {searchItem ? (
                <NavbarItemBoundary item={searchItem}>
                  <NavbarItemView item={searchItem} variant="mobile" />
                </NavbarItemBoundary>
              ) : null}
              {onSecondary && secondary ? (
                <>
                  <button type="button" className="mobile-sidebar__back" onClick={() => setShowSecondary(false)}>
                    ← Back to main menu
                  </button>
                  <SidebarTree items={secondary} label={sidebarLandmarkLabel(area ?? 'docs')} />
                </>
              ) : (
                <MainMenu
                  items={menuItems}
                  secondaryLabel={secondary ? (area === 'sdk' ? 'SDK pages →' : 'Docs pages →') : undefined}
                  onSecondary={() => setShowSecondary(true)}
                />
              )}
            </div>
          </MobileSidebarDialog>
        </>
      ) : null}
    </>
  );
}

/**
 * While the drawer is open: going back in history or widening to the desktop layout closes it, and the page under
 * it does not scroll (the body's class).
 */
function useCloseWhenLeft(open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    window.addEventListener('popstate', close);
    desktop.addEventListener('change', onChange);
    document.body.classList.add('mobile-sidebar-open');
    return () => {
      window.removeEventListener('popstate', close);
      desktop.removeEventListener('change', onChange);
      document.body.classList.remove('mobile-sidebar-open');
    };
  }, [open, setOpen]);
}

/** The drawer's head: the brand, the theme toggle and the close button. */
function DrawerHead({
  brand,
  themeToggle,
  onClose,
}: {
  brand: ReactNode;
  themeToggle: ReactNode;
  onClose: () => void;
}) {
  return (
    <div className="mobile-sidebar__brand">
      {brand}
      {themeToggle}
      <button type="button" className="mobile-sidebar__close" aria-label="Close navigation bar" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4Z"
          />
        </svg>
      </button>
    </div>
  );
}

/** The navbar's items as a menu, and the way into the area's sidebar where the page has one. */
function MainMenu({
  items,
  secondaryLabel,
  onSecondary,
}: {
  items: readonly ResolvedNavbarItem[];
  /** The button to the area's sidebar, where there is one. */
  secondaryLabel: string | undefined;
  onSecondary: () => void;
}) {
  return (
    <ul className="menu" aria-label="Main menu">
      {items.map((item, index) => (
        <li key={index} className="menu__item">
          <NavbarItemBoundary item={item}>
            <NavbarItemView item={item} variant="mobile" />
          </NavbarItemBoundary>
        </li>
      ))}
      {secondaryLabel ? (
        <li className="menu__item">
          <button type="button" className="menu__link" onClick={onSecondary}>
            {secondaryLabel}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The open drawer: a modal that keeps focus inside and closes on Escape. */
function MobileSidebarDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { onEscape: onClose });
  return (
    <div ref={ref} className="mobile-sidebar" role="dialog" aria-modal="true" aria-label="Navigation" tabIndex={-1}>
      {children}
    </div>
  );
}
