/**
 * True for a link that leaves the site: any URL scheme (`https:`, `mailto:`, `tel:`) or a
 * protocol-relative `//host`. Everything else is a path or an anchor of this site.
 */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** True for a link to another website, which readers expect in a new tab. */
export function isWebHref(href: string): boolean {
  return /^https?:\/\//i.test(href) || href.startsWith('//');
}

/**
 * True for a link to a file of this site that readers save and run rather than open, such as the one-file sandbox
 * (`/sandbox/kilowise-sandbox.mjs`): a plain link with `download`, since next/link would prefetch the file on every
 * view of the page and, on a click, show its code.
 */
export function isDownloadHref(href: string): boolean {
  return /^\/[^?#]*\.mjs(?:[?#]|$)/i.test(href);
}
