import { pythonRequests } from '@scalar/snippetz/plugins/python/requests';
import { pythonDouble } from '../escape';
import { fitsDouble, isIntegerText, JsonNumber, JsonObject, type JsonValue } from '../json';
import { API_KEY_ENV as env, drift, indented, type Target } from './target';

/** A value as a Python literal, laid out as JSON.stringify(value, null, 2) lays it out. */
function pythonLiteral(value: JsonValue, indent = ''): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `"${pythonDouble(value)}"`;
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (value instanceof JsonObject) {
    if (value.entries.length === 0) return '{}';
    const members = value.entries.map(([key, item]) => `${inner}"${pythonDouble(key)}": ${pythonLiteral(item, inner)}`);
    return `{\n${members.join(',\n')}\n${indent}}`;
  }
  return value === null ? 'None' : value ? 'True' : 'False';
}

/** Python reads an int literal up to 4300 digits long (a longer one is a SyntaxError since 3.11), and json writes it. */
const pythonHolds = (number: string) =>
  fitsDouble(number) || (isIntegerText(number) && number.replace('-', '').length <= 4300);

/** Python, with requests. */
export const python: Target = {
  plugin: pythonRequests,
  header: pythonDouble,
  // requests has a function for the named methods only; any other is requests.request's first argument.
  adapt: (code, { method, methodMark }) => {
    if (!methodMark) return code;
    const call = `requests.${methodMark.toLowerCase()}(`;
    if (!code.startsWith(call)) throw drift('python', call);
    const rest = code.slice(call.length);
    const literal = `"${pythonDouble(method)}"`;
    return rest.startsWith('\n    ')
      ? `requests.request(\n    ${literal},${rest}`
      : `requests.request(${literal}, ${rest}`;
  },
  writesMethod: true,
  key: (header, placeholder) => [`"${placeholder}"`, `os.environ["${env}"]`],
  bodyMark: (mark) => `json="${mark}"`,
  // requests reads json=None as no body at all.
  body: (value) => (value === null ? "data=b'null'" : `json=${indented(pythonLiteral(value), '    ')}`),
  literal: {
    holds: pythonHolds,
    numbers: 'A Python float',
    // Bytes: requests would send a str in ISO-8859-1. No ' stands in the JSON text (jsonInner writes \u0027), so
    // a raw '''…''' string holds it as it is.
    asText: (json) => `data=r'''${json}'''.encode()`,
  },
  comment: '#',
  complete: (code, head) =>
    `import os\n\nimport requests\n\n${head}response = ${code}\n\nprint(response.status_code)\nprint(response.text)`,
};
