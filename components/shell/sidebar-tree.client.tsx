'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useState } from 'react';
import { useCollapse } from '@/hooks/use-collapse';
import type { SidebarCategory, SidebarItem } from '@/lib/site/sidebar';
import { categoryContains } from '@/lib/site/sidebar';

function CategoryView({ category, pathname }: { category: SidebarCategory; pathname: string }) {
  const holdsCurrent = categoryContains(category, pathname);
  // The current page's category starts open; otherwise the config's `collapsed` decides.
  const [open, setOpen] = useState(holdsCurrent || !category.collapsed);
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    // Navigating into a collapsed category opens it; the reader can still close it afterwards.
    setSeenPathname(pathname);
    if (holdsCurrent) setOpen(true);
  }
  const expanded = open;
  const [listRef, listHidden] = useCollapse<HTMLUListElement>(expanded);
  const listId = useId();
  const active = category.href === pathname;
  return (
    <li className="sidebar__category">
      <div className="sidebar__category-row">
        {category.href ? (
          <Link
            className={`sidebar__link${active ? ' sidebar__link--active' : ''}`}
            href={category.href}
            aria-current={active ? 'page' : undefined}
          >
            {category.label}
          </Link>
        ) : (
          <button type="button" className="sidebar__link sidebar__category-label" onClick={() => setOpen(!open)}>
            {category.label}
          </button>
        )}
        <button
          type="button"
          className="sidebar__caret"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${category.label}'`}
          onClick={() => setOpen(!open)}
        />
      </div>
      <ul ref={listRef} id={listId} className="sidebar__items" hidden={listHidden}>
        {category.items.map((item) => (
          <SidebarItemView key={item.type === 'link' ? item.href : item.label} item={item} pathname={pathname} />
        ))}
      </ul>
    </li>
  );
}

function SidebarItemView({ item, pathname }: { item: SidebarItem; pathname: string }) {
  if (item.type === 'category') return <CategoryView category={item} pathname={pathname} />;
  const active = item.href === pathname;
  return (
    <li>
      <Link
        className={`sidebar__link${active ? ' sidebar__link--active' : ''}`}
        href={item.href}
        aria-current={active ? 'page' : undefined}
      >
        {item.label}
      </Link>
    </li>
  );
}

/** A docs area's sidebar: nested categories that open and close, the current page marked. */
export function SidebarTree({ items, label }: { items: readonly SidebarItem[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav className="sidebar" aria-label={label}>
      <ul className="sidebar__items sidebar__items--root">
        {items.map((item) => (
          <SidebarItemView key={item.type === 'link' ? item.href : item.label} item={item} pathname={pathname} />
        ))}
      </ul>
    </nav>
  );
}
