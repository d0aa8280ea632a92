import { z } from 'zod';

/**
 * Imported before any zod schema is built in the browser. Zod probes `new Function` when it builds an object
 * schema, and under the site's strict Content-Security-Policy the probe is reported as a violation even though
 * zod catches it. Without compiled parsers zod never probes; parsing is a little slower, and just as strict.
 */
z.config({ jitless: true });
