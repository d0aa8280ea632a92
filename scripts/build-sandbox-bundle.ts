// Build step after spec:build: the sandbox server as one file partners run without this repository,
// public/sandbox/kilowise-sandbox.mjs (served at /sandbox/kilowise-sandbox.mjs; git-ignored), with the contract the
// site was built from. esbuild bundles it (lib/build/sandbox-bundle.ts), as it does the playground frame.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleSandbox, SANDBOX_BUNDLE_FILE, SANDBOX_BUNDLE_URL } from '../lib/build/sandbox-bundle';
import { OPERATION_CONTRACT_PATH, operationContractSchema } from '../lib/contract/operation-contract';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

async function main(): Promise<void> {
  const contract = parseWith(
    operationContractSchema,
    JSON.parse(readFileSync(OPERATION_CONTRACT_PATH, 'utf8')),
    OPERATION_CONTRACT_PATH,
  );
  const { text, packages } = await bundleSandbox(contract);
  rmSync(path.dirname(SANDBOX_BUNDLE_FILE), { recursive: true, force: true });
  mkdirSync(path.dirname(SANDBOX_BUNDLE_FILE), { recursive: true });
  writeFileSync(SANDBOX_BUNDLE_FILE, text);
  chmodSync(SANDBOX_BUNDLE_FILE, 0o755);
  const bytes = Buffer.byteLength(text);
  console.log(
    `[sandbox] ${SANDBOX_BUNDLE_URL}: ${contract.title} ${contract.version}, ${bytes} bytes (${(gzipSync(text).length / 1024).toFixed(1)} KB gzip), with ${packages.map((entry) => entry.name).join(', ')}`,
  );
}

runMain(main);
