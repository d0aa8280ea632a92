// `npm run sandbox` (or `npx kilowise-sandbox`): the API sandbox as a local HTTP server, for partners' own
// integration tests, with the contract of this checkout. The command itself is lib/sandbox/cli.ts, which the
// one-file sandbox on the site (/sandbox/kilowise-sandbox.mjs, scripts/build-sandbox-bundle.ts) runs too.
import { existsSync, readFileSync } from 'node:fs';
import {
  OPERATION_CONTRACT_PATH,
  operationContractSchema,
  type OperationContract,
} from '../lib/contract/operation-contract';
import { snapshotContract } from '../lib/contract/snapshot';
import { sandboxMain } from '../lib/sandbox/cli';
import { dropped, sandboxStoreLimits } from '../lib/sandbox/server';
import { openStore, storeChoice } from '../lib/store/open';
import type { StateStore } from '../lib/store/store';
import { parseWith } from '../lib/validation';

async function loadContract(): Promise<{ contract: OperationContract; from: string }> {
  // The contract the site was built from, when there is a build; else the pinned snapshot's.
  if (existsSync(OPERATION_CONTRACT_PATH)) {
    const contract = parseWith(
      operationContractSchema,
      JSON.parse(readFileSync(OPERATION_CONTRACT_PATH, 'utf8')),
      OPERATION_CONTRACT_PATH,
    );
    return { contract, from: OPERATION_CONTRACT_PATH };
  }
  return { contract: await snapshotContract(), from: 'the pinned snapshot (content/openapi/kilowise-openapi.yaml)' };
}

/** The sandboxes in Redis at `url` (`--redis`, or KILOWISE_REDIS_URL), under KILOWISE_REDIS_PREFIX's `sandbox:`. */
function openRedisStore(url: string, log: (line: string) => void): Promise<StateStore> {
  const limits = sandboxStoreLimits();
  return openStore({
    namespace: 'sandbox',
    limits,
    choice: { redisUrl: url, prefix: storeChoice().prefix },
    onEvict: () => log(dropped(limits.maxEntries)),
    log,
  });
}

await sandboxMain({
  command: 'npm run sandbox --',
  loadContract,
  openRedisStore,
  // Checked as --redis is: a bad one stops the command, naming the option.
  defaultRedisUrl: process.env.KILOWISE_REDIS_URL || undefined,
});
