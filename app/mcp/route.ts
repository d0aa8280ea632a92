import { MCP_ROUTE } from '@/lib/mcp/http';

// The docs' MCP server (lib/mcp/): answered per request, never prerendered. proxy.ts leaves /mcp alone. Every
// method Next.js knows is exported, so that it adds none of its own: HEAD would run GET, and OPTIONS list them all.
// Under `next start`, lib/mcp/node.ts answers /mcp with these same handlers before Next's router (instrumentation.ts).
export const dynamic = 'force-dynamic';

export const POST = MCP_ROUTE.POST;
export const GET = MCP_ROUTE.GET;
export const DELETE = MCP_ROUTE.DELETE;
export const OPTIONS = MCP_ROUTE.OPTIONS;
export const HEAD = MCP_ROUTE.HEAD;
export const PUT = MCP_ROUTE.PUT;
export const PATCH = MCP_ROUTE.PATCH;
