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
}

/** A request that got no answer: the browser blocked it, or the network failed. */
export interface PlaygroundFailure {
  message: string;
  /** The command to run instead, outside the browser. */
  curl?: string;
}

const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 302: 'Found', 400: 'Bad Request', 401: 'Unauthorized',
  403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 429: 'Too Many Requests',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** The reason phrase of a status: the server's, else the standard one (HTTP/2 sends none). */
export function reasonPhrase(status: number, statusText: string): string {
  return statusText || REASONS[status] || '';
}

/** Reads a fetch Response into what the playground shows. */
export async function readAnswer(response: Response, timeMs: number, sandboxHeader: string): Promise<PlaygroundAnswer> {
  const text = response.type === 'opaqueredirect' ? '' : await response.text();
  let body = text;
  let isJson = false;
  if ((response.headers.get('content-type') ?? '').includes('json') || /^\s*[[{]/.test(text)) {
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
      isJson = true;
    } catch {
      // Not JSON after all: show the text as it came.
    }
  }
  return {
    status: response.status,
    statusText: response.type === 'opaqueredirect' ? 'Redirect (the browser hides its target from scripts)' : reasonPhrase(response.status, response.statusText),
    timeMs,
    headers: [...response.headers.entries()],
    body,
    isJson,
    fromSandbox: response.headers.get(sandboxHeader) === 'true',
  };
}
