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

/** The area a content file belongs to: `sdk/...` is the SDK area, everything else the docs area. */
export function areaOf(sourceFilePath: string): Area {
  return sourceFilePath.startsWith('sdk/') ? 'sdk' : 'docs';
}
