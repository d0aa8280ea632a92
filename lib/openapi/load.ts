import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SpecError } from './errors';

/** The pinned snapshot, used when no URL is configured. */
export const SNAPSHOT_PATH = 'content/openapi/kilowise-openapi.yaml';

/** Where `scripts/build-api-model.ts` writes the normalised model (git-ignored). */
export const API_MODEL_PATH = '.generated/api-model.json';

/** The OpenAPI document the site was built from (bundled, as JSON). */
export const OPENAPI_DOCUMENT_PATH = '.generated/openapi.json';

/** What the spec step cost, written beside the model for `npm run bench`. */
export const SPEC_STATS_PATH = '.generated/api-build-stats.json';

export interface SpecStepStats {
  seconds: number;
  /** Peak resident memory of the step's process. */
  maxRssBytes: number;
  /** `.generated/api-model.json`. */
  modelBytes: number;
  /** Every static file of this rendering, under `public/generated/api/{build}`. */
  fragmentBytes: number;
  /** The largest of those a reader's click or link fetches (not the page itself), gzipped. */
  largestFragmentGzipBytes: number;
  operations: number;
  webhooks: number;
  schemas: number;
}

export type SpecSource = { kind: 'url'; location: string } | { kind: 'snapshot'; location: string };

const envSchema = z.object({
  KILOWISE_OPENAPI_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  KILOWISE_OPENAPI_FALLBACK: z.enum(['snapshot'], { error: 'must be "snapshot" or unset' }).optional(),
});

export interface SpecSettings {
  source: SpecSource;
  /** With `snapshot`, a failure at the URL falls back to the pinned snapshot with a warning. */
  fallbackToSnapshot: boolean;
}

/** The variables of `schema` read from `env` (an empty one counts as unset); a bad value throws, naming the variable. */
function readEnv<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const values = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name] || undefined]));
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new SpecError('environment', `${String(issue?.path[0])} ${issue?.message ?? 'is invalid'}`);
}

/** Reads `KILOWISE_OPENAPI_URL` and `KILOWISE_OPENAPI_FALLBACK`; a bad value names the variable. */
export function readSpecSettings(env: Record<string, string | undefined>): SpecSettings {
  const settings = readEnv(envSchema, env);
  const url = settings.KILOWISE_OPENAPI_URL;
  return {
    source: url ? { kind: 'url', location: url } : { kind: 'snapshot', location: SNAPSHOT_PATH },
    fallbackToSnapshot: settings.KILOWISE_OPENAPI_FALLBACK === 'snapshot',
  };
}

export interface FetchOptions {
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first, for network failures and 5xx answers. */
  retries?: number;
  retryDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches the spec text; unreachable URLs and HTTP errors become one-line SpecErrors naming the URL. */
export async function fetchSpecText(url: string, options: FetchOptions = {}): Promise<string> {
  const { fetch: fetchImpl = fetch, timeoutMs = 15_000, retries = 2, retryDelayMs = 1_000 } = options;
  let lastProblem = '';
  // What the last failed fetch threw, kept as the error's cause (undici's names the refused address or the DNS error).
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(retryDelayMs * attempt);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
      });
    } catch (error) {
      const reason =
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? `timed out after ${timeoutMs} ms`
            : error.message
          : String(error);
      lastProblem = `unreachable (${reason})`;
      lastError = error;
      continue;
    }
    if (response.ok) return response.text();
    lastProblem = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    lastError = undefined;
    // A 4xx will not change on a retry.
    if (response.status < 500) break;
  }
  const attempts = `${retries + 1} attempt${retries === 0 ? '' : 's'}`;
  throw new SpecError(url, `${lastProblem}, after ${attempts}`, lastError === undefined ? {} : { cause: lastError });
}

/** The text of the spec at its source. */
export async function loadSpecText(source: SpecSource, options: FetchOptions = {}): Promise<string> {
  if (source.kind === 'url') return fetchSpecText(source.location, options);
  try {
    return await readFile(source.location, 'utf8');
  } catch (error) {
    throw new SpecError(
      source.location,
      `cannot read the snapshot (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
}

const switchSchema = z.enum(['on', 'off'], { error: 'must be "on", "off" or unset' }).optional();
const switchesSchema = z.object({
  KILOWISE_ANCHOR_MANIFEST: switchSchema,
  KILOWISE_SDK_LINKS: switchSchema,
  KILOWISE_GUIDE_API_LINKS: switchSchema,
});

/**
 * What ties the build to the Kilowise contract, each on unless switched off, for building the reference from a
 * document that is not Kilowise's (a partner's, or a generated one in the bench):
 * - `anchorManifest`: no published anchor may disappear (`KILOWISE_ANCHOR_MANIFEST`);
 * - `sdkLinks`: kilowise-client samples and SDK types joined to operations and schemas (`KILOWISE_SDK_LINKS`);
 * - `guideApiLinks`: the guides' API paths, and links from other pages into `/api#…`, checked against the
 *   document; off, the links in the document's own descriptions are only warned about (`KILOWISE_GUIDE_API_LINKS`).
 */
export interface ContractChecks {
  anchorManifest: boolean;
  sdkLinks: boolean;
  guideApiLinks: boolean;
}

export function readContractChecks(env: Record<string, string | undefined>): ContractChecks {
  const switches = readEnv(switchesSchema, env);
  return {
    anchorManifest: switches.KILOWISE_ANCHOR_MANIFEST !== 'off',
    sdkLinks: switches.KILOWISE_SDK_LINKS !== 'off',
    guideApiLinks: switches.KILOWISE_GUIDE_API_LINKS !== 'off',
  };
}
