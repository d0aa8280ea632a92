import { startTransition, useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/playground/state';
import type { OperationContract } from '@/lib/contract/operation-contract';
import type { Target } from '@/lib/playground/url-state';
import type { SandboxControl, SandboxRuntime } from '@/lib/browser/playground/sandbox-runtime';
import { tabSandbox } from '@/lib/browser/playground/sandbox-store';

/**
 * The in-browser sandbox while the target is the sandbox. It (validator, state, interception) loads in its own chunk
 * after the page shows, so opening the playground is not one long task; `ready` says when a request can go.
 * `version` changes whenever the sandbox may have changed (a request answered, a control, a reset), and `control`
 * reaches its controls under `/__sandbox/` once it is ready.
 */
export function useSandboxRuntime(target: Target, contract: OperationContract, dispatch: Dispatch<PlaygroundAction>) {
  const sandbox = useRef<SandboxRuntime>(undefined);
  const [ready, setReady] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (target !== 'sandbox') return;
    let stopped = false;
    import('@/lib/browser/playground/sandbox-runtime')
      .then(({ startSandbox }) => {
        if (stopped) return;
        sandbox.current = startSandbox(contract, () => setVersion((current) => current + 1));
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
  const control = useCallback<SandboxControl>(
    (method, path, body) =>
      sandbox.current
        ? sandbox.current.control(method, path, body)
        : Promise.reject(new Error('the sandbox is not loaded')),
    [],
  );
  return {
    ready,
    version,
    /** The sandbox's controls, once it has loaded. */
    control: ready ? control : undefined,
    /** Forgets every change; with the sandbox off (Live), clearing its storage is the whole reset. */
    reset() {
      if (sandbox.current) sandbox.current.reset();
      else tabSandbox.clear();
    },
  };
}
