// The sandbox server's command: one main function for `npm run sandbox` (scripts/sandbox.ts, the contract of the
// checkout) and for the one-file sandbox partners download (lib/sandbox/standalone.ts, the contract built into the
// file). 1. read the options; 2. load the contract; 3. listen. On failure: one line, exit 1.
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import type { OperationContract } from '../contract/operation-contract';
import type { StateStore } from '../store/store';
import { createSandboxServer, RESET_PATH } from './server';

/** What differs between the two ways to run the sandbox: how it is started, and where its contract comes from. */
export interface SandboxCommand {
  /** How the command is typed, for the usage line: `npm run sandbox --`, `node kilowise-sandbox.mjs`. */
  command: string;
  /** The contract, and where it came from (for the first line of the log). */
  loadContract: () => Promise<{ contract: OperationContract; from: string }>;
  /** The command-line arguments; `process.argv.slice(2)` by default. */
  args?: string[];
  /**
   * Opens the store of `--redis URL` for the sandboxes (the repository's command, with lib/store/open.ts). The
   * one-file sandbox has none: it keeps its sandboxes in memory, and refuses `--redis` saying so.
   */
  openRedisStore?: (url: string, log: (line: string) => void) => Promise<StateStore>;
  /** The Redis when `--redis` is not given (`npm run sandbox` reads KILOWISE_REDIS_URL). */
  defaultRedisUrl?: string;
}

// zod/mini, not zod: the one-file sandbox holds only what these options need, where zod would bring 400 KB (every
// locale, and the object parser it compiles with new Function). zod/mini has no locale, so each check names its rule.
const PORT = 'must be a whole number from 0 to 65535';
const optionsSchema = z.object({
  port: z.coerce.number({ error: PORT }).check(z.int({ error: PORT }), z.minimum(0, PORT), z.maximum(65_535, PORT)),
  host: z.string().check(z.minLength(1, 'must not be empty')),
  quiet: z.boolean(),
  'cors-origin': z.array(z.url({ error: 'must be an origin such as https://app.example.com' })),
  redis: z.optional(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379' }),
  ),
});

const usage = (command: string) =>
  `usage: ${command} [--port 4010] [--host 127.0.0.1] [--cors-origin https://app.example.com ...] [--redis redis://127.0.0.1:6379] [--quiet]`;

/** The command line read by Node's parser, whose refusals (an unknown option, `--port -1`) are said as the rules' are. */
function parsedArgs(args: string[], command: string) {
  try {
    return parseArgs({
      args,
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        quiet: { type: 'boolean', default: false },
        'cors-origin': { type: 'string', multiple: true, default: [] },
        redis: { type: 'string' },
      },
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new Error(`[sandbox] ${error.message}\n${usage(command)}`);
  }
}

/**
 * The warning when the sandbox listens on every interface: any Host header is then accepted, so the check that keeps
 * a web page rebound to this machine's address (DNS rebinding) from reaching the sandbox is off.
 */
export const hostCheckOff = (host: string) =>
  `[sandbox] warning: listening on ${host} (every interface), the Host check is off: any machine that can reach this one, and any web page rebound to its address, can call this sandbox; use --host with this machine's own address or name to keep the check`;

/** Starts the sandbox server from the command line's options, logs where it listens, and returns it. */
export async function startSandbox({
  command,
  loadContract,
  args = process.argv.slice(2),
  openRedisStore,
  defaultRedisUrl,
}: SandboxCommand): Promise<Server> {
  // 1. Options.
  const { values } = parsedArgs(args, command);
  const options = optionsSchema.safeParse({ ...values, redis: values.redis ?? defaultRedisUrl });
  if (!options.success)
    throw new Error(
      `[sandbox] ${options.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; ')}\n${usage(command)}`,
    );
  const { port, host, quiet, redis } = options.data;
  const corsOrigins = options.data['cors-origin'].map((origin) => new URL(origin).origin);
  if (redis && !openRedisStore)
    throw new Error(
      `[sandbox] --redis: this one-file sandbox keeps its sandboxes in memory; run \`npm run sandbox -- --redis URL\` from the repository to keep them in Redis\n${usage(command)}`,
    );
  const log = quiet ? () => {} : console.log;
  // 2. The contract.
  const { contract, from } = await loadContract();
  // 3. Listen.
  // Listening beyond the loopback, requests name other hosts: the one given, or any at all on every interface.
  const allowedHosts = ['127.0.0.1', 'localhost', '::1'].includes(host)
    ? []
    : ['0.0.0.0', '::'].includes(host)
      ? ['*']
      : [host];
  // Each key's sandbox in Redis when asked, shared by every server on it and kept across restarts; else in memory.
  const store = redis && openRedisStore ? await openRedisStore(redis, console.log) : undefined;
  const server = createSandboxServer(contract, { log, corsOrigins, allowedHosts, store });
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
  if (allowedHosts.includes('*')) console.warn(hostCheckOff(host));
  console.log(
    store
      ? `[sandbox] each key's sandbox is kept in Redis (under a hash of the key, never the key): other servers on it share them, and a restart keeps them`
      : "[sandbox] each key's sandbox is kept in this process's memory (--redis URL keeps them in Redis)",
  );
  return server;
}

/** The command's main: starts the sandbox and stops it on Ctrl+C or SIGTERM; a failure is one line and exit code 1. */
export async function sandboxMain(command: SandboxCommand): Promise<void> {
  try {
    const server = await startSandbox(command);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
