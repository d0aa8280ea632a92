/** The bar appears only after 200 ms, then runs with these nprogress settings. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_SETTINGS = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;

/** What the decision needs to know of a click on a link. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  href: string | null;
  target: string | null;
  download: boolean;
}

/**
 * True when the click starts a client-side navigation to another page of this site: a plain left
 * click on a same-origin link without target or download, to a different path or query (a hash-only
 * change stays on the page).
 */
export function startsNavigation(click: LinkClick, current: URL): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (!click.href || click.download || (click.target && click.target !== '_self')) return false;
  const next = new URL(click.href, current);
  if (next.origin !== current.origin) return false;
  return next.pathname !== current.pathname || next.search !== current.search;
}
