// `npm run spec:pull`: refreshes the pinned snapshot from KILOWISE_OPENAPI_URL. The document must load,
// parse and validate first, so a broken remote spec never replaces a good snapshot.
import { rename, writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { SpecError } from '../lib/openapi/errors';
import { SNAPSHOT_PATH, fetchSpecText, readSpecSettings } from '../lib/openapi/load';
import { parseSpecText } from '../lib/openapi/parse';
import { validateSpec } from '../lib/openapi/validate';
import { runMain } from '../lib/build/run-main';

async function main(): Promise<void> {
  // 1. The URL to pull from.
  const { source } = readSpecSettings(process.env);
  if (source.kind !== 'url') throw new SpecError('environment', 'set KILOWISE_OPENAPI_URL to the remote spec to pull');
  console.log(`[openapi] 1. pulling ${source.location}`);
  // 2. Fetch, parse and validate, exactly as the build does.
  const document = parseSpecText(await fetchSpecText(source.location), source.location);
  await validateSpec(document, source.location);
  // 3. Replace the snapshot atomically, as YAML.
  const temporary = `${SNAPSHOT_PATH}.tmp`;
  await writeFile(temporary, stringify(document, { lineWidth: 120 }));
  await rename(temporary, SNAPSHOT_PATH);
  console.log(`[openapi] 2. wrote ${SNAPSHOT_PATH}; run \`npm run spec:anchors\`, review the diff and commit both`);
}

runMain(main);
