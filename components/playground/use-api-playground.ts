import { useMemo, useReducer, useRef, type FormEvent, type RefObject } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import type { ContractOperation, OperationContract } from '@/lib/contract/operation-contract';
import { draftProblems, httpRequestOf } from '@/lib/contract/request-draft';
import { readAnswer, type PlaygroundAnswer } from '@/lib/playground/response';
import {
  currentOperation,
  initialPlaygroundState,
  noAnswer,
  playgroundReducer,
  sendProblem,
  type PlaygroundAction,
  type PlaygroundState,
} from '@/lib/playground/state';
import { writeLink } from '@/lib/playground/url-state';
import { playgroundLanguages, playgroundSample, SAMPLE_LANGUAGES, type SampleLanguage } from '@/lib/samples';
import { SANDBOX_HEADER } from '@/lib/sandbox/sandbox';
import { useApiKey } from './use-api-key';
import { useLinkSync, useOpenedLink } from './use-link-sync';
import { useSandboxRuntime } from './use-sandbox-runtime';
import { recordInsight } from '@/components/feedback/send';

/** What the sandbox sends as the key when the reader gives none: it accepts any. */
const SANDBOX_KEY = 'sandbox';

/** What a call of the API needs: the request, the reader's key, and where its answer goes. */
interface Exchange {
  operation: ContractOperation;
  state: PlaygroundState;
  apiKey: string;
  serverUrl: string;
  /** The operation's languages: a failure suggests the first one's command (curl). */
  languages: readonly SampleLanguage[];
  dispatch: (action: PlaygroundAction) => void;
  /** The request under way, for Stop. */
  inFlight: RefObject<AbortController | undefined>;
}

/**
 * Sends the reader's request and shows its answer as it arrives (a stream item by item), or why none came, with the
 * same request as a command to try elsewhere. Stop keeps what arrived.
 */
async function exchange({ operation, state, apiKey, serverUrl, languages, dispatch, inFlight }: Exchange) {
  const request = httpRequestOf(operation, state.draft, serverUrl);
  const headers = new Headers(request.headers);
  if (operation.apiKeyHeader)
    headers.set(operation.apiKeyHeader, apiKey.trim() || (state.target === 'sandbox' ? SANDBOX_KEY : ''));
  dispatch({ type: 'sending' });
  const started = performance.now();
  const controller = new AbortController();
  inFlight.current = controller;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      cache: 'no-store',
      signal: controller.signal,
    });
    recordInsight({
      type: 'playground_call',
      operationId: operation.operationId,
      status: response.status,
      target: state.target,
    });
    const show = (answer: PlaygroundAnswer) => dispatch({ type: 'answer', answer });
    show(await readAnswer(response, Math.round(performance.now() - started), SANDBOX_HEADER, show, controller.signal));
  } catch (error) {
    // Stop: what arrived stays on show.
    if (controller.signal.aborted) return dispatch({ type: 'stopped' });
    recordInsight({ type: 'playground_call', operationId: operation.operationId, status: 0, target: state.target });
    const curl = playgroundSample(operation, state.draft, serverUrl, languages[0] ?? SAMPLE_LANGUAGES[0]);
    const reason = error instanceof Error ? error.message : String(error);
    dispatch({
      type: 'failed',
      failure: noAnswer(state.target, serverUrl, reason, curl && 'code' in curl ? curl.code : undefined),
    });
  } finally {
    inFlight.current = undefined;
    dispatch({ type: 'sent' });
  }
}

/**
 * The API playground's state and what the reader can do with it: the request (lib/playground/state.ts, a reducer),
 * the key, the sandbox, the link in the address bar, sending and reading the answer.
 */
export function useApiPlayground(contract: OperationContract) {
  const opened = useOpenedLink(contract);
  const [state, dispatch] = useReducer(playgroundReducer, opened, initialPlaygroundState);
  const key = useApiKey();
  const sandbox = useSandboxRuntime(state.target, contract, dispatch);
  const writeNow = useLinkSync(opened, state, dispatch);
  const operation = currentOperation(contract, state);
  const problems = useMemo(() => (operation ? draftProblems(operation, state.draft) : {}), [operation, state.draft]);
  const languages = useMemo(() => (operation ? playgroundLanguages(operation) : []), [operation]);
  // The request under way, for Stop (a stream that does not end holds Send request until it is stopped).
  const inFlight = useRef<AbortController>(undefined);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!operation) return;
    const problem = sendProblem(operation, state, key.apiKey);
    if (problem && 'key' in problem) return key.setProblem(problem.key);
    if (problem) return dispatch({ type: 'notice', notice: problem.notice });
    writeNow();
    await exchange({
      operation,
      state,
      apiKey: key.apiKey,
      serverUrl: contract.serverUrl,
      languages,
      dispatch,
      inFlight,
    });
  }

  async function copyLink() {
    const link = `${window.location.origin}${window.location.pathname}?${writeLink(state)}`;
    const copied = await copyText(link);
    dispatch({
      type: 'notice',
      notice: copied
        ? 'Link copied: it reproduces this request, without your API key.'
        : 'Copy the link from the address bar.',
    });
  }

  return {
    state,
    dispatch,
    operation,
    problems,
    languages,
    key: {
      ...key,
      forget() {
        key.forget();
        dispatch({ type: 'notice', notice: 'The API key is forgotten on this device.' });
      },
    },
    /** Whether Send request can go: not while one is under way, nor before the sandbox has loaded. */
    canSend: !state.sending && (state.target !== 'sandbox' || sandbox.ready),
    send,
    /** Stops the request under way: a stream keeps the items that came. */
    stop: () => inFlight.current?.abort(),
    copyLink,
    /** For the Sandbox controls panel: the controls once the sandbox has loaded, and its version (see there). */
    sandbox: { control: sandbox.control, version: sandbox.version },
    resetSandbox() {
      sandbox.reset();
      dispatch({ type: 'sandboxReset' });
    },
  };
}
