// The inline script at the start of the /api reference's markup (see catchEarlyEvents), bundled by
// scripts/build-inline-scripts.ts.
import { catchEarlyEvents } from '../api-reference/early-events';

catchEarlyEvents(document, window as unknown as Record<string, unknown>);
