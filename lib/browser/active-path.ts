/** True when `pathname` is one of `activePaths` or below one of them (`/` matches only itself). */
export function isActivePath(pathname: string, activePaths: readonly string[]): boolean {
  return activePaths.some((path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)));
}
