import { handleMcp, mcpMethodNotAllowed, mcpOptions } from '@/lib/mcp/http';

// The docs' MCP server (lib/mcp/): answered per request, never prerendered. proxy.ts leaves /mcp alone. Every
// method Next.js knows is exported, so that it adds none of its own: HEAD would run GET, and OPTIONS list them all.
export const dynamic = 'force-dynamic';

export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
export const OPTIONS = mcpOptions;
export const HEAD = mcpMethodNotAllowed;
export const PUT = mcpMethodNotAllowed;
export const PATCH = mcpMethodNotAllowed;
