import { z } from 'zod';
import { cut, LIMITS, nestingDepth, ToolError } from '../limits';
import type { DocsTool } from './tool';

const inputSchema = {
  method: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3,10}$/)
    .describe('GET, POST, PUT, PATCH or DELETE.'),
  path: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.pathChars)
    .regex(/^\//)
    .describe('The path with its values filled in, e.g. "/v2/kilowise/users/user-4711/locations".'),
  query: z
    .record(z.string().max(LIMITS.nameChars), z.string().max(LIMITS.pathChars))
    .optional()
    .describe(`Query parameters by name (at most ${LIMITS.queryParams}).`),
  headers: z
    .record(z.string().max(LIMITS.nameChars), z.string().max(LIMITS.pathChars))
    .optional()
    .describe(
      `Headers by name (at most ${LIMITS.headers}), e.g. { "X-User-Id": "user-4711" }. The API key is added for you.`,
    ),
  body: z
    .unknown()
    .optional()
    .describe(
      `The JSON body, as a value (not a string): at most ${LIMITS.bodyBytes} bytes, nested at most ${LIMITS.bodyDepth} deep.`,
    ),
};

export const sandboxRequest: DocsTool<typeof inputSchema> = {
  name: 'sandbox_request',
  title: 'Call the sandbox API',
  description:
    "Sends a request to a sandbox of the Kilowise partner API that belongs to this MCP session: it checks the request against the contract as the API does (400 names the bad field), keeps what you create for the rest of the session, and starts from the examples' data (user user-4711, car dev-5b1f0c, charger dev-77a0d2, heat pump dev-3c9e41, location loc-8c1e52). No key needed; nothing reaches the live API.",
  inputSchema,
  async run(data, input, context) {
    // Counted before any work: setting each parameter of a URL costs as much as those already set.
    const query = Object.entries(input.query ?? {});
    if (query.length > LIMITS.queryParams)
      throw new ToolError(`The query has ${query.length} parameters; the sandbox takes at most ${LIMITS.queryParams}.`);
    const headerEntries = Object.entries(input.headers ?? {});
    if (headerEntries.length > LIMITS.headers)
      throw new ToolError(
        `The request has ${headerEntries.length} headers; the sandbox takes at most ${LIMITS.headers}.`,
      );
    if (nestingDepth(input.body, LIMITS.bodyDepth) > LIMITS.bodyDepth)
      throw new ToolError(
        `The body is nested more than ${LIMITS.bodyDepth} levels deep; the sandbox takes at most ${LIMITS.bodyDepth}.`,
      );
    const text = input.body === undefined ? undefined : JSON.stringify(input.body);
    if (text !== undefined && text.length > LIMITS.bodyBytes)
      throw new ToolError(`The body is ${text.length} bytes; the sandbox takes at most ${LIMITS.bodyBytes}.`);
    const url = new URL(input.path, data.contract.serverUrl);
    if (url.origin !== new URL(data.contract.serverUrl).origin)
      throw new ToolError('The path must be a path of the API, such as /v2/kilowise/countries.');
    for (const [name, value] of query) url.searchParams.set(name, value);
    const headers = new Headers({
      'x-api-key': 'mcp-session',
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    });
    for (const [name, value] of headerEntries) {
      try {
        headers.set(name, value);
      } catch (error) {
        if (error instanceof TypeError) throw new ToolError(`The header ${name} is not a valid HTTP header.`);
        throw error;
      }
    }
    const method = input.method.toUpperCase();
    let request: Request;
    try {
      request = new Request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : text });
    } catch (error) {
      // The Fetch standard refuses some methods (TRACE, CONNECT, TRACK): no API operation uses them.
      if (error instanceof TypeError) throw new ToolError(`${method} is not a method an HTTP client can send here.`);
      throw error;
    }
    const response = await context.sandbox().handle(request);
    const body = await response.text();
    let shown = body;
    try {
      shown = body === '' ? '(no body)' : JSON.stringify(JSON.parse(body), null, 2);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
    const location = response.headers.get('location');
    return cut(
      [
        `${method} ${url.pathname}${url.search} → ${response.status}${location ? ` (location: ${location})` : ''}`,
        '',
        '```json',
        shown,
        '```',
      ].join('\n'),
      'Ask for less, for example with a narrower query.',
    );
  },
};
