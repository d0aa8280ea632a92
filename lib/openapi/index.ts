import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseWith } from '../validation';
import { matchEndpoint } from './endpoints';
import { API_MODEL_PATH, OPENAPI_DOCUMENT_PATH } from './load';
import { apiModelSchema, type ApiModel, type ApiOperation } from './model';

let cached: ApiModel | undefined;

/** The API model built before `next build`; a missing or stale file names the command to run. */
export function getApiModel(): ApiModel {
  if (cached) return cached;
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'api-model.json'), 'utf8');
  } catch (error) {
    throw new Error(`[openapi] ${API_MODEL_PATH} is missing: run \`npm run spec:build\` (part of \`npm run build\`)`, {
      cause: error,
    });
  }
  cached = parseWith(apiModelSchema, JSON.parse(raw), API_MODEL_PATH);
  return cached;
}

let operations: ApiOperation[] | undefined;
const allOperations = () => (operations ??= getApiModel().tags.flatMap((tag) => tag.operations));

/** The operation a guide means by `METHOD /path` (a concrete value or any `{name}` fills a parameter). */
export function findOperation(method: string, path: string): ApiOperation | undefined {
  return matchEndpoint(allOperations(), method, path);
}

export function getOperationById(operationId: string): ApiOperation | undefined {
  return allOperations().find((operation) => operation.operationId === operationId);
}

/**
 * The OpenAPI document the site was built from, as JSON text (`.generated/openapi.json`, written by `spec:build`):
 * what `/openapi.json`, `/openapi.yaml` and the MCP resource publish.
 */
export function readBuiltDocument(): string {
  try {
    // A literal path keeps Next's file tracing to this one file.
    return readFileSync(path.join(process.cwd(), '.generated', 'openapi.json'), 'utf8');
  } catch (error) {
    throw new Error(
      `[openapi] ${OPENAPI_DOCUMENT_PATH} is missing: run \`npm run spec:build\` (part of \`npm run build\`)`,
      { cause: error },
    );
  }
}

export type { ApiModel };
export * from './model';
