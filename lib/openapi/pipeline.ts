import { SpecError } from './errors';
import { SNAPSHOT_PATH, loadSpecText, type FetchOptions, type SpecSettings, type SpecSource } from './load';
import { apiModelSchema, type ApiModel } from './model';
import { normaliseSpec } from './normalise';
import { parseSpecText } from './parse';
import type { Json } from './schema-tree';
import { validateSpec } from './validate';
import { parseWith } from '../validation';

/** The normalised model, the validated, bundled document it came from, and what the model cannot show. */
export interface ApiBuild {
  model: ApiModel;
  document: Json;
  /** One line per part of the document the reference does not show, each naming its JSON pointer. */
  warnings: string[];
}

/** Steps 2 to 5 for one source: load, parse, validate and bundle, normalise. */
async function buildFrom(source: SpecSource, options: FetchOptions, fallbackReason?: string): Promise<ApiBuild> {
  const text = await loadSpecText(source, options);
  const document = parseSpecText(text, source.location);
  const bundled = await validateSpec(document, source.location);
  const warnings: string[] = [];
  const model = normaliseSpec(
    bundled,
    { ...source, fallbackReason },
    { warn: (pointer, message) => warnings.push(`${pointer}: ${message}`) },
  );
  return {
    model: parseWith(apiModelSchema, model, `[openapi] ${source.location} (normalised model)`),
    document: bundled as unknown as Json,
    warnings,
  };
}

/**
 * Builds the API model from the configured source. With the snapshot fallback on, a failure at the
 * URL is reported through `warn` and the pinned snapshot is used instead; otherwise it is thrown.
 * Either way the model is complete or there is none: nothing half-built comes out.
 */
export async function buildApi(
  settings: SpecSettings,
  options: FetchOptions & { warn?: (message: string) => void } = {},
): Promise<ApiBuild> {
  try {
    return await buildFrom(settings.source, options);
  } catch (error) {
    if (settings.source.kind !== 'url' || !settings.fallbackToSnapshot || !(error instanceof SpecError)) throw error;
    options.warn?.(`${error.message}; KILOWISE_OPENAPI_FALLBACK=snapshot, so building from ${SNAPSHOT_PATH}`);
    return buildFrom({ kind: 'snapshot', location: SNAPSHOT_PATH }, options, error.message);
  }
}

/** The API model alone (see buildApi). */
export async function buildApiModel(
  settings: SpecSettings,
  options: Parameters<typeof buildApi>[1] = {},
): Promise<ApiModel> {
  return (await buildApi(settings, options)).model;
}
