'use client';

import { useEffect } from 'react';
import { resolveAnchor } from '@/lib/openapi/anchors';

/**
 * Makes every link land: a Redoc-style `#tag/{tag}/operation/{id}` or a renamed anchor with a published
 * alias is rewritten to the anchor that exists now. Cards off screen skip layout (content-visibility),
 * so the ones around the target take their real size only after the browser's first jump; the target
 * is landed again once layout has settled, unless the reader has scrolled by then.
 */
export function AnchorResolver({ aliases }: { aliases: Readonly<Record<string, string>> }) {
  useEffect(() => {
    let frame = 0;
    let readerScrolled = false;
    const onUserScroll = () => {
      readerScrolled = true;
    };
    const land = () => {
      const current = decodeURIComponent(window.location.hash.slice(1));
      const target = resolveAnchor(window.location.hash, (id) => document.getElementById(id) !== null, aliases);
      if (!target) return;
      if (target !== current) window.history.replaceState(null, '', `#${target}`);
      const element = document.getElementById(target);
      if (!element) return;
      readerScrolled = false;
      element.scrollIntoView();
      let settledFrames = 0;
      let lastTop = Number.NaN;
      const settle = () => {
        if (readerScrolled) return;
        const top = element.getBoundingClientRect().top;
        settledFrames = Math.abs(top - lastTop) < 1 ? settledFrames + 1 : 0;
        lastTop = top;
        element.scrollIntoView();
        if (settledFrames < 3) frame = requestAnimationFrame(settle);
      };
      frame = requestAnimationFrame(settle);
    };
    land();
    window.addEventListener('hashchange', land);
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    window.addEventListener('keydown', onUserScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', land);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('keydown', onUserScroll);
    };
  }, [aliases]);
  return null;
}
