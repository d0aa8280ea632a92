import 'server-only';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ReadResourceRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';
import { siteConfig } from '../site';
import { docsData } from './data';
import { LIMITS, ToolError } from './limits';
import { getOperation } from './tools/get-operation';
import { getSchema } from './tools/get-schema';
import { getSdkSymbol } from './tools/get-sdk-symbol';
import { pagePath, readPage } from './tools/read-page';
import { sandboxControl } from './tools/sandbox-control';
import { sandboxRequest } from './tools/sandbox-request';
import { searchDocs } from './tools/search-docs';
import { listRecipes } from './tools/list-recipes';
import { runRecipeTool } from './tools/run-recipe';
import type { DocsTool, ToolContext } from './tools/tool';
import { countServerEvent } from '../insights/server-count';

/** The resources' scheme: `kilowise-docs:///docs/smart-charging` is that page's Markdown. */
export const RESOURCE_SCHEME = 'kilowise-docs';
const OPENAPI_URI = `${RESOURCE_SCHEME}://openapi.json`;

/** MCP's error code for a resource that does not exist (the SDK's ErrorCode has none). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * MCP's "Resource not found" as the SDK sends an error: its code, message and data. Not an McpError, whose message
 * starts "MCP error -32002:", which the client's McpError then prefixes again.
 */
class ResourceNotFound extends Error {
  readonly code = RESOURCE_NOT_FOUND;
  constructor(
    message: string,
    readonly data: { uri: string },
  ) {
    super(message);
  }
}

/** A resource of the server: the OpenAPI document, a page's Markdown, or MCP's "Resource not found" naming the URI. */
function readResource(requested: string): ReadResourceResult {
  let uri = requested;
  try {
    uri = new URL(requested).href;
  } catch (error) {
    // Not a URL: no resource has it, as below.
    if (!(error instanceof TypeError)) throw error;
  }
  if (uri === OPENAPI_URI) return { contents: [{ uri, mimeType: 'application/json', text: docsData().openapi() }] };
  const twin = uri.startsWith(`${RESOURCE_SCHEME}://`)
    ? docsData().twins.get(pagePath(uri.slice(`${RESOURCE_SCHEME}://`.length)))
    : undefined;
  if (!twin)
    throw new ResourceNotFound(
      `Resource not found: ${uri.length > LIMITS.pathChars ? `${uri.slice(0, LIMITS.pathChars)}…` : uri} (a page is ${RESOURCE_SCHEME}://{path}, e.g. ${RESOURCE_SCHEME}:///docs/smart-charging; resources/list names them all)`,
      { uri },
    );
  return { contents: [{ uri, mimeType: 'text/markdown', text: twin.markdown() }] };
}

const TOOLS = [
  searchDocs,
  readPage,
  getOperation,
  getSchema,
  getSdkSymbol,
  sandboxRequest,
  sandboxControl,
  listRecipes,
  runRecipeTool,
] as const;

/** The names of the tools, in the order they are listed. */
export const TOOL_NAMES = TOOLS.map((tool) => tool.name);

function register(server: McpServer, tool: DocsTool<ZodRawShape>, context: ToolContext): void {
  // The SDK has checked `input` against the tool's own schema before this runs.
  server.registerTool(
    tool.name,
    { title: tool.title, description: tool.description, inputSchema: tool.inputSchema },
    async (input: unknown) => {
      try {
        const text = await tool.run(docsData(), input as never, context);
        countServerEvent({ type: 'mcp_tool_call', tool: tool.name, ok: true });
        return { content: [{ type: 'text' as const, text }] };
      } catch (error) {
        countServerEvent({ type: 'mcp_tool_call', tool: tool.name, ok: false });
        // A ToolError is for the agent to read and act on; anything else is a bug of ours, and says so.
        const text =
          error instanceof ToolError
            ? error.message
            : `The ${tool.name} tool failed: ${error instanceof Error ? error.message : String(error)}`;
        return { content: [{ type: 'text' as const, text }], isError: true };
      }
    },
  );
}

/** An MCP server over the docs: the tools, every page's Markdown and the OpenAPI document as resources. */
export function createDocsServer(context: ToolContext): McpServer {
  const server = new McpServer(
    { name: `${siteConfig.productSlug}-docs`, title: `${siteConfig.title} developer docs`, version: '1.0.0' },
    {
      // Counted before the SDK checks the arguments against a tool's schema: that check's work grows with their size.
      maxToolInputElements: LIMITS.inputElements,
      instructions: `The ${siteConfig.title} developer documentation: search_docs to find a page, read_page to read it, get_operation and get_schema for the API contract, get_sdk_symbol for the typed SDK, sandbox_request to try a call against a sandbox of your own (no key, nothing reaches the live API), list_recipes and run_recipe for whole integration flows on that sandbox.`,
    },
  );
  for (const tool of TOOLS) register(server, tool as unknown as DocsTool<ZodRawShape>, context);
  server.registerResource(
    'page',
    new ResourceTemplate(`${RESOURCE_SCHEME}://{+path}`, {
      list: () => ({
        resources: [...docsData().twins.values()].map((twin) => ({
          uri: `${RESOURCE_SCHEME}://${twin.url}`,
          name: twin.url,
          title: twin.title,
          description: twin.description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'A page of the docs, as Markdown', mimeType: 'text/markdown' },
    (uri) => readResource(uri.href),
  );
  server.registerResource(
    'openapi',
    OPENAPI_URI,
    { title: 'The OpenAPI document of the partner API', mimeType: 'application/json' },
    (uri) => readResource(uri.href),
  );
  // The SDK answers a URI that no resource or template matches with -32602 (invalid params), and a callback's throw
  // with -32603; MCP says -32002 for a resource that does not exist, so resources/read is answered here, for any URI.
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri));
  return server;
}
