import { config } from 'zod/mini';

/**
 * The browser's one way to zod's full API (eslint.config.mjs holds browser code to it): imported before any of its
 * schemas is built there. Zod probes `new Function` when it builds an object schema, and under the site's strict
 * Content-Security-Policy the probe is reported as a violation even though zod catches it. Without compiled parsers
 * zod never probes; parsing is a little slower, and just as strict. (zod/mini compiles no parser: browser code may
 * import it directly.)
 */
config({ jitless: true });

export { z } from 'zod';
