/** Each animation frame of an in-page scroll leaves this share of the remaining distance. */
export const SMOOTH_SCROLL_EASING = 0.85;

/**
 * How long a collapse or expand of `heightPx` takes: longer for taller content, growing ever slower
 * (the curve Material UI and Docusaurus use), and zero when the reader prefers reduced motion.
 */
export function collapseDuration(heightPx: number, reducedMotion: boolean): number {
  if (reducedMotion || heightPx <= 0) return 0;
  const constant = heightPx / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/** The next scroll position of a smooth scroll: the remaining distance shrinks by the easing factor. */
export function nextScrollPosition(current: number, target: number, easing = SMOOTH_SCROLL_EASING): number {
  const remaining = target - current;
  if (Math.abs(remaining) < 1) return target;
  return target - remaining * easing;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the window to `top` with the spec's easing, one step per frame, or at once under reduced
 * motion. A wheel or touch by the reader cancels it.
 */
export function smoothScrollTo(top: number): Promise<void> {
  return new Promise((resolve) => {
    if (prefersReducedMotion()) {
      window.scrollTo(0, top);
      resolve();
      return;
    }
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
    };
    window.addEventListener('wheel', cancel, { once: true, passive: true });
    window.addEventListener('touchstart', cancel, { once: true, passive: true });
    const step = () => {
      const next = nextScrollPosition(window.scrollY, top);
      window.scrollTo(0, next);
      if (cancelled || next === top || Math.abs(window.scrollY - next) > 1) {
        // Done, cancelled, or the page cannot scroll that far (the end of the document).
        window.removeEventListener('wheel', cancel);
        window.removeEventListener('touchstart', cancel);
        resolve();
        return;
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}
