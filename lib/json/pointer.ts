// JSON Pointer (RFC 6901), the few lines of it the site needs: a token's escaping, and a pointer as its tokens. A
// package for it would bring a whole get/set API to wrap two replaces; this is the one copy instead.

/** One token of a pointer, unescaped: `a~1b` → `a/b`, `m~0n` → `m~n` (`~1` first, so `~01` stays `~1`). */
export const decodePointerToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** One token, escaped for a pointer: `/` → `~1`, `~` → `~0`. */
export const encodePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The tokens of a pointer, unescaped: `/a~1b/0` → `['a/b', '0']`; the empty pointer (the whole document) → `[]`. */
export const pointerTokens = (pointer: string): string[] => pointer.split('/').slice(1).map(decodePointerToken);

/**
 * The tokens of a pointer written as a URI fragment (`#/a~1b/0`, `#/components/schemas/Caf%C3%A9`): each token is
 * percent-decoded, then unescaped, as RFC 6901 section 6 orders it. `#` alone is the whole document.
 */
export const fragmentTokens = (fragment: string): string[] =>
  fragment
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((token) => decodePointerToken(decodeURIComponent(token)));
