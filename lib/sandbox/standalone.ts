// The entry of the one-file sandbox the site serves at /sandbox/kilowise-sandbox.mjs, for partners without this
// repository: `node kilowise-sandbox.mjs --port 4010`. esbuild bundles it with the contract the site was built from
// (scripts/build-sandbox-bundle.ts, lib/build/sandbox-bundle.ts); the command is the same as `npm run sandbox`'s.
import type { OperationContract } from '../contract/operation-contract';
import { sandboxMain } from './cli';

/** The contract, put here by esbuild's `define` as a JSON value: checked against its schema when the bundle is built. */
declare const KILOWISE_SANDBOX_CONTRACT: OperationContract;

await sandboxMain({
  command: 'node kilowise-sandbox.mjs',
  loadContract: () =>
    Promise.resolve({ contract: KILOWISE_SANDBOX_CONTRACT, from: 'the contract built into this file' }),
});
