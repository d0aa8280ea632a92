import { handleMcp, mcpMethodNotAllowed } from '@/lib/mcp/http';

// The docs' MCP server (lib/mcp/): answered per request, never prerendered. proxy.ts leaves /mcp alone.
export const dynamic = 'force-dynamic';

export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
export const PUT = mcpMethodNotAllowed;
export const PATCH = mcpMethodNotAllowed;
