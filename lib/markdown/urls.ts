/** Where a page's Markdown twin is served: its URL plus `.md` (`/index.md` for the home page). */
export function twinUrl(url: string): string {
  return url === '/' ? '/index.md' : `${url}.md`;
}

/** The page a twin's path (`docs/smart-charging`, without `.md`) belongs to. */
export function pageUrlOfTwin(slug: readonly string[]): string {
  const joined = slug.join('/');
  return joined === 'index' ? '/' : `/${joined}`;
}
