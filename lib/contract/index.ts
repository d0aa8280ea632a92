import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseWith } from '../validation';
import { OPERATION_CONTRACT_PATH, operationContractSchema, type OperationContract } from './operation-contract';
import { publicContractUrl } from './public-contract';

let cached: { contract: OperationContract; url: string } | undefined;

function load(): { contract: OperationContract; url: string } {
  if (cached) return cached;
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'operation-contract.json'), 'utf8');
  } catch (error) {
    throw new Error(
      `[contract] ${OPERATION_CONTRACT_PATH} is missing: run \`npm run spec:build\` (part of \`npm run build\`)`,
      { cause: error },
    );
  }
  cached = {
    contract: parseWith(operationContractSchema, JSON.parse(raw), OPERATION_CONTRACT_PATH),
    url: publicContractUrl(raw),
  };
  return cached;
}

/** The playground's contract, written by `npm run spec:build`; a missing file names the command to run. */
export function getOperationContract(): OperationContract {
  return load().contract;
}

/** The URL of the same contract as a static file (`spec:build` publishes it), for a page that fetches it when needed. */
export function getPublicContractUrl(): string {
  return load().url;
}

export type { OperationContract };
