'use client';

import { Component, type ReactNode } from 'react';
import type { ResolvedNavbarItem } from '@/lib/site/navbar';

interface Props {
  item: ResolvedNavbarItem;
  children: ReactNode;
}

/** The error a navbar item's failure becomes: it names the item's configuration, the cause below it. */
export function navbarItemError(item: ResolvedNavbarItem, cause: unknown): Error {
  return new Error(
    `[navbar] a navbar item failed to render; check this entry of navbar.items in lib/site/config.ts: ${JSON.stringify(item)}`,
    { cause },
  );
}

/**
 * Catches a navbar item that fails to render and throws again with the item's configuration named
 * so the crash page shows which entry to fix, with the original error as its cause.
 */
export class NavbarItemBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error !== undefined) throw navbarItemError(this.props.item, this.state.error);
    return this.props.children;
  }
}
