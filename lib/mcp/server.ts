import 'server-only';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ZodRawShape } from 'zod';
import { siteConfig } from '../site';
import { docsData } from './data';
import { ToolError } from './limits';
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

/** The resources' scheme: `kilowise-docs:///docs/smart-charging` is that page's Markdown. */
export const RESOURCE_SCHEME = 'kilowise-docs';

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
        return { content: [{ type: 'text' as const, text: await tool.run(docsData(), input as never, context) }] };
      } catch (error) {
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
    (uri) => {
      const url = pagePath(uri.href.slice(`${RESOURCE_SCHEME}://`.length));
      const twin = docsData().twins.get(url);
      if (!twin) throw new Error(`No page at ${url}`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: twin.markdown() }] };
    },
  );
  server.registerResource(
    'openapi',
    `${RESOURCE_SCHEME}://openapi.json`,
    { title: 'The OpenAPI document of the partner API', mimeType: 'application/json' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: docsData().openapi() }] }),
  );
  return server;
}
