import { INGEST_ROUTE } from '@/lib/insights/route';

// The ingest endpoint of reader insights (lib/insights/ingest.ts): answered per request, never prerendered.
// proxy.ts leaves this path alone, as it does /mcp: it answers POST and OPTIONS (CORS) itself.
export const dynamic = 'force-dynamic';

export const POST = INGEST_ROUTE.POST;
export const OPTIONS = INGEST_ROUTE.OPTIONS;
