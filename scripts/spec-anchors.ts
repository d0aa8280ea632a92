// `npm run spec:anchors`: publishes the anchors of the current spec in content/openapi/anchors.json.
// It only adds: a published anchor stays listed forever, and a renamed one needs an alias by hand.
import { ANCHOR_MANIFEST_PATH, updateAnchorManifest } from '../lib/openapi/anchor-manifest';
import { readSpecSettings } from '../lib/openapi/load';
import { buildApiModel } from '../lib/openapi/pipeline';
import { runMain } from '../lib/build/run-main';

async function main(): Promise<void> {
  // 1. The current model.
  const model = await buildApiModel(readSpecSettings(process.env));
  // 2. Add its anchors to the manifest (a new one only where there is no file; a corrupt one stops here).
  const { missing, unpublished } = await updateAnchorManifest(model);
  // 3. Report what was added and what vanished.
  console.log(`[openapi] published ${unpublished.length} new anchors in ${ANCHOR_MANIFEST_PATH}`);
  if (missing.length > 0) {
    console.warn(
      `[openapi] these published anchors are gone; add an alias for each in "aliases": ${missing.join(', ')}`,
    );
  }
}

runMain(main);
