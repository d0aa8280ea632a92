// First: no zod schema may be built before zod is told not to probe `new Function` (see the module).
import '@/lib/browser/zod-jitless';
import { sandboxStore } from '@/components/playground/sandbox-store';
import { playgroundContractSchema, type PlaygroundContract } from '@/lib/playground/contract';
import { createSandbox, type Sandbox } from '@/lib/sandbox/sandbox';
import { parseWith } from '@/lib/validation';

/**
 * The sandbox a recipe page runs against: the playground's (same state, in the tab's sessionStorage), from the
 * contract the build published (`json`, fetched from `contractUrl` while this module loaded). Its own module, so that
 * the page loads the sandbox and its validator only when a run is near.
 */
export function openRecipeSandbox(
  contractUrl: string,
  json: unknown,
): { contract: PlaygroundContract; sandbox: Sandbox } {
  const contract = parseWith(playgroundContractSchema, json, contractUrl);
  return { contract, sandbox: createSandbox(contract, { store: sandboxStore }) };
}
