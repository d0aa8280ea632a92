import { existsSync, readFileSync } from 'node:fs';
import { parseWith } from '../validation';
import { sdkReferenceSchema, type SdkReference } from './model';
import { SDK_REFERENCE_PATH } from './paths';

/** The SDK reference the build step wrote; a missing or stale file says which command makes it. */
export function readSdkReference(file = SDK_REFERENCE_PATH): SdkReference {
  if (!existsSync(file)) throw new Error(`[typedoc] ${file} is missing: run \`npm run sdk:build\` (part of \`npm run build\`)`);
  return parseWith(sdkReferenceSchema, JSON.parse(readFileSync(file, 'utf8')), file);
}
