import { jsSingle } from '../escape';
import { fitsDouble, JsonNumber, JsonObject, type JsonValue } from '../json';
import { indented, type Target } from './target';

// What the JavaScript (browser) and Node.js samples share: the body as a JavaScript literal, and the printing of the
// answer.

/** Awaits the response and prints its status, then its body, as the Node.js and JavaScript samples do. */
export const awaitAndPrint = (code: string) =>
  `const response = await ${code};\n\nconsole.log(response.status);\nconsole.log(await response.text());`;

/**
 * A value as a JavaScript literal, laid out as @scalar/snippetz writes it. A `__proto__` key is written as a
 * computed key: in a literal, `__proto__: …` or `'__proto__': …` sets the object's prototype and the key is lost.
 */
export function jsLiteral(value: JsonValue, indent = 0): string {
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

export const JS_LITERAL: Target['literal'] = {
  holds: fitsDouble,
  numbers: 'A JavaScript number',
  // The JSON text between backticks as it is: jsonInner writes every ` and $ of a string as \u0060 and \u0024, and
  // String.raw keeps each backslash.
  asText: (json) => `String.raw\`${json}\``,
};
