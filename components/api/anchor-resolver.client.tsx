'use client';

import { useEffect } from 'react';
import { anchorOfHash, resolveAnchor } from '@/lib/openapi/anchors';
import { chunkSlotOf, loadDetail, readAnchorIndex } from '@/lib/browser/api-reference/load-detail';

/** How long after landing the target is held where it landed, while the reader has not scrolled. */
const HOLD_MS = 4000;

/**
 * The element of the anchor a hash names. In a large document its card may be in a group not loaded yet: the
 * anchor index says which, and that group is loaded first.
 */
async function findTarget(hash: string, aliases: Readonly<Record<string, string>>): Promise<string | undefined> {
  const inPage = resolveAnchor(hash, (id) => document.getElementById(id) !== null, aliases);
  if (inPage) return inPage;
  const index = await readAnchorIndex();
  if (!index) return undefined;
  const target = resolveAnchor(hash, (id) => document.getElementById(id) !== null || id in index.anchors, aliases);
  const slot = target === undefined ? undefined : chunkSlotOf(index, target);
  if (slot) await loadDetail(slot);
  return target;
}

/**
 * Makes every link land: a Redoc-style `#tag/{tag}/operation/{id}` or a renamed anchor with a published
 * alias is rewritten to the anchor that exists now, and a large document's card is loaded first if need be.
 * Details and groups of cards around the target arrive after the browser's first jump, so the target is held
 * where it landed while they do, until the reader scrolls.
 */
export function AnchorResolver({ aliases }: { aliases: Readonly<Record<string, string>> }) {
  useEffect(() => {
    let frame = 0;
    let readerScrolled = false;
    const onUserScroll = () => {
      readerScrolled = true;
    };
    let live = true;
    const land = async () => {
      const current = anchorOfHash(window.location.hash);
      const target = await findTarget(window.location.hash, aliases);
      if (!target || !live) return;
      if (target !== current) window.history.replaceState(null, '', `#${target}`);
      const element = document.getElementById(target);
      if (!element) return;
      readerScrolled = false;
      element.scrollIntoView();
      let settledFrames = 0;
      let lastTop = Number.NaN;
      const landedAt = performance.now();
      const settle = () => {
        if (readerScrolled) return;
        const top = element.getBoundingClientRect().top;
        settledFrames = Math.abs(top - lastTop) < 1 ? settledFrames + 1 : 0;
        if (settledFrames === 0) element.scrollIntoView();
        lastTop = element.getBoundingClientRect().top;
        // Until the reader scrolls, the target is held in place while what is around it arrives (a large
        // document's groups of cards load as they near the viewport), then once it has settled.
        if (settledFrames < 3 || performance.now() - landedAt < HOLD_MS) frame = requestAnimationFrame(settle);
      };
      frame = requestAnimationFrame(settle);
    };
    const onHashChange = () => void land();
    void land();
    window.addEventListener('hashchange', onHashChange);
    window.addEventListener('wheel', onUserScroll, { passive: true });
    window.addEventListener('touchmove', onUserScroll, { passive: true });
    window.addEventListener('keydown', onUserScroll);
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', onHashChange);
      window.removeEventListener('wheel', onUserScroll);
      window.removeEventListener('touchmove', onUserScroll);
      window.removeEventListener('keydown', onUserScroll);
    };
  }, [aliases]);
  return null;
}
