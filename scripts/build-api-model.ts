// Build step: the OpenAPI document (KILOWISE_OPENAPI_URL, else the pinned snapshot) -> validated,
// dereferenced, normalised model in .generated/api-model.json. On failure: one line, exit 1.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ANCHOR_MANIFEST_PATH, assertAnchorContract, readAnchorManifest } from '../lib/openapi/anchor-manifest';
import { assertChangelogCovers, readApiChangelog } from '../lib/openapi/changelog';
import { diffApiModels } from '../lib/openapi/diff';
import { callsSandbox, operationRef } from '../lib/recipes/sources';
import {
  API_MODEL_PATH,
  OPENAPI_DOCUMENT_PATH,
  readContractChecks,
  type ContractChecks,
  readSpecSettings,
  SNAPSHOT_PATH,
  SPEC_STATS_PATH,
  type SpecStepStats,
} from '../lib/openapi/load';
import type { ApiModel } from '../lib/openapi/model';
import { buildApi } from '../lib/openapi/pipeline';
import { buildKind } from '../lib/preview';
import { OPERATION_CONTRACT_PATH, type OperationContract } from '../lib/contract/operation-contract';
import { buildOperationContract } from '../lib/contract/build';
import { loadRecipes, RECIPES_PATH } from '../lib/recipes/load';
import type { Recipe } from '../lib/recipes/document';
import { PUBLIC_CONTRACT_DIR, publicContractUrl } from '../lib/contract/public-contract';
import { renderFragments } from './api-reference/render-fragments';
import { linkSdkToApi } from '../lib/typedoc/link-api';
import { SDK_PACKAGES } from '../lib/sdk/packages';
import { sdkReferencePath } from '../lib/typedoc/paths';
import { readSdkReference } from '../lib/typedoc/read';
import { runMain } from '../lib/build/run-main';

/** What the document had that the reference does not show: ten of them, and how many more. */
function reportUnshown(warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  console.warn(
    `[openapi] warning: ${warnings.length} part${warnings.length === 1 ? '' : 's'} of the document the reference does not show:`,
  );
  for (const warning of warnings.slice(0, 10)) console.warn(`[openapi]   ${warning}`);
  if (warnings.length > 10) console.warn(`[openapi]   … and ${warnings.length - 10} more`);
}

/** The anchor contract: no published anchor may disappear without an alias (unless the check is off). */
async function checkedAnchors(checks: ContractChecks, model: ApiModel) {
  if (!checks.anchorManifest) {
    console.warn('[openapi] warning: KILOWISE_ANCHOR_MANIFEST=off: published anchors are not checked');
    return { anchors: [], aliases: {} };
  }
  const manifest = await readAnchorManifest();
  assertAnchorContract(manifest, model, ANCHOR_MANIFEST_PATH, (message) =>
    console.warn(`[openapi] warning: ${message}`),
  );
  return manifest;
}

/** The SDK reference (npm run sdk:build) joined to the model: kilowise-client samples, schema <-> type links. */
function joinedSdk(checks: ContractChecks, model: ApiModel) {
  const sdk = readSdkReference();
  const otherPackages = SDK_PACKAGES.filter((name) => name !== 'kilowise-client').map((name) =>
    readSdkReference(sdkReferencePath(name)),
  );
  const linked = checks.sdkLinks ? linkSdkToApi(model, sdk, otherPackages) : { model, uncovered: [] };
  if (!checks.sdkLinks)
    console.warn(
      '[openapi] warning: KILOWISE_SDK_LINKS=off: kilowise-client samples and SDK types are not joined to the reference',
    );
  if (linked.uncovered.length > 0) {
    const shown = linked.uncovered.slice(0, 5).join(', ');
    const more = linked.uncovered.length > 5 ? `, … (${linked.uncovered.length} in all)` : '';
    console.warn(
      `[openapi] warning: no kilowise-client method calls ${shown}${more}; add one with @apiOperation in packages/kilowise-client`,
    );
  }
  return { sdk, linked };
}

/** The recipes, each held to the contract built, as the guides are; none when that check is off. */
async function checkedRecipes(checks: ContractChecks, contract: OperationContract): Promise<Recipe[]> {
  if (!checks.guideApiLinks) {
    console.warn(
      '[recipes] warning: KILOWISE_GUIDE_API_LINKS=off: the recipes are not checked against this document, and none is built',
    );
    return [];
  }
  const recipes = await loadRecipes(contract);
  console.log(`[recipes] ${recipes.length} recipes hold to the Arazzo 1.0 schema and to the contract`);
  return recipes;
}

async function main(): Promise<void> {
  // 1. Where the spec comes from.
  const started = performance.now();
  const settings = readSpecSettings(process.env);
  const checks = readContractChecks(process.env);
  console.log(`[openapi] 1. source: ${settings.source.location}`);
  // 2. Load, parse, validate, normalise (with the snapshot fallback when configured).
  const { model, document, warnings } = await buildApi(settings, {
    warn: (message) => console.warn(`[openapi] warning: ${message}`),
  });
  const operations = model.tags.reduce((sum, tag) => sum + tag.operations.length, 0);
  console.log(
    `[openapi] 2. ${model.title} ${model.version}: ${operations} operations, ${model.webhooks.length} webhooks, ${model.schemas.length} schemas`,
  );
  reportUnshown(warnings);
  // 3. The anchor contract.
  const manifest = await checkedAnchors(checks, model);
  // 4. Join the SDK reference.
  const { sdk, linked } = joinedSdk(checks, model);
  // 4b. Each version of the contract has its changelog entry (content/changelogs/api.yaml), like each SDK release.
  if (checks.guideApiLinks) assertChangelogCovers(readApiChangelog(), model.version);
  // 5. On a preview build, what changed from the baseline document: /api/changes and the badges on /api.
  const changes = buildKind().preview ? await previewChanges(model, document, manifest.aliases) : undefined;
  // 6. The playground's contract: JSON Schemas and examples of every operation, for the sandbox.
  const contract = buildOperationContract(document, model, checks.sdkLinks ? sdk : { ...sdk, operations: [] });
  // 7. The recipes name the contract's operations, as the guides do.
  const recipes = await checkedRecipes(checks, contract);
  // 8. Render the static parts (schema trees, highlighted code) to HTML once; an operation lists the recipes that call it.
  const rendered = await renderFragments({
    ...withRecipes(linked.model, recipes),
    anchorAliases: manifest.aliases,
    changes,
  });
  // 9. Write atomically, so a failed run never leaves a half-written file behind.
  const modelJson = JSON.stringify(rendered);
  await writeAtomically(API_MODEL_PATH, modelJson);
  const contractJson = JSON.stringify(contract);
  await writeAtomically(OPERATION_CONTRACT_PATH, contractJson);
  // The same contract as a static file, for the recipe pages' sandbox (fetched on a click); older builds' go.
  await publishContract(contractJson);
  // The document as built, for the docs' MCP server (kilowise-docs://openapi.json), and the recipes checked above.
  await writeAtomically(OPENAPI_DOCUMENT_PATH, JSON.stringify(document, null, 2));
  await writeAtomically(RECIPES_PATH, JSON.stringify(recipes));
  console.log(
    `[openapi] 3. ${checks.anchorManifest ? `anchors match ${ANCHOR_MANIFEST_PATH}; ` : ''}rendered schema trees and code; wrote ${API_MODEL_PATH} and ${OPERATION_CONTRACT_PATH}`,
  );
  // What the step cost, for `npm run bench` (which reads this file) and for anyone watching a large document.
  const stats: SpecStepStats = {
    seconds: (performance.now() - started) / 1000,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    modelBytes: Buffer.byteLength(modelJson),
    ...(await fragmentStats(path.join('public', rendered.fragmentRoot ?? ''))),
    operations,
    webhooks: model.webhooks.length,
    schemas: model.schemas.length,
  };
  await writeAtomically(SPEC_STATS_PATH, JSON.stringify(stats));
  console.log(
    `[openapi] 4. ${stats.seconds.toFixed(1)} s, peak memory ${(stats.maxRssBytes / 2 ** 20).toFixed(0)} MB, model ${(stats.modelBytes / 2 ** 20).toFixed(1)} MB, fragments ${(stats.fragmentBytes / 2 ** 20).toFixed(1)} MB`,
  );
}

/** The model with each operation's recipes: the ones with a step that calls it, in the recipes' order. */
function withRecipes(model: ApiModel, recipes: readonly Recipe[]): ApiModel {
  const using = (operationId: string) =>
    recipes
      .filter((recipe) =>
        recipe.workflow.steps.some(
          (step) => !callsSandbox(step.operationId) && operationRef(step.operationId).operationId === operationId,
        ),
      )
      .map((recipe) => ({ workflowId: recipe.workflow.workflowId, title: recipe.title }));
  return {
    ...model,
    tags: model.tags.map((tag) => ({
      ...tag,
      operations: tag.operations.map((operation) => {
        const found = using(operation.operationId);
        return found.length > 0 ? { ...operation, recipes: found } : operation;
      }),
    })),
  };
}

async function publishContract(json: string): Promise<void> {
  const dir = path.join('public', PUBLIC_CONTRACT_DIR);
  const file = path.join('public', publicContractUrl(json));
  await writeAtomically(file, json);
  for (const name of await readdir(dir))
    if (path.join(dir, name) !== file) await rm(path.join(dir, name), { force: true });
}

/**
 * The changes a preview shows: from `KILOWISE_API_BASELINE` (a file or URL, such as the production
 * document) or else the pinned snapshot, to the document built.
 */
async function previewChanges(
  model: ApiModel,
  document: unknown,
  anchorAliases: Record<string, string>,
): Promise<NonNullable<ApiModel['changes']>> {
  const baseline = process.env.KILOWISE_API_BASELINE?.trim() || SNAPSHOT_PATH;
  const source = /^https?:\/\//i.test(baseline)
    ? ({ kind: 'url', location: baseline } as const)
    : ({ kind: 'snapshot', location: baseline } as const);
  const before = await buildApi({ source, fallbackToSnapshot: false });
  const list = diffApiModels(before.model, model, { anchorAliases });
  console.log(
    `[openapi] preview: ${list.length} changes from ${baseline} (${list.filter((change) => change.breaking).length} breaking)`,
  );
  return { baseline, list };
}

/** The bytes of the static fragments written for the reference, and the largest one a reader's click fetches, gzipped. */
async function fragmentStats(dir: string): Promise<Pick<SpecStepStats, 'fragmentBytes' | 'largestFragmentGzipBytes'>> {
  let fragmentBytes = 0;
  let largestFragmentGzipBytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const content = await readFile(path.join(entry.parentPath, entry.name));
    fragmentBytes += content.length;
    // The whole reference (reference.html) is the page itself, measured as such by the bench.
    if (entry.name !== 'reference.html')
      largestFragmentGzipBytes = Math.max(largestFragmentGzipBytes, gzipSync(content).length);
  }
  return { fragmentBytes, largestFragmentGzipBytes };
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

runMain(main);
