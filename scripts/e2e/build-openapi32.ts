// `npm run build:openapi32`: the site built into .next-openapi32 from the OpenAPI 3.2 fixture
// (lib/openapi/fixtures/v32-telemetry.yaml: nested tags, QUERY and additionalOperations, a querystring parameter,
// streamed responses), for e2e/api-openapi32.spec.ts. The document is served on loopback as the remote spec, with
// the checks that tie a build to the Kilowise contract off. Afterwards the contract's model is rebuilt, as
// build:large does, for `npm run dev` and the link check of the next build.
import { readFileSync } from 'node:fs';
import { buildForeignSite } from '../bench/scale';
import { runMain } from '../../lib/build/run-main';

/** The document, and the folder the build goes to (playwright.config.ts serves it). */
export const OPENAPI32_DOCUMENT = 'lib/openapi/fixtures/v32-telemetry.yaml';
export const OPENAPI32_DIST_DIR = '.next-openapi32';

runMain(async () => {
  await buildForeignSite(readFileSync(OPENAPI32_DOCUMENT, 'utf8'), OPENAPI32_DIST_DIR, 'application/yaml');
});
