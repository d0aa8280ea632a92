import { isChunkLoadFailure } from './chunk-errors';

/** Session key that remembers the one reload already made for a path, so a missing chunk cannot loop. */
export const RELOAD_GUARD_KEY = 'kilowise.reloaded-after-failed-load';

/** The parts of `window` the recovery uses; tests pass a fake. */
export interface RecoveryWindow {
  location: { pathname: string; reload(): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  console: Pick<Console, 'warn'>;
  addEventListener(type: string, listener: (event: Event) => void, capture?: boolean): void;
  setTimeout(callback: () => void, ms: number): unknown;
  document: { querySelectorAll(selectors: string): ArrayLike<{ src?: string; href?: string }> };
}

/**
 * Installs listeners that recover from a failed load of the build's own chunks (usually a deploy replaced
 * the build while the page was open). A chunk the page itself preloads: warn, then reload once for this
 * path; a second failure on the same path only warns, so there is no reload loop. A chunk loaded later,
 * for a client navigation, is left to the route's error view, which shows the message and Retry.
 * It runs as an inline script in <head>, before any chunk loads: esbuild bundles inline/load-recovery.ts, which
 * calls it, into `.generated/inline-scripts.json` at build time (scripts/build-inline-scripts.ts).
 */
export function installLoadRecovery(win: RecoveryWindow, guardKey: string): void {
  const isChunkUrl = (url: string) => url.indexOf('/_next/static/') !== -1;
  const readGuard = (): string | null => {
    try {
      return win.sessionStorage.getItem(guardKey);
    } catch {
      // Without storage the guard cannot be kept: behave as if the reload already happened.
      return win.location.pathname;
    }
  };
  const writeGuard = (value: string) => {
    try {
      win.sessionStorage.setItem(guardKey, value);
    } catch {
      // See readGuard.
    }
  };
  const isFailedChunk = (event: Event): boolean => {
    if (event.type === 'unhandledrejection') {
      return isChunkLoadFailure(
        (event as PromiseRejectionEvent).reason as { name?: string; message?: string } | undefined,
      );
    }
    const target = event.target as { tagName?: string; src?: string; href?: string } | null;
    if (!target || (target.tagName !== 'SCRIPT' && target.tagName !== 'LINK')) return false;
    return isChunkUrl(target.src || target.href || '');
  };
  // The chunks the document itself references, known once it is parsed; before that, every chunk is one.
  const keyOf = (url: string) => url.slice(url.indexOf('/_next/static/'));
  let pageChunks: Record<string, boolean> | null = null;
  win.addEventListener('DOMContentLoaded', () => {
    pageChunks = {};
    const nodes = win.document.querySelectorAll('script[src], link[href]');
    for (let index = 0; index < nodes.length; index += 1) {
      const url = nodes[index]?.src || nodes[index]?.href || '';
      if (isChunkUrl(url)) pageChunks[keyOf(url)] = true;
    }
  });
  const failedUrl = (event: Event): string => {
    if (event.type === 'unhandledrejection') {
      const reason = (event as PromiseRejectionEvent).reason as { message?: string } | undefined;
      const match = /\/_next\/static\/[^\s'"]+/.exec(String(reason && reason.message));
      return match ? match[0] : '';
    }
    const target = event.target as { src?: string; href?: string } | null;
    return (target && (target.src || target.href)) || '';
  };
  const isPageChunk = (url: string) => pageChunks === null || url === '' || pageChunks[keyOf(url)] === true;
  let reloading = false;
  const onFailure = (event: Event) => {
    // A chunk fails twice (its preload link and its script); once the reload is under way, stay quiet.
    if (reloading || !isFailedChunk(event)) return;
    if (!isPageChunk(failedUrl(event))) {
      win.console.warn('[kilowise] the code of the next page failed to load; the page offers Retry.', event);
      return;
    }
    const path = win.location.pathname;
    if (readGuard() === path) {
      win.console.warn('[kilowise] a page resource failed to load again after a reload; not reloading again.', event);
      return;
    }
    win.console.warn('[kilowise] a page resource failed to load; reloading the page.', event);
    writeGuard(path);
    reloading = true;
    win.location.reload();
  };
  // Resource errors do not bubble; the capture phase sees them on window.
  win.addEventListener('error', onFailure, true);
  win.addEventListener('unhandledrejection', onFailure);
  // A page that stayed up clears the guard, so a later failure may reload once again.
  win.addEventListener('load', () => win.setTimeout(() => writeGuard(''), 10000));
}
