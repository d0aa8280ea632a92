// Build step after `next build`: every prerendered page gets a Content-Security-Policy meta tag that
// allows exactly the hashes of its inline scripts (the site's own and Next.js's per-page payload), and
// the result is checked. A per-request nonce would make every page dynamic; hashes keep them static.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { filesUnder } from '../lib/build/files';
import { insightsOrigin } from '../lib/insights/endpoint';
import { API_MODEL_PATH } from '../lib/openapi/load';
import { policyProblems, withPagePolicy } from '../lib/security/csp';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

const DIST_DIR = process.env.KILOWISE_DIST_DIR || '.next';
/** The prerendered pages; `next start` serves them from here (and caches copies of them as it runs). */
const PAGES_DIR = path.join(DIST_DIR, 'server', 'app');

function main(): void {
  // 1. The API's origin, which the playground's Live mode calls from the browser.
  const model = parseWith(
    z.object({ serverUrl: z.string() }),
    JSON.parse(readFileSync(API_MODEL_PATH, 'utf8')),
    API_MODEL_PATH,
  );
  // A snapshot may name no absolute server (OpenAPI's default is `/`); the page then calls no API origin.
  const connectSources = /^https?:\/\//.test(model.serverUrl) ? [new URL(model.serverUrl).origin] : [];
  // Reader insights sent to another instance (KILOWISE_INSIGHTS_URL) from a static host's pages.
  const insights = insightsOrigin();
  if (connectSources.length === 0)
    console.warn(
      `[csp] warning: ${API_MODEL_PATH}: serverUrl "${model.serverUrl}" is no absolute http(s) URL (servers[0].url of the document), so the playground's Live mode may call no API`,
    );
  // 2. Each page gets its policy; a page whose inline script the site does not own stops the build.
  const files = filesUnder(PAGES_DIR).filter((file) => file.endsWith('.html'));
  if (files.length === 0)
    throw new Error(`[csp] no prerendered pages under ${DIST_DIR}/server: run \`next build\` first`);
  // Written beside and renamed over the page: the link check reads the same files at the same time
  // (scripts/build.ts), and a rename is atomic, so it reads the page before or after, never half of it.
  for (const file of files) {
    writeFileSync(
      `${file}.csp-tmp`,
      withPagePolicy(readFileSync(file, 'utf8'), file, insights ? [...connectSources, insights] : connectSources),
    );
    renameSync(`${file}.csp-tmp`, file);
  }
  // 3. Check what was written: every inline script's hash is in its page's policy.
  const problems = files.flatMap((file) => policyProblems(readFileSync(file, 'utf8'), file));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  console.log(`[csp] ${files.length} prerendered pages carry a policy that allows exactly their inline scripts`);
}

runMain(main);
