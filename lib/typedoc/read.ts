import { existsSync, readFileSync } from 'node:fs';
import { parseWith } from '../validation';
import { sdkReferenceSchema, type SdkReference } from './model';
import { sdkReferencePath } from './paths';

/** A package's SDK reference as the build step wrote it; a missing or stale file says which command makes it. */
export function readSdkReference(file = sdkReferencePath('kilowise-client')): SdkReference {
  if (!existsSync(file))
    throw new Error(`[typedoc] ${file} is missing: run \`npm run sdk:build\` (part of \`npm run build\`)`);
  return parseWith(sdkReferenceSchema, JSON.parse(readFileSync(file, 'utf8')), file);
}
