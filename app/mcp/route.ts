import { handleMcp } from '@/lib/mcp/http';

// The docs' MCP server (lib/mcp/): answered per request, never prerendered.
export const dynamic = 'force-dynamic';

export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
