import { useLayoutEffect, useRef, useState } from 'react';
import { collapseDuration, prefersReducedMotion } from '@/lib/browser/motion';

/**
 * Animates a list opening and closing: the height runs from 0 to the content's height (or back) over
 * a duration that follows that height, and not at all under reduced motion. Returns the ref to put
 * on the element and whether it is hidden (kept visible until a closing animation ends).
 */
export function useCollapse<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(open);
  const first = useRef(true);
  if (open && !visible) setVisible(true);

  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element) return;
    const height = element.scrollHeight;
    // Under reduced motion the duration is 0: the animation still runs, and finishes at once.
    const duration = collapseDuration(height, prefersReducedMotion());
    const frames = open
      ? [{ height: '0px' }, { height: `${height}px` }]
      : [{ height: `${height}px` }, { height: '0px' }];
    element.style.overflow = 'hidden';
    const animation = element.animate(frames, { duration, easing: 'ease-in-out' });
    animation.onfinish = () => {
      element.style.overflow = '';
      if (!open) setVisible(false);
    };
    return () => animation.cancel();
  }, [open]);

  return [ref, !visible] as const;
}
