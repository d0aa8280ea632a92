import { isSequentialMediaType, splitItems } from '../openapi/sequential-media';

/** What the playground shows of an answer. */
export interface PlaygroundAnswer {
  status: number;
  statusText: string;
  timeMs: number;
  headers: [string, string][];
  /** The body, pretty-printed when it is JSON. */
  body: string;
  isJson: boolean;
  fromSandbox: boolean;
  /**
   * A streamed body (server-sent events, JSON Lines, …; OpenAPI 3.2 `itemSchema`): each item received so far, and
   * whether more may come.
   */
  stream?: { items: string[]; open: boolean; stopped?: boolean };
}

/** A request that got no answer: the browser blocked it, or the network failed. */
export interface PlaygroundFailure {
  message: string;
  /** The command to run instead, outside the browser. */
  curl?: string;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The reason phrase of a status: the server's, else the standard one (HTTP/2 sends none). */
export function reasonPhrase(status: number, statusText: string): string {
  return statusText || REASONS[status] || '';
}

/** Pretty-prints an item of a stream when it is JSON; an event's fields stay as they came. */
function prettyItem(item: string): string {
  try {
    return JSON.stringify(JSON.parse(item), null, 2);
  } catch {
    return item;
  }
}

/**
 * Reads a streamed body item by item (see lib/openapi/sequential-media.ts), calling `onItems` with each answer
 * as its items arrive; resolves with the last, once the stream ends.
 */
async function readStream(
  response: Response,
  answer: PlaygroundAnswer,
  onItems: (answer: PlaygroundAnswer) => void,
  signal?: AbortSignal,
): Promise<PlaygroundAnswer> {
  const contentType = response.headers.get('content-type') ?? '';
  const reader = response.body?.getReader();
  // Stop cancels the body too: a mocked response (the sandbox's) does not follow the request's signal by itself.
  signal?.addEventListener('abort', () => void reader?.cancel().catch(() => undefined), { once: true });
  const decoder = new TextDecoder();
  let text = '';
  let current = answer;
  const show = (open: boolean) => {
    const { items, rest } = splitItems(contentType, text);
    const all = open || rest.trim() === '' ? items : [...items, rest.trim()];
    current = { ...answer, body: text, stream: { items: all.map(prettyItem), open } };
    onItems(current);
  };
  show(true);
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    show(true);
  }
  if (signal?.aborted) throw new DOMException('The request was stopped', 'AbortError');
  text += decoder.decode();
  show(false);
  return current;
}

/**
 * Reads a fetch Response into what the playground shows. A stream of a sequential media type is read as it
 * arrives, `onItems` getting the answer after each piece.
 */
export async function readAnswer(
  response: Response,
  timeMs: number,
  sandboxHeader: string,
  onItems?: (answer: PlaygroundAnswer) => void,
  /** Stops reading a stream: the promise rejects with an AbortError, after `onItems` has had what arrived. */
  signal?: AbortSignal,
): Promise<PlaygroundAnswer> {
  // Everything but the body, which is read whole, or item by item for a stream.
  const head: PlaygroundAnswer = {
    status: response.status,
    statusText:
      response.type === 'opaqueredirect'
        ? 'Redirect (the browser hides its target from scripts)'
        : reasonPhrase(response.status, response.statusText),
    timeMs,
    headers: [...response.headers.entries()],
    body: '',
    isJson: false,
    fromSandbox: response.headers.get(sandboxHeader) === 'true',
  };
  if (onItems && isSequentialMediaType(response.headers.get('content-type') ?? '')) {
    return readStream(response, head, onItems, signal);
  }
  const text = response.type === 'opaqueredirect' ? '' : await response.text();
  if ((response.headers.get('content-type') ?? '').includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return { ...head, body: JSON.stringify(JSON.parse(text), null, 2), isJson: true };
    } catch {
      // Not JSON after all: show the text as it came.
    }
  }
  return { ...head, body: text };
}
