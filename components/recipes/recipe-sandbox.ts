// First: no zod schema may be built before zod is told not to probe `new Function` (see the module).
import '@/lib/browser/zod-jitless';
import { sandboxStore } from '@/components/playground/sandbox-store';
import { playgroundContractSchema, type PlaygroundContract } from '@/lib/playground/contract';
import { createSandbox, type Sandbox } from '@/lib/sandbox/sandbox';
import { parseWith } from '@/lib/validation';

/**
 * The sandbox a recipe page runs against: the playground's (same state, in the tab's sessionStorage), from the
 * contract the build published. Its own module, so that the page loads the sandbox and its validator on a click.
 */
export async function openRecipeSandbox(contractUrl: string): Promise<{ contract: PlaygroundContract; sandbox: Sandbox }> {
  let response: Response;
  try {
    response = await fetch(contractUrl);
  } catch (error) {
    throw new Error(`Could not load the sandbox's contract from ${contractUrl}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`Could not load the sandbox's contract from ${contractUrl}: HTTP ${response.status}`);
  const contract = parseWith(playgroundContractSchema, await response.json(), contractUrl);
  return { contract, sandbox: createSandbox(contract, { store: sandboxStore }) };
}
