import type { OperationContract } from '@/lib/contract/operation-contract';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { tabSandbox } from '@/lib/browser/playground/sandbox-store';
import type { FrameSandbox } from './frame-requests';

/**
 * The sandbox of the API playground, with the same state (the tab's sessionStorage). Its own module, so
 * that the validator and the sandbox load only when the reader's code first sends a request.
 */
export function createFrameSandbox(contract: OperationContract): FrameSandbox {
  const sandbox = createSandbox(contract, tabSandbox.options());
  return { handle: (request) => sandbox.handle(request), reset: () => sandbox.reset() };
}
