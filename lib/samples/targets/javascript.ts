import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';
import { jsSingle } from '../escape';
import { awaitAndPrint, JS_LITERAL, jsLiteral } from './js';
import { API_KEY_ENV as env, indented, type Target } from './target';

/** JavaScript in the browser, with fetch. */
export const javascript: Target = {
  plugin: jsFetch,
  header: jsSingle,
  key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
  bodyType: 'text/plain',
  bodyMark: (mark) => `'${mark}'`,
  body: (value) => `JSON.stringify(${indented(jsLiteral(value), '  ')})`,
  literal: JS_LITERAL,
  comment: '//',
  complete: (code, head) => `${head}${awaitAndPrint(code)}`,
};
