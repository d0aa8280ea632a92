import Link from 'next/link';
import { SearchButton } from '@/components/search/search-button.client';
import type { Area } from '@/lib/site/paths';
import type { SidebarItem } from '@/lib/site/sidebar';
import type { ResolvedNavbarItem } from '@/lib/site/navbar';
import type { SiteConfig } from '@/lib/site/schema';
import { Logo } from './logo';
import { MobileSidebar } from './mobile-sidebar.client';
import { NavbarFrame } from './navbar-frame.client';
import { NavbarItemBoundary } from './navbar-item-boundary.client';
import { NavbarItemView } from './navbar-items.client';
import { ThemeToggle } from './theme-toggle.client';

interface NavbarProps {
  config: SiteConfig;
  items: readonly ResolvedNavbarItem[];
  sidebars: Readonly<Record<Area, readonly SidebarItem[]>>;
  olderVersionSidebars: readonly { prefix: string; items: readonly SidebarItem[] }[];
}

export function Navbar({ config, items, sidebars, olderVersionSidebars }: NavbarProps) {
  const { navbar, colorMode } = config;
  const brand = (
    <Link className="navbar__brand" href={navbar.logo.href} target={navbar.logo.target}>
      <Logo logo={navbar.logo} />
      <b className="navbar__title">{navbar.title}</b>
    </Link>
  );
  const toggle = colorMode.disableSwitch ? null : <ThemeToggle defaultMode={colorMode.defaultMode} />;
  const side = (position: 'left' | 'right') =>
    items.map((item, index) =>
      item.position === position ? (
        <div key={index} className="navbar__item">
          <NavbarItemBoundary item={item}>
            <NavbarItemView item={item} variant="desktop" />
          </NavbarItemBoundary>
        </div>
      ) : null,
    );
  return (
    <NavbarFrame style={navbar.style} hideOnScroll={navbar.hideOnScroll}>
      <div className="navbar__inner">
        <div className="navbar__items">
          <MobileSidebar
            items={items}
            sidebars={sidebars}
            olderVersionSidebars={olderVersionSidebars}
            brand={brand}
            themeToggle={toggle}
          />
          {brand}
          <div className="navbar__desktop">{side('left')}</div>
        </div>
        <div className="navbar__items navbar__items--right">
          <div className="navbar__desktop">{side('right')}</div>
          {/* On a phone the bar's items are in the menu; search keeps a button of its own in the bar. */}
          {items.some((item) => item.kind === 'search') ? (
            <div className="navbar__phone">
              <SearchButton variant="phone" />
            </div>
          ) : null}
          {toggle}
        </div>
      </div>
    </NavbarFrame>
  );
}
