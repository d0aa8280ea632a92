import type { Plugin } from '@scalar/snippetz';
import { jsSingle } from '../escape';
import { fitsDouble, JsonNumber, JsonObject, type JsonValue } from '../json';
import { API_KEY_ENV, indented, type Target } from './target';

// What the JavaScript (browser) and Node.js samples share: all but the plugin and the first line, which fetchTarget
// makes into a target.

/** Awaits the response and prints its status, then its body, as the Node.js and JavaScript samples do. */
const awaitAndPrint = (code: string) =>
  `const response = await ${code};\n\nconsole.log(response.status);\nconsole.log(await response.text());`;

/**
 * A value as a JavaScript literal, laid out as @scalar/snippetz writes it. A `__proto__` key is written as a
 * computed key: in a literal, `__proto__: …` or `'__proto__': …` sets the object's prototype and the key is lost.
 */
function jsLiteral(value: JsonValue, indent = 0): string {
  if (typeof value === 'string') return `'${jsSingle(value)}'`;
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    const items = value.map((item) => jsLiteral(item));
    if (!items.some((item) => item.includes('\n'))) return `[${items.join(', ')}]`;
    const inner = ' '.repeat(indent + 2);
    return `[\n${items.map((item) => `${inner}${indented(item, inner)}`).join(',\n')}\n${' '.repeat(indent)}]`;
  }
  if (value instanceof JsonObject) {
    if (value.entries.length === 0) return '{}';
    const inner = ' '.repeat(indent + 2);
    const members = value.entries.map(([key, item]) => {
      const name =
        key === '__proto__' ? `['__proto__']` : /^[$A-Z_][0-9A-Z_$]*$/i.test(key) ? key : `'${jsSingle(key)}'`;
      return `${inner}${name}: ${jsLiteral(item, indent + 2)}`;
    });
    return `{\n${members.join(',\n')}\n${' '.repeat(indent)}}`;
  }
  return JSON.stringify(value);
}

const JS_LITERAL: Target['literal'] = {
  holds: fitsDouble,
  numbers: 'A JavaScript number',
  // The JSON text between backticks as it is: jsonInner writes every ` and $ of a string as \u0060 and \u0024, and
  // String.raw keeps each backslash.
  asText: (json) => `String.raw\`${json}\``,
};

/**
 * A target that sends with fetch (the browser's, or Node.js's own): the body as a JavaScript literal, the key from
 * process.env, and the answer's status and body printed; `preamble` goes first (what runs the program).
 */
export function fetchTarget(plugin: Plugin, preamble: string): Target {
  return {
    plugin,
    header: jsSingle,
    key: (header, placeholder) => [`'${placeholder}'`, `process.env.${API_KEY_ENV}`],
    bodyType: 'text/plain',
    bodyMark: (mark) => `'${mark}'`,
    body: (value) => `JSON.stringify(${indented(jsLiteral(value), '  ')})`,
    literal: JS_LITERAL,
    comment: '//',
    complete: (code, head) => `${preamble}${head}${awaitAndPrint(code)}`,
  };
}
