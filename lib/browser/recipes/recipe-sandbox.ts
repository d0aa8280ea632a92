// First: no zod schema may be built before zod is told not to probe `new Function` (see the module).
import '@/lib/browser/zod-jitless';
import { tabSandbox } from '@/lib/browser/playground/sandbox-store';
import { operationContractSchema, type OperationContract } from '@/lib/contract/operation-contract';
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
): { contract: OperationContract; sandbox: Sandbox } {
  const contract = parseWith(operationContractSchema, json, contractUrl);
  return { contract, sandbox: createSandbox(contract, tabSandbox.options()) };
}
