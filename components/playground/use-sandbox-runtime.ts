import { startTransition, useEffect, useRef, useState, type Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/playground/state';
import type { OperationContract } from '@/lib/contract/operation-contract';
import type { Target } from '@/lib/playground/url-state';
import type { SandboxRuntime } from './sandbox-runtime';
import { sandboxStore } from './sandbox-store';

/**
 * The in-browser sandbox while the target is the sandbox. It (validator, state, interception) loads in its own chunk
 * after the page shows, so opening the playground is not one long task; `ready` says when a request can go.
 */
export function useSandboxRuntime(target: Target, contract: OperationContract, dispatch: Dispatch<PlaygroundAction>) {
  const sandbox = useRef<SandboxRuntime>(undefined);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (target !== 'sandbox') return;
    let stopped = false;
    import('./sandbox-runtime')
      .then(({ startSandbox }) => {
        if (stopped) return;
        sandbox.current = startSandbox(contract, sandboxStore);
        // A transition: React renders it in slices that yield to the browser, not as one long task.
        startTransition(() => setReady(true));
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const reason = error instanceof Error ? error.message : String(error);
        const message = `The sandbox could not load (${reason}). Reload the page to try again.`;
        dispatch({ type: 'failed', failure: { message } });
      });
    return () => {
      stopped = true;
      sandbox.current?.stop();
      sandbox.current = undefined;
      setReady(false);
    };
  }, [target, contract, dispatch]);
  return {
    ready,
    /** Forgets every change; with the sandbox off (Live), clearing its storage is the whole reset. */
    reset() {
      if (sandbox.current) sandbox.current.reset();
      else sandboxStore.clear();
    },
  };
}
