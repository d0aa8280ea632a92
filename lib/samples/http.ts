import type { HarRequest } from '@scalar/snippetz';
import type { HttpLanguageId } from './languages';
import { jsonNumbers, jsonText, listNumbers, readJson } from './json';
import { replaceExactly, TARGETS, type Told } from './targets';
import { isDotSegment } from '../openapi/path-segments';
import { wireMethod } from '../openapi/methods';
import { fillTemplate } from '../openapi/path-template';

export { API_KEY_ENV } from './targets';

/**
 * The methods every plugin writes a call of its own for. Any other method (`QUERY`, `TRACE`, an
 * `additionalOperations` key) reaches the plugin as a mark, which every plugin writes as a method it does not know:
 * upper-cased (the plugins upper-case every method, where the method is sent as written) and lower-cased in
 * Python's `requests.<method>(`, which exists only for these. Each target writes the method in its place.
 */
const NAMED_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

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
