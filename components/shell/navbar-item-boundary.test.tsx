import { describe, expect, it } from 'vitest';
import { errorCauseChain } from '@/lib/errors';
import type { ResolvedNavbarItem } from '@/lib/site/navbar';
import { NavbarItemBoundary } from './navbar-item-boundary.client';

const item: ResolvedNavbarItem = { kind: 'html', value: '<b>Beta</b>', position: 'right' };

describe('NavbarItemBoundary', () => {
  it('renders its item while it works', () => {
    const boundary = new NavbarItemBoundary({ item, children: 'ok' });
    expect(boundary.render()).toBe('ok');
  });

  it('turns a failure into an error that names the item configuration, keeping the cause', () => {
    const boundary = new NavbarItemBoundary({ item, children: 'ok' });
    boundary.state = NavbarItemBoundary.getDerivedStateFromError(new TypeError('value.trim is not a function'));
    let thrown: unknown;
    let rendered: unknown;
    try {
      rendered = boundary.render();
    } catch (error) {
      thrown = error;
    }
    expect(rendered).toBeUndefined();
    expect(errorCauseChain(thrown)).toEqual([
      '[navbar] a navbar item failed to render; check this entry of navbar.items in lib/site/config.ts: {"kind":"html","value":"<b>Beta</b>","position":"right"}',
      'TypeError: value.trim is not a function',
    ]);
  });
});
