// `npm run build:large`: the site built into .next-large from a generated OpenAPI 3.1 document above the inline limit
// (its cards load in groups, its schemas refer to each other, it has webhooks), for e2e/api-large.spec.ts. The
// document is served on loopback as the remote spec, with the checks that tie a build to the Kilowise contract off.
// Afterwards the contract's model is rebuilt, for `npm run dev` and the link check of the next build.
import { generateWideSpec } from '../bench/generate-spec';
import { buildForeignSite } from '../bench/scale';
import { runMain } from '../../lib/build/run-main';

/** The document's size: twice the inline limit, so its cards load in groups. */
export const LARGE_OPERATIONS = 300;
export const LARGE_SCHEMAS = 400;

runMain(async () => {
  await buildForeignSite(JSON.stringify(generateWideSpec(LARGE_OPERATIONS, LARGE_SCHEMAS, 12)), '.next-large');
});
