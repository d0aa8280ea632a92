/**
 * Pages that do not come from `content/` (the API reference, the playground). A route joins this list
 * in the change that builds it; navbar links to internal paths outside it and the guides fail the build.
 */
export const STANDALONE_ROUTES: readonly string[] = ['/api', '/playground', '/search'];
