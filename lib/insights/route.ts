// The handlers app/insights/events/route.ts exports: the ingest of this process, on the store the environment
// names (lib/insights/open.ts).
import { createIngestHandler } from './ingest';
import { insightsStore } from './open';

const ingest = createIngestHandler({ store: insightsStore });

export const INGEST_ROUTE = {
  POST: (request: Request) => ingest(request),
  OPTIONS: (request: Request) => ingest(request),
};
