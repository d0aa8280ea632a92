import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { jsSingle } from '../escape';
import { awaitAndPrint, JS_LITERAL, jsLiteral } from './js';
import { API_KEY_ENV as env, indented, type Target } from './target';

/** Node.js, with its fetch, as an ES module. */
export const node: Target = {
  plugin: nodeFetch,
  header: jsSingle,
  key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
  bodyType: 'text/plain',
  bodyMark: (mark) => `'${mark}'`,
  body: (value) => `JSON.stringify(${indented(jsLiteral(value), '  ')})`,
  literal: JS_LITERAL,
  comment: '//',
  complete: (code, head) => `// Node.js 18 or later, as an ES module (request.mjs)\n${head}${awaitAndPrint(code)}`,
};
