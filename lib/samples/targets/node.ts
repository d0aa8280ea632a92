import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { fetchTarget } from './js';

/** Node.js, with its fetch, as an ES module. */
export const node = fetchTarget(nodeFetch, '// Node.js 18 or later, as an ES module (request.mjs)\n');
