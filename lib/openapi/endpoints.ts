/** An operation as far as a written endpoint can name it. */
import { wireMethod } from './methods';
export interface EndpointTarget {
  operationId: string;
  method: string;
  path: string;
}

/** An endpoint as a guide writes it: `GET /v2/kilowise/users/{userId}/locations?…`. */
export interface EndpointMention {
  method: string;
  path: string;
}

const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS';
/** A method, a space, then an API path (which starts with a version segment such as `/v2`). */
const MENTION = new RegExp(`^(${METHODS})\\s+(\\/v\\d+\\/[^\\s?#]*)(?:[?#]\\S*)?$`);
const MENTION_IN_TEXT = new RegExp(`\\b(${METHODS})\\s+(\\/v\\d+\\/[^\\s\`'"?#)|,;]*)`, 'g');

/** The method and path of inline code that is exactly an endpoint, or undefined. */
export function parseEndpointMention(text: string): EndpointMention | undefined {
  const match = MENTION.exec(text.trim());
  return match?.[1] && match[2] ? { method: match[1], path: trimPath(match[2]) } : undefined;
}

/** Every `METHOD /v…/…` in a piece of prose, with the offset it starts at. */
export function findEndpointMentions(text: string): (EndpointMention & { index: number })[] {
  return [...text.matchAll(MENTION_IN_TEXT)].flatMap((match) =>
    match[1] && match[2] ? [{ method: match[1], path: trimPath(match[2]), index: match.index }] : [],
  );
}

/**
 * Every API path in a code sample, with the offset it starts at: `/v2/kilowise/users/user-4711/locations`
 * in a URL, or `/v2/kilowise/users/${userId}/locations` in a template literal (an interpolation counts as
 * one path segment of any value).
 */
export function findPathsInCode(code: string): { path: string; index: number }[] {
  const found: { path: string; index: number }[] = [];
  const start = /\/v\d+\//g;
  for (let match = start.exec(code); match; match = start.exec(code)) {
    let end = match.index;
    let path = '';
    while (end < code.length) {
      if (code.startsWith('${', end)) {
        const close = matchingBrace(code, end + 1);
        if (close === -1) break;
        path += '{}';
        end = close + 1;
        continue;
      }
      const char = code.charAt(end);
      if (!/[\w\-./{}~%:@]/.test(char)) break;
      path += char;
      end += 1;
    }
    found.push({ path: trimPath(path), index: match.index });
    start.lastIndex = Math.max(end, match.index + 1);
  }
  return found;
}

function matchingBrace(code: string, open: number): number {
  let depth = 0;
  for (let index = open; index < code.length; index += 1) {
    if (code[index] === '{') depth += 1;
    else if (code[index] === '}' && --depth === 0) return index;
  }
  return -1;
}

/** Without the punctuation that ends a sentence or a URL in a sample. */
function trimPath(path: string): string {
  return path.replace(/[.:/]+$/, '');
}

const isParameter = (segment: string) => /^\{[^}]*\}$/.test(segment) || /^:\w+$/.test(segment);

/**
 * How well a written path fits a contract path: the number of literal segments that agree, or -1 when it
 * does not fit. A contract parameter (`{deviceId}`) takes any one segment; a written parameter (`{id}`,
 * `${id}`, `:id`) only fits a contract parameter.
 */
function fit(written: string, template: string): number {
  const a = written.split('/');
  const b = template.split('/');
  if (a.length !== b.length) return -1;
  let literals = 0;
  for (let index = 0; index < a.length; index += 1) {
    const mine = a[index] ?? '';
    const theirs = b[index] ?? '';
    if (isParameter(theirs)) {
      if (mine === '') return -1;
      continue;
    }
    if (mine !== theirs) return -1;
    literals += 1;
  }
  return literals;
}

/**
 * The operation a written endpoint names: the same method (when one is written) and the path that fits
 * with the most literal segments, so `/devices/steve-url` is getSteveUrl rather than getDevice.
 */
export function matchEndpoint<T extends EndpointTarget>(
  operations: readonly T[],
  method: string | undefined,
  path: string,
): T | undefined {
  let best: T | undefined;
  let bestFit = -1;
  for (const operation of operations) {
    if (method && wireMethod(operation.method).toUpperCase() !== method.toUpperCase()) continue;
    const score = fit(path, operation.path);
    if (score > bestFit) {
      best = operation;
      bestFit = score;
    }
  }
  return best;
}
