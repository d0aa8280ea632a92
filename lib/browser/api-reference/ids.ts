/** Element ids the build-time reference markup and the page's scripts share. */
export const API_ROOT_ID = 'api-reference';
export const API_NAV_ID = 'api-nav';
