import type { OperationContract } from '@/lib/contract/operation-contract';
import { interceptApi } from '@/lib/sandbox/intercept';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { tabSandbox } from './sandbox-store';

/** A control's answer: its status and its JSON body. */
export interface ControlAnswer {
  status: number;
  body: unknown;
}

/** Sends a request to one of the sandbox's controls under `/__sandbox/` (the clock, a device) and reads the answer. */
export type SandboxControl = (method: string, path: string, body?: unknown) => Promise<ControlAnswer>;

/** The sandbox answering the page's requests to the API, until `stop`. */
export interface SandboxRuntime {
  reset(): void;
  stop(): void;
  control: SandboxControl;
}

/**
 * Creates the sandbox from the contract, with the tab's world (lib/browser/playground/sandbox-store.ts), and routes the
 * page's requests to the API into it. `onAnswer` is called after every request of the page it answers, every control
 * that changes it and a reset, so that a view of its state can read it again (a control that only reads does not call
 * it: the view's own reads would never end).
 */
export function startSandbox(contract: OperationContract, onAnswer: () => void = () => {}): SandboxRuntime {
  const sandbox = createSandbox(contract, tabSandbox.options());
  const handle = async (request: Request) => {
    try {
      return await sandbox.handle(request);
    } finally {
      onAnswer();
    }
  };
  const stop = interceptApi(contract.serverUrl, { ...sandbox, handle });
  return {
    reset: () => {
      sandbox.reset();
      onAnswer();
    },
    stop,
    // Straight to the sandbox, not through fetch: the controls sit at the server's root whatever its base path.
    async control(method, path, body) {
      const request = new Request(new URL(path, contract.serverUrl), {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const response = await (method === 'GET' ? sandbox.handle(request) : handle(request));
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
    },
  };
}
