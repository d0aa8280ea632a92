// `npm run spec:anchors`: publishes the anchors of the current spec in content/openapi/anchors.json.
// It only adds: a published anchor stays listed forever, and a renamed one needs an alias by hand.
import { writeFile } from 'node:fs/promises';
import { ANCHOR_MANIFEST_PATH, checkAnchors, modelAnchors, publishAnchors, readAnchorManifest, type AnchorManifest } from '../lib/openapi/anchor-manifest';
import { readSpecSettings } from '../lib/openapi/load';
import { buildApiModel } from '../lib/openapi/pipeline';

async function main(): Promise<void> {
  // 1. The current model.
  const model = await buildApiModel(readSpecSettings(process.env));
  // 2. The manifest so far (none yet: start empty).
  const manifest: AnchorManifest = await readAnchorManifest().catch(() => ({ anchors: [], aliases: {} }));
  // 3. Add the new anchors and report the ones that vanished.
  const { missing, unpublished } = checkAnchors(manifest, modelAnchors(model));
  await writeFile(ANCHOR_MANIFEST_PATH, `${JSON.stringify(publishAnchors(manifest, model), null, 2)}\n`);
  console.log(`[openapi] published ${unpublished.length} new anchors in ${ANCHOR_MANIFEST_PATH}`);
  if (missing.length > 0) {
    console.warn(`[openapi] these published anchors are gone; add an alias for each in "aliases": ${missing.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
