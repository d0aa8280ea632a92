// Build step: the OpenAPI document (KILOWISE_OPENAPI_URL, else the pinned snapshot) -> validated,
// dereferenced, normalised model in .generated/api-model.json. On failure: one line, exit 1.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANCHOR_MANIFEST_PATH, assertAnchorContract, readAnchorManifest } from '../lib/openapi/anchor-manifest';
import { diffApiModels } from '../lib/openapi/diff';
import { API_MODEL_PATH, readSpecSettings, SNAPSHOT_PATH } from '../lib/openapi/load';
import type { ApiModel } from '../lib/openapi/model';
import { buildApi } from '../lib/openapi/pipeline';
import { buildKind } from '../lib/preview';
import { PLAYGROUND_CONTRACT_PATH } from '../lib/playground/contract';
import { buildPlaygroundContract } from '../lib/playground/build-contract';
import { renderFragments } from '../components/api/render-fragments';
import { linkSdkToApi } from '../lib/typedoc/link-api';
import { SDK_PACKAGES } from '../lib/sdk/packages';
import { sdkReferencePath } from '../lib/typedoc/paths';
import { readSdkReference } from '../lib/typedoc/read';

async function main(): Promise<void> {
  // 1. Where the spec comes from.
  const settings = readSpecSettings(process.env);
  console.log(`[openapi] 1. source: ${settings.source.location}`);
  // 2-5. Load, parse, validate, normalise (with the snapshot fallback when configured).
  const { model, document } = await buildApi(settings, { warn: (message) => console.warn(`[openapi] warning: ${message}`) });
  const operations = model.tags.reduce((sum, tag) => sum + tag.operations.length, 0);
  console.log(`[openapi] 2. ${model.title} ${model.version}: ${operations} operations, ${model.schemas.length} schemas`);
  // 3. The anchor contract: no published anchor may disappear without an alias.
  const manifest = await readAnchorManifest();
  assertAnchorContract(manifest, model, ANCHOR_MANIFEST_PATH, (message) => console.warn(`[openapi] warning: ${message}`));
  // 4. Join the SDK reference (npm run sdk:build): kilowise-client samples, schema <-> type links.
  const sdk = readSdkReference();
  const otherPackages = SDK_PACKAGES.filter((name) => name !== 'kilowise-client').map((name) => readSdkReference(sdkReferencePath(name)));
  const linked = linkSdkToApi(model, sdk, otherPackages);
  if (linked.uncovered.length > 0) {
    const shown = linked.uncovered.slice(0, 5).join(', ');
    const more = linked.uncovered.length > 5 ? `, … (${linked.uncovered.length} in all)` : '';
    console.warn(`[openapi] warning: no kilowise-client method calls ${shown}${more}; add one with @apiOperation in packages/kilowise-client`);
  }
  // 5. Render the static parts (schema trees, highlighted code) to HTML once.
  // 5. On a preview build, what changed from the baseline document: /api/changes and the badges on /api.
  const changes = buildKind().preview ? await previewChanges(model, document, manifest.aliases) : undefined;
  const rendered = await renderFragments({ ...linked.model, anchorAliases: manifest.aliases, changes });
  // 6. The playground's contract: JSON Schemas and examples of every operation, for the sandbox.
  const contract = buildPlaygroundContract(document, model, sdk);
  // 7. Write atomically, so a failed run never leaves a half-written file behind.
  await writeAtomically(API_MODEL_PATH, JSON.stringify(rendered));
  await writeAtomically(PLAYGROUND_CONTRACT_PATH, JSON.stringify(contract));
  console.log(`[openapi] 3. anchors match ${ANCHOR_MANIFEST_PATH}; rendered schema trees and code; wrote ${API_MODEL_PATH} and ${PLAYGROUND_CONTRACT_PATH}`);
}

/**
 * The changes a preview shows: from `KILOWISE_API_BASELINE` (a file or URL, such as the production
 * document) or else the pinned snapshot, to the document built.
 */
async function previewChanges(model: ApiModel, document: unknown, anchorAliases: Record<string, string>): Promise<NonNullable<ApiModel['changes']>> {
  const baseline = process.env.KILOWISE_API_BASELINE?.trim() || SNAPSHOT_PATH;
  const source = /^https?:\/\//i.test(baseline) ? ({ kind: 'url', location: baseline } as const) : ({ kind: 'snapshot', location: baseline } as const);
  const before = await buildApi({ source, fallbackToSnapshot: false });
  const list = diffApiModels(before.model, model, { anchorAliases, documents: { before: before.document, after: document } });
  console.log(`[openapi] preview: ${list.length} changes from ${baseline} (${list.filter((change) => change.breaking).length} breaking)`);
  return { baseline, list };
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
