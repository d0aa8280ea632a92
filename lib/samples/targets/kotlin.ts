import { kotlinOkhttp } from '@scalar/snippetz/plugins/kotlin/okhttp';
import { kotlinDouble } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, block, quotedMark, replaceExactly, type Target } from './target';

/** Kotlin 1.3 or later, with OkHttp 3. */
export const kotlin: Target = {
  plugin: kotlinOkhttp,
  header: kotlinDouble,
  // OkHttp 3 throws for a POST, PUT, PATCH, PROPPATCH or REPORT without a body, which the plugin writes as null.
  adapt: (code, { method, methodMark, body }) => {
    if (body || !['POST', 'PUT', 'PATCH', 'PROPPATCH', 'REPORT'].includes(method)) return code;
    const call = methodMark ? `.method("${methodMark.toUpperCase()}", null)` : `.${method.toLowerCase()}(null)`;
    return replaceExactly(code, call, call.replace(/null\)$/, 'RequestBody.create(null, ""))'), 'kotlin');
  },
  key: (header, placeholder) => [`"${placeholder}"`, `System.getenv("${env}")`],
  bodyMark: quotedMark,
  body: (value) => `"${kotlinDouble(jsonText(value))}"`,
  comment: '//',
  // A whole program (the plugin writes statements): the OkHttp 3 imports it uses (its API is OkHttp 3's), a main,
  // and the status and body printed.
  complete: (code, head) => {
    const imports = ['MediaType', 'OkHttpClient', 'Request', 'RequestBody'].filter((name) =>
      new RegExp(`\\b${name}\\b`).test(code),
    );
    return [
      '// Kotlin 1.3 or later, with OkHttp 3.x: Main.kt',
      ...imports.map((name) => `import okhttp3.${name}`),
      '',
      'fun main() {',
      block(`${head}${code}\nprintln(response.code())\nprintln(response.body()?.string())`, '  '),
      '}',
    ].join('\n');
  },
};
