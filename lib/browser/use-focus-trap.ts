'use client';

import { createFocusTrap } from 'focus-trap';
import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

export interface FocusTrapOptions {
  /** Escape was pressed while this trap was the top one: close the modal. */
  onEscape: () => void;
  /** The element to focus first; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Keeps Tab and Shift+Tab inside a modal while it is mounted, closes it on Escape, and gives focus back to
 * what had it before. Traps stack: a modal opened from another (search from the mobile menu) pauses the one
 * below, and Escape closes only the top one. focus-trap, the library under focus-trap-react, does the work.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, { onEscape, initialFocus }: FocusTrapOptions): void {
  const escape = useEffectEvent(onEscape);
  // A layout effect: focus moves in the same task as the gesture that opened the modal, so keys typed at
  // once land inside it.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const trap = createFocusTrap(element, {
      initialFocus: () => initialFocus?.current ?? undefined,
      fallbackFocus: element,
      delayInitialFocus: false,
      escapeDeactivates: () => {
        escape();
        // The modal unmounts, and its cleanup below deactivates the trap.
        return false;
      },
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
    });
    trap.activate();
    return () => {
      trap.deactivate();
    };
  }, [container, initialFocus]);
}
