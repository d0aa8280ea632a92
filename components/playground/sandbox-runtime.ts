import type { OperationContract } from '@/lib/contract/operation-contract';
import { interceptApi } from '@/lib/sandbox/intercept';
import { createSandbox } from '@/lib/sandbox/sandbox';
import type { SandboxStore } from '@/lib/sandbox/state';

/** The sandbox answering the page's requests to the API, until `stop`. */
export interface SandboxRuntime {
  reset(): void;
  stop(): void;
}

/** Creates the sandbox from the contract and routes the page's requests to the API into it. */
export function startSandbox(contract: OperationContract, store: SandboxStore): SandboxRuntime {
  const sandbox = createSandbox(contract, { store });
  const stop = interceptApi(contract.serverUrl, sandbox);
  return { reset: () => sandbox.reset(), stop };
}
