// `npm run sandbox` (or `npx kilowise-sandbox`): the API sandbox as a local HTTP server, for partners' own
// integration tests. 1. read the options; 2. load the contract; 3. listen. On failure: one line, exit 1.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  OPERATION_CONTRACT_PATH,
  operationContractSchema,
  type OperationContract,
} from '../lib/contract/operation-contract';
import { snapshotContract } from '../lib/contract/snapshot';
import { createSandboxServer, RESET_PATH } from '../lib/sandbox/server';
import { parseWith } from '../lib/validation';
import { z } from 'zod';

const USAGE =
  'usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--cors-origin https://app.example.com ...] [--quiet]';

const optionsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535),
  host: z.string().min(1),
  quiet: z.boolean(),
  'cors-origin': z.array(z.url({ message: 'must be an origin such as https://app.example.com' })),
});

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

async function main(): Promise<void> {
  // 1. Options.
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      quiet: { type: 'boolean', default: false },
      'cors-origin': { type: 'string', multiple: true, default: [] },
    },
  });
  const options = optionsSchema.safeParse(values);
  if (!options.success)
    throw new Error(
      `[sandbox] ${options.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; ')}\n${USAGE}`,
    );
  const { port, host, quiet } = options.data;
  const corsOrigins = options.data['cors-origin'].map((origin) => new URL(origin).origin);
  // 2. The contract.
  const { contract, from } = await loadContract();
  // 3. Listen.
  const server = createSandboxServer(contract, { log: quiet ? () => {} : console.log, corsOrigins });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  console.log(
    `[sandbox] ${contract.title} ${contract.version}, ${contract.operations.length} operations, from ${from}`,
  );
  console.log(
    `[sandbox] listening on ${url}: any non-empty x-api-key works, each key has its own simulation and clock (POST /__sandbox/clock); POST ${RESET_PATH} empties it`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
