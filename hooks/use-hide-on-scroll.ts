import { useEffect, useState, type RefObject } from 'react';

/**
 * With `enabled`, hides the navbar once the page scrolls down past the navbar's own height, shows it
 * again on any scroll up, and hides it when the reader follows a link to an in-page anchor.
 */
export function useHideOnScroll(enabled: boolean, navbarRef: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let anchorJump = false;
    const onScroll = () => {
      const y = window.scrollY;
      const height = navbarRef.current?.offsetHeight ?? 0;
      if (anchorJump) {
        anchorJump = false;
        setHidden(y > height);
      } else if (y < lastY) setHidden(false);
      else if (y > height) setHidden(true);
      lastY = y;
    };
    const onHashChange = () => {
      anchorJump = true;
      setHidden(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [enabled, navbarRef]);
  return enabled && hidden;
}
