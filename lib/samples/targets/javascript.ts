import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';
import { fetchTarget } from './js';

/** JavaScript in the browser, with fetch. */
export const javascript = fetchTarget(jsFetch, '');
