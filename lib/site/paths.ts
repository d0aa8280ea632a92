/** The two content areas, each with its own sidebar. */
export const AREAS = ['docs', 'sdk'] as const;
export type Area = (typeof AREAS)[number];

/**
 * Maps a content path (relative to `content/`, without extension, as contentlayer's flattenedPath
 * gives it: `index` folded away) to the page's URL. The root `index.mdx` is the docs home at `/`.
 */
export function contentPathToUrl(flattenedPath: string): string {
  return flattenedPath === '' ? '/' : `/${flattenedPath}`;
}

/** The area a page URL belongs to: the docs home and `/docs/...`, or `/sdk/...`; none for other pages. */
export function areaOfUrl(pathname: string): Area | undefined {
  if (pathname === '/' || pathname.startsWith('/docs/')) return 'docs';
  if (pathname.startsWith('/sdk/')) return 'sdk';
  return undefined;
}

/** The accessible name of an area's sidebar landmark, the same on desktop and in the mobile menu. */
export function sidebarLandmarkLabel(area: Area): string {
  return area === 'sdk' ? 'SDK sidebar' : 'Docs sidebar';
}
