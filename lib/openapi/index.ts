import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseWith } from '../validation';
import { API_MODEL_PATH } from './load';
import { apiModelSchema, type ApiModel } from './model';

let cached: ApiModel | undefined;

/** The API model built before `next build`; a missing or stale file names the command to run. */
export function getApiModel(): ApiModel {
  if (cached) return cached;
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'api-model.json'), 'utf8');
  } catch (error) {
    throw new Error(`[openapi] ${API_MODEL_PATH} is missing: run \`npm run spec:build\` (part of \`npm run build\`)`, { cause: error });
  }
  cached = parseWith(apiModelSchema, JSON.parse(raw), API_MODEL_PATH);
  return cached;
}

export type { ApiModel };
export * from './model';
