'use client';

import type { FocusTrap } from 'focus-trap';
import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

export interface FocusTrapOptions {
  /** Escape was pressed while this trap was the top one: close the modal. */
  onEscape: () => void;
  /** The element to focus first; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

type FocusTrapModule = typeof import('focus-trap');

// focus-trap (and tabbable) load when a modal first opens, not with every page; once loaded, later
// modals arm their trap at once, so one opened from another pauses the trap below before taking focus.
let loaded: FocusTrapModule | undefined;
const loadFocusTrap = async (): Promise<FocusTrapModule> => (loaded ??= await import('focus-trap'));

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a modal while it is mounted, closes it on Escape, and gives focus back to
 * what had it before. Traps stack: a modal opened from another (search from the mobile menu) pauses the one
 * below, and Escape closes only the top one. focus-trap, the library under focus-trap-react, does the work.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  { onEscape, initialFocus }: FocusTrapOptions,
): void {
  const escape = useEffectEvent(onEscape);
  // A layout effect: focus moves in the same task as the gesture that opened the modal, so keys typed at
  // once land inside it, even before the trap's code has arrived.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = () => initialFocus?.current ?? element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
    let trap: FocusTrap | undefined;
    let live = true;
    const arm = ({ createFocusTrap }: FocusTrapModule) => {
      if (!live) return;
      trap = createFocusTrap(element, {
        initialFocus: () =>
          element.contains(document.activeElement) ? (document.activeElement as HTMLElement) : first(),
        fallbackFocus: element,
        delayInitialFocus: false,
        escapeDeactivates: () => {
          escape();
          // The modal unmounts, and its cleanup below releases the trap.
          return false;
        },
        allowOutsideClick: true,
        returnFocusOnDeactivate: false,
      });
      trap.activate();
    };
    if (loaded) arm(loaded);
    else {
      first().focus();
      void loadFocusTrap().then(arm);
    }
    return () => {
      live = false;
      trap?.deactivate();
      returnTo?.focus();
    };
  }, [container, initialFocus]);
}
