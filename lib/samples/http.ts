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
  jsonInner,
  jsSingle,
  kotlinDouble,
  phpSingle,
  pythonDouble,
  rubySingle,
  shellSingle,
} from './escape';
import type { HttpLanguageId } from './languages';
import { isDotSegment } from './path';
import { wireMethod } from '../openapi/methods';

/** The environment variable every sample reads the partner key from. */
export const API_KEY_ENV = 'KILOWISE_API_KEY';

/**
 * How one language's sample is made from @scalar/snippetz's: which plugin writes it, how text stands inside the
 * literals it writes (a header value, a string of the JSON body), how the key header's literal becomes a read of
 * the environment, and what makes the snippet a whole program a partner can run.
 */
interface Target {
  plugin: Plugin;
  /** Escapes a header value inside the plugin's header literal. */
  header: (text: string) => string;
  /** Escapes a string of the JSON body where the plugin writes it. */
  bodyString: (text: string) => string;
  /** The plugin's literal for the key header, and what replaces it. */
  key: (header: string, placeholder: string) => [string, string];
  /** Makes the plugin's snippet a whole program. */
  complete?: (code: string) => string;
}

const env = API_KEY_ENV;

/** Awaits the response and prints its status, then its body, as the Node.js and JavaScript samples do. */
const awaitAndPrint = (code: string) =>
  `const response = await ${code};\n\nconsole.log(response.status);\nconsole.log(await response.text());`;

const TARGETS: Record<HttpLanguageId, Target> = {
  curl: {
    plugin: shellCurl,
    header: shellSingle,
    bodyString: (text) => shellSingle(jsonInner(text)),
    key: (header, placeholder) => [`'${header}: ${placeholder}'`, `"${header}: $${env}"`],
  },
  javascript: {
    plugin: jsFetch,
    header: jsSingle,
    bodyString: jsSingle,
    key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
    complete: awaitAndPrint,
  },
  node: {
    plugin: nodeFetch,
    header: jsSingle,
    bodyString: jsSingle,
    key: (header, placeholder) => [`'${placeholder}'`, `process.env.${env}`],
    complete: (code) => `// Node.js 18 or later, as an ES module (request.mjs)\n${awaitAndPrint(code)}`,
  },
  python: {
    plugin: pythonRequests,
    header: pythonDouble,
    bodyString: pythonDouble,
    key: (header, placeholder) => [`"${placeholder}"`, `os.environ["${env}"]`],
    complete: (code) =>
      `import os\n\nimport requests\n\nresponse = ${code}\n\nprint(response.status_code)\nprint(response.text)`,
  },
  go: {
    plugin: goNative,
    header: goDouble,
    // The body is a raw string between backticks, where nothing can be escaped: jsonInner writes ` as \u0060.
    bodyString: jsonInner,
    key: (header, placeholder) => [`"${placeholder}"`, `os.Getenv("${env}")`],
    complete: (code) => code.replace('\t"net/http"\n', '\t"net/http"\n\t"os"\n'),
  },
  java: {
    plugin: javaNethttp,
    header: javaDouble,
    bodyString: (text) => javaDouble(jsonInner(text)),
    key: (header, placeholder) => [`"${placeholder}"`, `System.getenv("${env}")`],
  },
  csharp: {
    plugin: csharpHttpclient,
    header: csharpDouble,
    // Inside a raw """ literal: every " of a string is written \" by jsonInner, so no """ can close it early.
    bodyString: jsonInner,
    key: (header, placeholder) => [`"${placeholder}"`, `Environment.GetEnvironmentVariable("${env}")`],
  },
  php: {
    plugin: phpCurl,
    header: phpSingle,
    bodyString: phpSingle,
    key: (header, placeholder) => [`'${header}: ${placeholder}'`, `'${header}: ' . getenv('${env}')`],
    complete: (code) => `<?php\n\n${code}`,
  },
  ruby: {
    plugin: rubyNative,
    header: rubySingle,
    bodyString: jsonInner,
    key: (header, placeholder) => [`'${placeholder}'`, `ENV.fetch('${env}')`],
    // The plugin's <<~JSON heredoc reads #{…} and backslash escapes; quoted, it keeps the JSON as written.
    complete: (code) => code.replace('<<~JSON\n', "<<~'JSON'\n"),
  },
  kotlin: {
    plugin: kotlinOkhttp,
    header: kotlinDouble,
    bodyString: (text) => kotlinDouble(jsonInner(text)),
    key: (header, placeholder) => [`"${placeholder}"`, `System.getenv("${env}")`],
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
  const path = request.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    strictEncode(request.pathParams[name] ?? `<${name}>`),
  );
  const search = new URLSearchParams(request.query).toString();
  return `${request.serverUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

/**
 * Why a request can have no runnable sample in any language: a path parameter of `.` or `..` (it would point the
 * request at another endpoint), a header with a line break, or a body that is not JSON.
 */
export function requestProblem(request: SampleRequest): SampleProblem | undefined {
  for (const [name, value] of Object.entries(request.pathParams)) {
    if (isDotSegment(value))
      return { problem: `The path parameter ${name} cannot be "${value}": it would change the path.` };
  }
  for (const [name, value] of request.headers) {
    if (/[\r\n\0]/.test(value)) return { problem: `The header ${name} cannot hold a line break.` };
  }
  if (request.body) {
    try {
      JSON.parse(request.body.text);
    } catch (error) {
      return {
        problem: `The request body is not valid JSON (${error instanceof Error ? error.message : String(error)}), so there is no sample to run.`,
      };
    }
  }
  return undefined;
}

/**
 * Stand-ins for values while the library writes the code: letters, digits and hyphens, which every language
 * writes as they are and which no identifier holds (so an object key that is one is quoted). Each is swapped for
 * the value, escaped for its place, once the code is written.
 */
function placeholders(request: SampleRequest) {
  const seen = JSON.stringify(request);
  let prefix = 'kw-value';
  while (seen.includes(prefix)) prefix += 'x';
  let count = 0;
  return { key: `${prefix}-key`, next: (kind: 'h' | 's') => `${prefix}-${count++}${kind}` };
}

/** Is this string safe to hand to the library as it is: no quote, escape, template or markup character. */
const PLAIN = /^[\w .,:;/@+=%?&~-]*$/;

/** Replaces every string of a JSON value that is not plain by a placeholder, noting what it stands for. */
function swapStrings(value: unknown, next: () => string, swapped: Map<string, string>): unknown {
  const swap = (text: string) => {
    if (PLAIN.test(text)) return text;
    const placeholder = next();
    swapped.set(placeholder, text);
    return placeholder;
  };
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((item) => swapStrings(item, next, swapped));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [swap(key), swapStrings(item, next, swapped)]),
    );
  }
  return value;
}

/** Replaces `find` in `code`, and fails loudly when the library wrote something else: a sample must never drift. */
function replaceExactly(code: string, find: string, replacement: string, language: string): string {
  if (!code.includes(find))
    throw new Error(`[samples] the ${language} snippet has no ${find}: has @scalar/snippetz changed how it writes it?`);
  return code.split(find).join(replacement);
}

/**
 * The request as code in one language, reading the key from KILOWISE_API_KEY. Every value the reader typed
 * stays inside a string literal of that language, however it is written; a body that is not JSON, a header with
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
    const placeholder = marks.next('h');
    headerValues.set(placeholder, value);
    headers.push({ name, value: placeholder });
  }
  const bodyStrings = new Map<string, string>();
  let postData: HarRequest['postData'];
  if (request.body) {
    const parsed: unknown = JSON.parse(request.body.text);
    headers.push({ name: 'content-type', value: request.body.contentType });
    const text = JSON.stringify(
      swapStrings(parsed, () => marks.next('s'), bodyStrings),
      null,
      2,
    );
    postData = { mimeType: 'application/json', text };
  }
  let code = target.plugin.generate({ method: wireMethod(request.method), url, headers, postData }) ?? '';
  if (request.apiKeyHeader) {
    const [find, replacement] = target.key(request.apiKeyHeader, marks.key);
    code = replaceExactly(code, find, replacement, language);
  }
  // Longest first, so kw-value-1s never eats the start of kw-value-12s.
  const swaps: [string, string][] = [
    ...[...headerValues].map(([mark, text]): [string, string] => [mark, target.header(text)]),
    ...[...bodyStrings].map(([mark, text]): [string, string] => [mark, target.bodyString(text)]),
  ];
  for (const [mark, text] of swaps.sort(([a], [b]) => b.length - a.length))
    code = replaceExactly(code, mark, text, language);
  return target.complete ? target.complete(code) : code;
}
