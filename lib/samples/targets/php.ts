import { phpCurl } from '@scalar/snippetz/plugins/php/curl';
import { phpSingle } from '../escape';
import { fitsDouble, isIntegerText, JsonNumber, JsonObject, type JsonValue } from '../json';
import { API_KEY_ENV as env, drift, replaceExactly, type Target } from './target';

/**
 * A value as a PHP literal for json_encode, laid out as @scalar/snippetz writes it. An object is an array with
 * keys, which json_encode writes as a list when it has no keys or its keys are 0, 1, 2…: such an object is written
 * `new stdClass()` or `(object) [...]`, which json_encode writes as an object.
 */
function phpLiteral(value: JsonValue, level = 0): string {
  const indent = (depth: number) => '  '.repeat(depth);
  const list = (items: string[]) =>
    items.length === 0 ? '[]' : `[\n${indent(level + 1)}${items.join(`,\n${indent(level + 1)}`)}\n${indent(level)}]`;
  if (typeof value === 'string') return `'${phpSingle(value)}'`;
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) return list(value.map((item) => phpLiteral(item, level + 1)));
  if (value instanceof JsonObject) {
    if (value.entries.length === 0) return 'new stdClass()';
    const keys = [...new Set(value.entries.map(([key]) => key))];
    const members = value.entries.map(([key, item]) => `'${phpSingle(key)}' => ${phpLiteral(item, level + 1)}`);
    return `${keys.every((key, index) => key === String(index)) ? '(object) ' : ''}${list(members)}`;
  }
  return JSON.stringify(value);
}

/**
 * A PHP int has 64 bits; a longer integer is a float. -9223372036854775808 is one too: PHP reads it as the minus of
 * 9223372036854775808, a float.
 */
const PHP_INT = 2n ** 63n;
const phpHolds = (number: string) =>
  fitsDouble(number) || (isIntegerText(number) && BigInt(number) < PHP_INT && BigInt(number) > -PHP_INT);

/** PHP, with the curl extension. */
export const php: Target = {
  plugin: phpCurl,
  header: phpSingle,
  // The plugin writes CURLOPT_POST for a POST and nothing for another method, which curl then sends as a GET, or as
  // a POST when it has a body. A HEAD is CURLOPT_NOBODY: a custom HEAD would wait for a body that never comes.
  adapt: (code, { method }) => {
    if (method === 'GET' || method === 'POST') return code;
    const init = code.indexOf('\n\n');
    if (!code.startsWith('$ch = curl_init(') || init < 0) throw drift('php', '$ch = curl_init(…);');
    const line =
      method === 'HEAD'
        ? 'curl_setopt($ch, CURLOPT_NOBODY, true);'
        : `curl_setopt($ch, CURLOPT_CUSTOMREQUEST, '${phpSingle(method)}');`;
    return `${code.slice(0, init + 2)}${line}\n${code.slice(init + 2)}`;
  },
  writesMethod: true,
  key: (header, placeholder) => [`'${header}: ${placeholder}'`, `'${header}: ' . getenv('${env}')`],
  bodyMark: (mark) => `json_encode('${mark}')`,
  body: (value) => `json_encode(${phpLiteral(value)})`,
  literal: { holds: phpHolds, numbers: 'A PHP number', asText: (json) => `'${phpSingle(json)}'` },
  comment: '//',
  // The plugin's curl_exec prints the body alone: the body is returned instead, and printed after the status; a
  // request that got no answer throws, as the other languages' do, rather than print a status of 0.
  complete: (code, head) =>
    `<?php\n\n${head}${replaceExactly(
      code,
      '\ncurl_exec($ch);\n',
      [
        '',
        'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
        '$body = curl_exec($ch);',
        'if ($body === false) throw new RuntimeException(curl_error($ch));',
        '',
        'echo curl_getinfo($ch, CURLINFO_RESPONSE_CODE), "\\n", $body, "\\n";',
        '',
      ].join('\n'),
      'php',
    )}`,
};
