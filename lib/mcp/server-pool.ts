// The MCP servers that answer POSTs: one per request, connected to a transport of its own in the SDK's stateless
// mode, taken from and given back to a small pool (making one, with its tools and resources, costs ~0.4 ms).
import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { SandboxHandle } from '../sandbox/stored';
import { StoreBusyError, StoreError } from '../store/store';
import { asBatchAnswer } from './json-rpc';
import { createDocsServer } from './server';

/**
 * How often a sandbox call runs again when its session's state kept changing under it (StoreBusyError: every one
 * of the store's own tries met another write, so nothing of the call was kept), and the pause before each. Two
 * instances serving one session's calls at once meet that way; a session's calls on one instance run one at a
 * time (lib/mcp/call-limit.ts).
 */
export const BUSY_RETRIES = 3;
const BUSY_PAUSE_MS = 100;

/** What a pooled server's tools reach for the request it serves now: the session's sandbox, and its store's failure. */
interface Serving {
  sandbox?: () => SandboxHandle;
  failure?: unknown;
}

const idleServers: { server: McpServer; serving: Serving }[] = [];
const MAX_IDLE_SERVERS = 16;

/** The session's sandbox as a tool reaches it: a StoreBusyError runs the call again, and a store's failure is kept. */
function sandboxOf(serving: Serving): SandboxHandle {
  const sandbox = serving.sandbox?.();
  if (!sandbox) throw new Error('[mcp] a tool ran before the session began');
  return {
    async handle(sandboxRequest) {
      // Read once, so that each try gets the same body (a Request's body can be read once).
      const { method, url, headers } = sandboxRequest;
      const body = method === 'GET' || method === 'HEAD' ? undefined : await sandboxRequest.arrayBuffer();
      for (let retry = 0; ; retry += 1) {
        try {
          return await sandbox.handle(new Request(url, { method, headers, body }));
        } catch (error) {
          if (error instanceof StoreBusyError && retry < BUSY_RETRIES) {
            await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS * (1 + Math.random())));
            continue;
          }
          if (error instanceof StoreError) serving.failure ??= error;
          throw error;
        }
      }
    },
  };
}

function borrowServer(): { server: McpServer; serving: Serving } {
  const idle = idleServers.pop();
  if (idle) return idle;
  const serving: Serving = {};
  return { server: createDocsServer({ sandbox: () => sandboxOf(serving) }), serving };
}

/**
 * One POST answered by a pooled server: `sandbox`, when the POST belongs to a session, is its sandbox. The transport
 * is closed after it, and the server, which holds nothing of the request, goes back to the pool. A failure of the
 * store while a tool ran is thrown (a StoreError), for the caller to answer in the store's words, not the tool's.
 */
export async function serve(request: Request, parsedBody: unknown, sandbox?: () => SandboxHandle): Promise<Response> {
  const borrowed = borrowServer();
  const { server, serving } = borrowed;
  serving.sandbox = sandbox;
  serving.failure = undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  let reusable = false;
  try {
    // With JSON responses, this resolves once every answer is in: no tool is still running after it.
    const response = await transport.handleRequest(request, { parsedBody });
    reusable = true;
    if (serving.failure !== undefined) throw serving.failure;
    return Array.isArray(parsedBody) ? asBatchAnswer(response) : response;
  } finally {
    await server.close();
    serving.sandbox = undefined;
    serving.failure = undefined;
    if (reusable && idleServers.length < MAX_IDLE_SERVERS) idleServers.push(borrowed);
  }
}
