import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import { frameHeightFor, previewReducer } from '@/lib/package-playground/preview-state';
import {
  readFrameMessage,
  type FromFrame,
  type PreviewMode,
  type Theme,
  type ToFrame,
} from '@/lib/package-playground/protocol';
import type { OperationContract } from '@/lib/contract/operation-contract';
import { answerFrameRequest, type FrameSandbox } from '@/lib/browser/package-playground/frame-requests';

/**
 * The preview frame of a package playground: runs code in it, follows what it reports (ready, height, done, errors),
 * answers kilowise-client's requests from the API sandbox (loaded on the first request, or on Reset sandbox) and
 * keeps its theme in step. `latestCode` gives the code to run when the frame becomes ready. Code that is exactly an
 * example's goes with the example's compiled code, so the frame need not load its compiler for it.
 */
export function usePreviewFrame({
  mode,
  theme,
  examples,
  contract,
  latestCode,
}: {
  mode: PreviewMode;
  theme: Theme;
  examples: readonly PlaygroundExample[];
  contract?: OperationContract;
  latestCode: () => string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const runs = useRef({ latest: 0, sentAt: 0 });
  const [preview, dispatch] = useReducer(previewReducer, { status: 'loading' });
  const [height, setHeight] = useState(320);
  // The code of the last run: where code runs on Run, an edit since then leaves the preview out of date.
  const [ranCode, setRanCode] = useState<string>();
  const currentTheme = useRef(theme);
  const codeToRun = useRef(latestCode);
  useEffect(() => {
    currentTheme.current = theme;
    codeToRun.current = latestCode;
  }, [theme, latestCode]);
  const sandbox = useRef<Promise<FrameSandbox> | undefined>(undefined);
  const precompiled = useMemo(() => new Map(examples.map((example) => [example.code, example.compiled])), [examples]);

  const send = useCallback((message: ToFrame) => frame.current?.contentWindow?.postMessage(message, '*'), []);
  const loadSandbox = useCallback(() => {
    if (!contract) return undefined;
    sandbox.current ??= import('@/lib/browser/package-playground/frame-sandbox').then(({ createFrameSandbox }) =>
      createFrameSandbox(contract),
    );
    return sandbox.current;
  }, [contract]);

  const run = useCallback(
    (source: string) => {
      if (!ready.current) return;
      const runId = ++runs.current.latest;
      runs.current.sentAt = performance.now();
      setRanCode(source);
      dispatch({ type: 'run' });
      send({ kind: 'run', runId, code: source, compiled: precompiled.get(source), mode, theme: currentTheme.current });
    },
    [mode, precompiled, send],
  );

  useEffect(() => {
    function handle(message: FromFrame) {
      const latest = runs.current.latest;
      switch (message.kind) {
        case 'ready':
          ready.current = true;
          return run(codeToRun.current());
        case 'height':
          return setHeight(frameHeightFor(message.height));
        case 'done':
          return dispatch({ type: 'done', runId: message.runId, latest, ms: performance.now() - runs.current.sentAt });
        case 'error':
          return dispatch({
            type: 'error',
            runId: message.runId,
            latest,
            phase: message.phase,
            message: message.message,
          });
        case 'fetch': {
          const answering = loadSandbox();
          if (!answering || !contract) {
            const message_ = 'This playground has no API sandbox; the kilowise-client playground has one.';
            return send({ kind: 'fetch-failed', requestId: message.requestId, message: message_ });
          }
          void answerFrameRequest(answering, contract.serverUrl, message).then(send);
          return;
        }
      }
    }
    function onMessage(event: MessageEvent) {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = readFrameMessage(event.data);
      if (message) handle(message);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [contract, loadSandbox, run, send]);

  useEffect(() => {
    if (ready.current) send({ kind: 'theme', theme });
  }, [theme, send]);

  return {
    frame,
    preview,
    height,
    ranCode,
    run,
    /** Empties the API sandbox, then runs the code again. */
    async resetSandbox(source: string) {
      (await loadSandbox())?.reset();
      run(source);
    },
  };
}
