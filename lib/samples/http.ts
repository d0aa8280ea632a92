import type { HarRequest, Plugin } from '@scalar/snippetz';
import { csharpHttpclient } from '@scalar/snippetz/plugins/csharp/httpclient';
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { javaNethttp } from '@scalar/snippetz/plugins/java/nethttp';
import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';
import { kotlinOkhttp } from '@scalar/snippetz/plugins/kotlin/okhttp';
import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { phpCurl } from '@scalar/snippetz/plugins/php/curl';
import { pythonRequests } from '@scalar/snippetz/plugins/python/requests';
import { rubyNative } from '@scalar/snippetz/plugins/ruby/native';
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import {
  csharpDouble,
  goDouble,
  javaDouble,
  jsSingle,
  kotlinDouble,
  phpSingle,
  pythonDouble,
  rubySingle,
  shellSingle,
} from './escape';
import type { HttpLanguageId } from './languages';
import {
  fitsDouble,
  isIntegerText,
  JsonNumber,
  JsonObject,
  jsonNumbers,
  jsonText,
  listNumbers,
  readJson,
  type JsonValue,
} from './json';
import { isDotSegment } from '../openapi/path-segments';
import { wireMethod } from '../openapi/methods';
import { fillTemplate } from '../openapi/path-template';

/** The environment variable every sample reads the partner key from. */
export const API_KEY_ENV = 'KILOWISE_API_KEY';

/**
 * How one language's sample is made from @scalar/snippetz's: which plugin writes it, how text stands inside the
 * literals it writes (a header value), how the body stands in the code, how the key header's literal becomes a read
 * of the environment, and what makes the snippet a whole program a partner can run.
 *
 * The plugin gets the body as a mark (a plain string) and writes the rest; the body itself is written here from the
 * reader's JSON text (readJson), so that every number keeps the text it was written with, an empty object stays an
 * object and a `__proto__` key stays a key, which the plugins' own writers (through JSON.parse) do not keep.
 */
interface Target {
  plugin: Plugin;
  /**
   * Corrects what the plugin writes wrong or not at all, before the marks are swapped: how the URL stands in a
   * shell, the method line PHP lacks, a request body OkHttp requires, a method the plugin has no call for.
   */
  adapt?: (code: string, request: Told) => string;
  /** Whether adapt writes a method the plugin was told as a mark: elsewhere the mark stands in a string literal. */
  writesMethod?: true;
  /** Escapes a header value inside the plugin's header literal. */
  header: (text: string) => string;
  /** The plugin's literal for the key header, and what replaces it. */
  key: (header: string, placeholder: string) => [string, string];
  /** The media type the plugin is told the body has: `text/plain` makes it write the mark as a string. */
  bodyType?: string;
  /** What the plugin wrote for a body of the mark. */
  bodyMark: (mark: string) => string;
  /** The body's code in place of the mark. */
  body: (value: JsonValue) => string;
  /**
   * For a language whose body is a literal of its own (an object, a dict, an array) that the program serialises:
   * the numbers the language holds exactly, what holds them (`A JavaScript number`), and the code that sends the
   * JSON text as it is, written instead when a number of the body is not one of them.
   */
  literal?: { holds: (number: string) => boolean; numbers: string; asText: (json: string) => string };
  /** How a line comment starts. */
  comment: string;
  /** Makes the plugin's snippet a whole program, with `head` (comment lines, or nothing) before the code. */
  complete?: (code: string, head: string) => string;
}

/** The request as the plugin was told it, and what the sample must send. */
interface Told {
  url: string;
  /** The method as sent (`GET`, `QUERY`, `Purge`). */
  method: string;
  /** The mark the plugin was told instead of a method it has no call of its own for (see NAMED_METHODS). */
  methodMark?: string;
  body: boolean;
}

/**
 * The methods every plugin writes a call of its own for. Any other method (`QUERY`, `TRACE`, an
 * `additionalOperations` key) reaches the plugin as a mark, which every plugin writes as a method it does not know:
 * upper-cased (the plugins upper-case every method, where the method is sent as written) and lower-cased in
 * Python's `requests.<method>(`, which exists only for these. Each target writes the method in its place.
 */
const NAMED_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const env = API_KEY_ENV;

/** A word a shell reads as it is (zsh too, whose globs `?` and `*` fail a command that matches no file), or quoted. */
const shellWord = (text: string) =>
  /^[A-Za-z0-9][A-Za-z0-9._~:/%@+,=-]*$/.test(text) ? text : `'${shellSingle(text)}'`;

/** A string literal of a C-like language (or a Ruby "…"), as JSON writes it, holding the body mark as JSON text. */
const quotedMark = (mark: string) => JSON.stringify(JSON.stringify(mark));

/** Awaits the response and prints its status, then its body, as the Node.js and JavaScript samples do. */
const awaitAndPrint = (code: string) =>
  `const response = await ${code};\n\nconsole.log(response.status);\nconsole.log(await response.text());`;

/** Each line after the first indented by `indent`, to stand at that depth in the plugin's code. */
const indented = (code: string, indent: string) => code.replace(/\n/g, `\n${indent}`);

/** Every line of `code` indented by `indent`, but for blank ones. */
const block = (code: string, indent: string) =>
  code
    .split('\n')
    .map((line) => (line === '' ? line : `${indent}${line}`))
    .join('\n');

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

/** Python reads an int literal up to 4300 digits long (a longer one is a SyntaxError since 3.11), and json writes it. */
const pythonHolds = (number: string) =>
  fitsDouble(number) || (isIntegerText(number) && number.replace('-', '').length <= 4300);

const JS_LITERAL: Target['literal'] = {
  holds: fitsDouble,
  numbers: 'A JavaScript number',
  // The JSON text between backticks as it is: jsonInner writes every ` and $ of a string as \u0060 and \u0024, and
  // String.raw keeps each backslash.
  asText: (json) => `String.raw\`${json}\``,
};

const TARGETS: Record<HttpLanguageId, Target> = {
  curl: {
    plugin: shellCurl,
    header: shellSingle,
    // The plugin quotes the URL for some characters only (`%`, `$`, not `?`, `&` or `*`): the URL is a word of its
    // own, quoted unless every character is plain. curl reads [] (and {} in a query) as its globs, whatever the quotes.
    adapt: (code, { url, method, methodMark }) => {
      const written = [`curl '${url}'`, `curl ${url}`].find((form) => code === form || code.startsWith(`${form} \\\n`));
      if (written === undefined) throw drift('curl', `curl ${url}`);
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const globoff = /[[\]]/.test(url) || /[{}]/.test(query) ? ' \\\n  --globoff' : '';
      const adapted = `curl ${shellWord(url)}${globoff}${code.slice(written.length)}`;
      return methodMark
        ? replaceExactly(adapted, `--request ${methodMark.toUpperCase()}`, `--request ${shellWord(method)}`, 'curl')
        : adapted;
    },
    writesMethod: true,
    key: (header, placeholder) => [`'${header}: ${placeholder}'`, `"${header}: $${env}"`],
    bodyMark: (mark) => `"${mark}"`,
    body: (value) => shellSingle(jsonText(value)),
    comment: '#',
  },
  javascript: {
    plugin: jsFetch,
    header: jsSingle,
    key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
    bodyType: 'text/plain',
    bodyMark: (mark) => `'${mark}'`,
    body: (value) => `JSON.stringify(${indented(jsLiteral(value), '  ')})`,
    literal: JS_LITERAL,
    comment: '//',
    complete: (code, head) => `${head}${awaitAndPrint(code)}`,
  },
  node: {
    plugin: nodeFetch,
    header: jsSingle,
    key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
    bodyType: 'text/plain',
    bodyMark: (mark) => `'${mark}'`,
    body: (value) => `JSON.stringify(${indented(jsLiteral(value), '  ')})`,
    literal: JS_LITERAL,
    comment: '//',
    complete: (code, head) => `// Node.js 18 or later, as an ES module (request.mjs)\n${head}${awaitAndPrint(code)}`,
  },
  python: {
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
  },
  go: {
    plugin: goNative,
    header: goDouble,
    key: (header, placeholder) => [`"${placeholder}"`, `os.Getenv("${env}")`],
    // The plugin writes the body in a "…" string; ours is a raw string between backticks, where nothing can be
    // escaped and the JSON reads as written: jsonInner writes ` as \u0060.
    bodyMark: quotedMark,
    body: (value) => `\`${jsonText(value)}\``,
    comment: '//',
    // Prints the status (the plugin prints the whole response struct), then the body.
    complete: (code, head) =>
      `${head}${replaceExactly(
        code.replace('\t"net/http"\n', '\t"net/http"\n\t"os"\n'),
        '\tfmt.Println(res)\n',
        '\tfmt.Println(res.StatusCode)\n',
        'go',
      )}`,
  },
  java: {
    plugin: javaNethttp,
    header: javaDouble,
    key: (header, placeholder) => [`"${placeholder}"`, `System.getenv("${env}")`],
    bodyMark: quotedMark,
    body: (value) => `"${javaDouble(jsonText(value))}"`,
    comment: '//',
    // A whole program (the plugin writes statements): the imports, a class, and the status printed before the body.
    complete: (code, head) =>
      [
        '// Java 11 or later: save as Main.java and run it with: java Main.java',
        'import java.net.URI;',
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        '',
        'public class Main {',
        '  public static void main(String[] args) throws Exception {',
        block(
          `${head}${replaceExactly(
            code,
            'System.out.println(response.body());',
            'System.out.println(response.statusCode());\nSystem.out.println(response.body());',
            'java',
          )}`,
          '    ',
        ),
        '  }',
        '}',
      ].join('\n'),
  },
  csharp: {
    plugin: csharpHttpclient,
    header: csharpDouble,
    key: (header, placeholder) => [`"${placeholder}"`, `Environment.GetEnvironmentVariable("${env}")`],
    // A regular string, as in Java and Kotlin, in place of the plugin's raw """ literal (C# 11), which Mono's compiler
    // does not read.
    bodyMark: (mark) => `"""\n"${mark}"\n"""`,
    body: (value) => `"${csharpDouble(jsonText(value))}"`,
    comment: '//',
    // A whole program that C# 7 compilers read (.NET's and Mono's): a class whose Main waits for an async method,
    // no `using var` declarations (C# 8), and the status printed before the body.
    complete: (code, head) => {
      let body = replaceExactly(
        code,
        'using var client = new HttpClient();',
        'var client = new HttpClient();',
        'csharp',
      );
      body = replaceExactly(
        body,
        'using var response = await client.SendAsync(request);',
        [
          'var response = await client.SendAsync(request);',
          '',
          'Console.WriteLine((int)response.StatusCode);',
          'Console.WriteLine(await response.Content.ReadAsStringAsync());',
        ].join('\n'),
        'csharp',
      );
      return [
        '// C# 7 or later (.NET or Mono): Program.cs',
        'using System;',
        'using System.Net.Http;',
        'using System.Threading.Tasks;',
        '',
        'class Program',
        '{',
        '    static void Main() => Send().GetAwaiter().GetResult();',
        '',
        '    static async Task Send()',
        '    {',
        block(`${head}${body}`, '        '),
        '    }',
        '}',
      ].join('\n');
    },
  },
  php: {
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
  },
  ruby: {
    plugin: rubyNative,
    header: rubySingle,
    // A method Net::HTTP has no class for gets one the plugin names after it (Net::HTTP::Query): the class is
    // Net::HTTP::CustomRequest, whatever the method (M-SEARCH is no class name), and its METHOD is the method.
    adapt: (code, { methodMark }) => {
      if (!methodMark) return code;
      const upper = methodMark.toUpperCase();
      const named = `Net::HTTP::${upper.charAt(0)}${upper.slice(1).toLowerCase()}`;
      const defined = replaceExactly(
        code,
        `class ${named} < Net::HTTPRequest`,
        'class Net::HTTP::CustomRequest < Net::HTTPRequest',
        'ruby',
      );
      return replaceExactly(
        defined,
        `request = ${named}.new(url)`,
        'request = Net::HTTP::CustomRequest.new(url)',
        'ruby',
      );
    },
    key: (header, placeholder) => [`'${placeholder}'`, `ENV.fetch('${env}')`],
    // The plugin writes the body in a "…" string, which reads #{…}; a quoted heredoc keeps the JSON as written.
    bodyMark: quotedMark,
    body: (value) => `<<~'JSON'\n${jsonText(value)}\nJSON`,
    comment: '#',
    // TLS as the URL says (the plugin writes `use_ssl = true` for an https URL, and the same sample must run against
    // a local http:// server when only its server URL changes), and the status printed before the body.
    complete: (code, head) => {
      const tls = code.replace('http.use_ssl = true', "http.use_ssl = url.scheme == 'https'");
      return `${head}${replaceExactly(tls, 'puts response.read_body', 'puts response.code\nputs response.read_body', 'ruby')}`;
    },
  },
  kotlin: {
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
  },
};

/** A request as a sample writes it, with every value the reader or the contract gave. */
export interface SampleRequest {
  /** The HTTP method as the contract names it (`get`, `query`, `PURGE`): sent as written, upper-cased. */
  method: string;
  serverUrl: string;
  /** The contract's path template, e.g. `/v2/kilowise/users/{userId}/locations`. */
  path: string;
  pathParams: Record<string, string>;
  query: [string, string][];
  /** Headers other than the key. */
  headers: [string, string][];
  /** The header the partner key goes in, when the operation needs one. */
  apiKeyHeader?: string;
  /** The body as text, and its media type. */
  body?: { contentType: string; text: string };
}

/** Why a request gets no runnable sample: the reader sees this instead of code. */
export interface SampleProblem {
  problem: string;
}

/** Percent-encodes all but unreserved characters (RFC 3986), so no quote or `$` ever stands in a URL. */
const strictEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request URL, with path parameters filled in and every value percent-encoded. */
export function sampleUrl(request: SampleRequest): string {
  const path = fillTemplate(request.path, (name) => strictEncode(request.pathParams[name] ?? `<${name}>`));
  const search = new URLSearchParams(request.query).toString();
  return `${request.serverUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** What HTTP carries the same way in every language: a tab and printable ASCII. */
const HEADER_TEXT = /^[\t\x20-\x7e]*$/;
/** Half of a UTF-16 pair without the other half: UTF-8 cannot carry it, and JSON libraries replace it (U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Characters that reorder the text around them as an editor shows it: the code would read other than it runs. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** A character as a reader can name it: U+00E9. */
const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a string of the body (a value or a member name) cannot stand in a sample, or undefined. */
function bodyTextProblem(value: unknown): string | undefined {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        texts.push(key);
        walk(child);
      }
  };
  walk(value);
  for (const text of texts) {
    const lone = LONE_SURROGATE.exec(text);
    if (lone)
      return `The request body holds ${codePoint(lone[0])}, half of a pair of UTF-16 code units without the other half: UTF-8 cannot carry it, so no sample would send it as written.`;
    const bidi = BIDI_CONTROL.exec(text);
    if (bidi)
      return `The request body holds ${codePoint(bidi[0])}, a bidirectional control character: a sample would show its code in another order than it runs.`;
  }
  return undefined;
}

/**
 * Why a request can have no runnable sample in any language: a path parameter of `.` or `..` (it would point the
 * request at another endpoint), a header with a line break or any character but printable ASCII (each language
 * sends the others differently, or refuses them), or a body that is not JSON or holds text no sample can carry.
 */
export function requestProblem(request: SampleRequest): SampleProblem | undefined {
  for (const [name, value] of Object.entries(request.pathParams)) {
    if (isDotSegment(value))
      return { problem: `The path parameter ${name} cannot be "${value}": it would change the path.` };
  }
  for (const [name, value] of request.headers) {
    if (/[\r\n\0]/.test(value)) return { problem: `The header ${name} cannot hold a line break.` };
    const other = [...value].find((character) => !HEADER_TEXT.test(character));
    if (other)
      return {
        problem: `The header ${name} can hold printable ASCII only, not ${codePoint(other)}: each language sends other characters differently, or refuses them.`,
      };
  }
  if (request.body) {
    let value: unknown;
    try {
      value = JSON.parse(request.body.text);
    } catch (error) {
      return {
        problem: `The request body is not valid JSON (${error instanceof Error ? error.message : String(error)}), so there is no sample to run.`,
      };
    }
    const problem = bodyTextProblem(value);
    if (problem) return { problem };
  }
  return undefined;
}

/**
 * Stand-ins for values while the library writes the code: letters, digits and hyphens, which every language
 * writes as they are and which no identifier holds (so an object key that is one is quoted). Each is swapped for
 * the value, escaped for its place, once the code is written.
 */
function placeholders(request: SampleRequest) {
  // Case-insensitive: the plugins write the method's mark upper-cased.
  const seen = JSON.stringify(request).toLowerCase();
  let prefix = 'kw-value';
  while (seen.includes(prefix)) prefix += 'x';
  let count = 0;
  return {
    key: `${prefix}-key`,
    body: `${prefix}-body`,
    method: `${prefix}-method`,
    next: () => `${prefix}-${count++}h`,
  };
}

/** The error for a snippet that is not as the library wrote it when this was written: a sample must never drift. */
const drift = (language: string, find: string) =>
  new Error(`[samples] the ${language} snippet has no ${find}: has @scalar/snippetz changed how it writes it?`);

/** Replaces `find` in `code`, and fails loudly when the library wrote something else. */
function replaceExactly(code: string, find: string, replacement: string, language: string): string {
  if (!code.includes(find)) throw drift(language, find);
  return code.split(find).join(replacement);
}

/**
 * The request as code in one language, reading the key from KILOWISE_API_KEY. Every value the reader typed
 * stays inside a string literal of that language, however it is written, and the body sends what the reader wrote:
 * every number as written, where a language's own numbers cannot hold one (1e400, 12345678901234567890 in
 * JavaScript) by sending the JSON text as it is, with a comment saying why. A body that is not JSON, a header with
 * a line break or a path parameter of `.` or `..` gets a problem instead of code.
 */
export function httpSample(language: HttpLanguageId, request: SampleRequest): string | SampleProblem {
  const problem = requestProblem(request);
  if (problem) return problem;
  const url = sampleUrl(request);
  const target = TARGETS[language];
  const marks = placeholders(request);
  const headerValues = new Map<string, string>();
  const headers: HarRequest['headers'] = [];
  if (request.apiKeyHeader) headers.push({ name: request.apiKeyHeader, value: marks.key });
  for (const [name, value] of request.headers) {
    const placeholder = marks.next();
    headerValues.set(placeholder, value);
    headers.push({ name, value: placeholder });
  }
  let postData: HarRequest['postData'];
  if (request.body) {
    headers.push({ name: 'content-type', value: request.body.contentType });
    postData =
      target.bodyType === undefined
        ? { mimeType: 'application/json', text: JSON.stringify(marks.body) }
        : { mimeType: target.bodyType, text: marks.body };
  }
  const method = wireMethod(request.method);
  const told: Told = { url, method, body: request.body !== undefined };
  if (!NAMED_METHODS.has(method)) told.methodMark = marks.method;
  let code = target.plugin.generate({ method: told.methodMark ?? method, url, headers, postData }) ?? '';
  if (target.adapt) code = target.adapt(code, told);
  // Elsewhere the method's mark stands in a string literal of the plugin's, as a header's value does.
  if (told.methodMark && !target.writesMethod)
    code = replaceExactly(code, told.methodMark.toUpperCase(), target.header(method), language);
  if (request.apiKeyHeader) {
    const [find, replacement] = target.key(request.apiKeyHeader, marks.key);
    code = replaceExactly(code, find, replacement, language);
  }
  // Longest first, so kw-value-1h never eats the start of kw-value-12h.
  const swaps = [...headerValues].sort(([a], [b]) => b.length - a.length);
  for (const [mark, text] of swaps) code = replaceExactly(code, mark, target.header(text), language);
  let head = '';
  if (request.body) {
    // Last: the body may hold the text of a mark (a string written with \u escapes), which must not be swapped.
    const value = readJson(request.body.text);
    const lost = [...new Set(jsonNumbers(value).filter((number) => !(target.literal?.holds(number) ?? true)))];
    const asText = target.literal && lost.length > 0 ? target.literal : undefined;
    const body = asText ? asText.asText(jsonText(value)) : target.body(value);
    if (asText) {
      const line = `${asText.numbers} cannot hold ${listNumbers(lost)} exactly, so the body`;
      head = `${target.comment} ${line}\n${target.comment} is sent as JSON text, as written.\n`;
    }
    code = replaceExactly(code, target.bodyMark(marks.body), body, language);
  }
  return target.complete ? target.complete(code, head) : `${head}${code}`;
}
