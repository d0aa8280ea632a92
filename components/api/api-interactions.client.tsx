'use client';

import { useEffect } from 'react';

/**
 * One delegated listener for the copy buttons inside build-time HTML (code blocks of the reference),
 * instead of a hydrated component per block.
 */
export function ApiInteractions({ rootId }: { rootId: string }) {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-copy-code]');
      if (!button) return;
      const code = button.closest('.code-block')?.querySelector('pre code');
      try {
        await navigator.clipboard.writeText(code?.textContent ?? '');
        button.textContent = 'Copied';
        button.setAttribute('aria-label', 'Copied');
        window.setTimeout(() => {
          button.textContent = 'Copy';
          button.setAttribute('aria-label', 'Copy code to clipboard');
        }, 2000);
      } catch (cause) {
        console.warn('[kilowise] the clipboard is not available here; select the code to copy it.', cause);
      }
    };
    const listener = (event: MouseEvent) => void onClick(event);
    root.addEventListener('click', listener);
    return () => root.removeEventListener('click', listener);
  }, [rootId]);
  return null;
}
