import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { parseWith } from '../validation';
import { anchorFor } from './anchors';
import { SpecError } from './errors';
import type { ApiModel } from './model';

/** The checked-in list of every anchor the reference has published, and the aliases of renamed ones. */
export const ANCHOR_MANIFEST_PATH = 'content/openapi/anchors.json';

const manifestSchema = z.strictObject({
  /** Every published anchor, sorted: partners may have bookmarked any of them. */
  anchors: z.array(
    z.string().regex(/^(tag|operation|webhook|schema)\/[^\s]+$/, 'must be tag/…, operation/…, webhook/… or schema/…'),
  ),
  /** Old anchor → the anchor that replaced it. */
  aliases: z.record(z.string(), z.string()),
});

export type AnchorManifest = z.infer<typeof manifestSchema>;

const isMissingFile = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';

/**
 * The manifest, or undefined when the file does not exist yet. Anything else that is wrong with it (it
 * cannot be read, it is not JSON, it does not match the schema) throws, naming the file: treating a
 * corrupt manifest as "none yet" would let the next write drop every published anchor.
 */
export async function readAnchorManifestIfPresent(file = ANCHOR_MANIFEST_PATH): Promise<AnchorManifest | undefined> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw new SpecError(
      file,
      `the anchor manifest cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new SpecError(
      file,
      `the anchor manifest is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it by hand or restore it from git`,
      { cause: error },
    );
  }
  return parseWith(manifestSchema, json, file);
}

/** The manifest; the build needs one, so a missing file names the command that creates it. */
export async function readAnchorManifest(file = ANCHOR_MANIFEST_PATH): Promise<AnchorManifest> {
  const manifest = await readAnchorManifestIfPresent(file);
  if (!manifest) throw new SpecError(file, 'the anchor manifest is missing; create it with `npm run spec:anchors`');
  return manifest;
}

/**
 * Adds the model's anchors to the manifest file (`npm run spec:anchors`), or starts one when there is
 * none. A manifest that cannot be read throws before anything is written, so the file stays as it was.
 */
export async function updateAnchorManifest(model: ApiModel, file = ANCHOR_MANIFEST_PATH): Promise<AnchorCheck> {
  const manifest = (await readAnchorManifestIfPresent(file)) ?? { anchors: [], aliases: {} };
  const check = checkAnchors(manifest, modelAnchors(model));
  await writeFile(file, `${JSON.stringify(publishAnchors(manifest, model), null, 2)}\n`);
  return check;
}

/** Every anchor the model publishes: tags, operations, webhooks and schemas. */
export function modelAnchors(model: ApiModel): string[] {
  return [
    ...model.tags.map((tag) => anchorFor.tag(tag.slug)),
    ...model.tags.flatMap((tag) => tag.operations.map((operation) => anchorFor.operation(operation.operationId))),
    ...model.webhooks.map((webhook) => webhook.anchor),
    ...model.schemas.map((schema) => anchorFor.schema(schema.name)),
  ].sort();
}

export interface AnchorCheck {
  /** Published anchors that would disappear with no alias to land on. */
  missing: string[];
  /** Aliases whose target the model does not have. */
  brokenAliases: string[];
  /** Anchors of the model that the manifest does not list yet. */
  unpublished: string[];
}

export function checkAnchors(manifest: AnchorManifest, anchors: readonly string[]): AnchorCheck {
  const present = new Set(anchors);
  const published = new Set(manifest.anchors);
  return {
    missing: manifest.anchors.filter((anchor) => !present.has(anchor) && !present.has(manifest.aliases[anchor] ?? '')),
    brokenAliases: Object.entries(manifest.aliases)
      .filter(([, target]) => !present.has(target))
      .map(([from, target]) => `${from} → ${target}`),
    unpublished: anchors.filter((anchor) => !published.has(anchor)),
  };
}

/**
 * Fails when a published anchor would disappear without an alias, or an alias points nowhere. New
 * anchors fail too when the spec is the checked-in snapshot (commit them with `npm run spec:anchors`);
 * from a remote URL they are only reported, so an added endpoint never blocks a deploy.
 */
export function assertAnchorContract(
  manifest: AnchorManifest,
  model: ApiModel,
  manifestFile: string,
  warn: (message: string) => void,
): void {
  const { missing, brokenAliases, unpublished } = checkAnchors(manifest, modelAnchors(model));
  if (missing.length > 0) {
    throw new SpecError(
      manifestFile,
      `published anchors would disappear: ${missing.map((anchor) => `#${anchor}`).join(', ')}; add an alias for each to the anchor it moved to`,
    );
  }
  if (brokenAliases.length > 0)
    throw new SpecError(manifestFile, `aliases point to anchors that do not exist: ${brokenAliases.join(', ')}`);
  if (unpublished.length > 0) {
    const message = `${unpublished.length} anchors are not in the manifest yet (${unpublished
      .slice(0, 5)
      .map((anchor) => `#${anchor}`)
      .join(', ')}${unpublished.length > 5 ? ', …' : ''}); run \`npm run spec:anchors\` and commit ${manifestFile}`;
    if (model.source.kind === 'snapshot' && !model.source.fallbackReason) throw new SpecError(manifestFile, message);
    warn(message);
  }
}

/** The manifest with every anchor of the model added; nothing is ever removed. */
export function publishAnchors(manifest: AnchorManifest, model: ApiModel): AnchorManifest {
  return { anchors: [...new Set([...manifest.anchors, ...modelAnchors(model)])].sort(), aliases: manifest.aliases };
}
