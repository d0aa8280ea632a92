import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import { frameHeightFor, previewReducer, type PreviewEvent } from '@/lib/package-playground/preview-state';
import {
  readFrameMessage,
  type FromFrame,
  type PreviewMode,
  type Theme,
  type ToFrame,
} from '@/lib/package-playground/protocol';
import type { OperationContract } from '@/lib/contract/operation-contract';
import { answerFrameRequest, type FrameSandbox } from '@/lib/browser/package-playground/frame-requests';

type FetchMessage = Extract<FromFrame, { kind: 'fetch' }>;

/**
 * kilowise-client's API sandbox for the frame: loaded on first use (a request of the frame's, or Reset sandbox), and
 * the frame's requests answered from it. Without a contract the frame is told that this playground has none.
 */
function useFrameSandbox(contract: OperationContract | undefined, send: (message: ToFrame) => void) {
  const sandbox = useRef<Promise<FrameSandbox> | undefined>(undefined);
  const loadSandbox = useCallback(() => {
    if (!contract) return undefined;
    sandbox.current ??= import('@/lib/browser/package-playground/frame-sandbox').then(({ createFrameSandbox }) =>
      createFrameSandbox(contract),
    );
    return sandbox.current;
  }, [contract]);
  const answerFetch = useCallback(
    (message: FetchMessage) => {
      const answering = loadSandbox();
      if (!answering || !contract) {
        const message_ = 'This playground has no API sandbox; the kilowise-client playground has one.';
        return send({ kind: 'fetch-failed', requestId: message.requestId, message: message_ });
      }
      void answerFrameRequest(answering, contract.serverUrl, message).then(send);
    },
    [contract, loadSandbox, send],
  );
  return { loadSandbox, answerFetch };
}

/** Hands `handle` each message the frame sends, read and checked; messages from any other window are ignored. */
function useFrameMessages(frame: RefObject<HTMLIFrameElement | null>, handle: (message: FromFrame) => void) {
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = readFrameMessage(event.data);
      if (message) handle(message);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, handle]);
}

/** A ref that holds the latest `value`, for callbacks that read it without changing when it does. */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/** What following the frame's reports needs of the preview's state. */
interface FrameFollower {
  ready: RefObject<boolean>;
  runs: RefObject<{ latest: number; sentAt: number }>;
  codeToRun: RefObject<() => string>;
  run: (source: string) => void;
  setHeight: (height: number) => void;
  dispatch: (event: PreviewEvent) => void;
  answerFetch: (message: FetchMessage) => void;
}

/** One report of the frame: ready (run the latest code), its height, a run done or failed, a request to answer. */
function followFrame(message: FromFrame, state: FrameFollower): void {
  const latest = state.runs.current.latest;
  switch (message.kind) {
    case 'ready':
      state.ready.current = true;
      return state.run(state.codeToRun.current());
    case 'height':
      return state.setHeight(frameHeightFor(message.height));
    case 'done':
      return state.dispatch({
        type: 'done',
        runId: message.runId,
        latest,
        ms: performance.now() - state.runs.current.sentAt,
      });
    case 'error':
      return state.dispatch({
        type: 'error',
        runId: message.runId,
        latest,
        phase: message.phase,
        message: message.message,
      });
    case 'fetch':
      return state.answerFetch(message);
  }
}

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
  const currentTheme = useLatest(theme);
  const codeToRun = useLatest(latestCode);
  const precompiled = useMemo(() => new Map(examples.map((example) => [example.code, example.compiled])), [examples]);

  const send = useCallback((message: ToFrame) => frame.current?.contentWindow?.postMessage(message, '*'), []);
  const { loadSandbox, answerFetch } = useFrameSandbox(contract, send);

  const run = useCallback(
    (source: string) => {
      if (!ready.current) return;
      const runId = ++runs.current.latest;
      runs.current.sentAt = performance.now();
      setRanCode(source);
      dispatch({ type: 'run' });
      send({ kind: 'run', runId, code: source, compiled: precompiled.get(source), mode, theme: currentTheme.current });
    },
    // currentTheme is a ref (useLatest): listed for the linter, it never changes.
    [mode, precompiled, send, currentTheme],
  );

  const handle = useCallback(
    (message: FromFrame) => followFrame(message, { ready, runs, codeToRun, run, setHeight, dispatch, answerFetch }),
    [answerFetch, run, codeToRun],
  );
  useFrameMessages(frame, handle);

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
