import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { blockingProblem, initialDraft, type RequestDraft } from '../contract/request-draft';
import type { PlaygroundAnswer, PlaygroundFailure } from './response';
import { refusalNotice, type LinkRefusals, type PlaygroundLinkState, type Target } from './url-state';

/** What the API playground shows, besides the API key (components/playground/use-api-key.ts keeps that). */
export interface PlaygroundState {
  operationId: string;
  target: Target;
  draft: RequestDraft;
  answer?: PlaygroundAnswer;
  failure?: PlaygroundFailure;
  sending: boolean;
  /** The status line under the buttons. */
  notice: string;
}

export type PlaygroundAction =
  /** A link opened (at load, or followed while the page is open): its request, and nothing of the last answer. */
  | { type: 'open'; link: PlaygroundLinkState; notice?: string }
  | { type: 'choose'; operation: ContractOperation }
  | { type: 'target'; target: Target }
  | { type: 'draft'; draft: RequestDraft }
  | { type: 'resetBody'; operation: ContractOperation }
  | { type: 'sending' }
  /** An answer, or the part of a streamed one that has arrived. */
  | { type: 'answer'; answer: PlaygroundAnswer }
  | { type: 'failed'; failure: PlaygroundFailure }
  | { type: 'sent' }
  /** The reader stopped the request: what arrived of a stream stays, marked stopped. */
  | { type: 'stopped' }
  | { type: 'notice'; notice: string }
  | { type: 'sandboxReset' };

/** The state a link starts: what it asked for and did not get is said in the notice. */
export function initialPlaygroundState(link: PlaygroundLinkState & LinkRefusals): PlaygroundState {
  return {
    operationId: link.operationId,
    target: link.target,
    draft: link.draft,
    sending: false,
    notice: refusalNotice(link),
  };
}

/** The API playground's state changes, one per thing the reader or the network does. */
export function playgroundReducer(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  switch (action.type) {
    case 'open':
      return { ...state, ...action.link, answer: undefined, failure: undefined, notice: action.notice ?? state.notice };
    case 'choose':
      return {
        ...state,
        operationId: action.operation.operationId,
        draft: initialDraft(action.operation),
        answer: undefined,
        failure: undefined,
        notice: '',
      };
    case 'target':
      return { ...state, target: action.target };
    case 'draft':
      return { ...state, draft: action.draft };
    case 'resetBody':
      return { ...state, draft: { ...state.draft, body: initialDraft(action.operation).body } };
    case 'sending':
      return { ...state, sending: true, failure: undefined };
    case 'answer':
      return { ...state, answer: action.answer };
    case 'failed':
      return { ...state, answer: undefined, failure: action.failure };
    case 'sent':
      return { ...state, sending: false };
    case 'stopped':
      return {
        ...state,
        answer: state.answer?.stream
          ? { ...state.answer, stream: { ...state.answer.stream, open: false, stopped: true } }
          : state.answer,
        notice: 'Stopped: the request was cancelled.',
      };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'sandboxReset':
      return {
        ...state,
        answer: undefined,
        notice: "The sandbox is reset: it holds only the contract's example data again.",
      };
  }
}

/** The operation the state names, or the contract's first. */
export function currentOperation(contract: OperationContract, state: Pick<PlaygroundState, 'operationId'>) {
  return contract.operations.find((candidate) => candidate.operationId === state.operationId) ?? contract.operations[0];
}

/** Why a request may not go out yet: the live API without a key, or a value that would change the path. */
export function sendProblem(
  operation: ContractOperation,
  state: Pick<PlaygroundState, 'target' | 'draft'>,
  apiKey: string,
): { key: string } | { notice: string } | undefined {
  if (state.target === 'live' && operation.apiKeyHeader && !apiKey.trim())
    return { key: 'Enter your API key to call the live API.' };
  const blocked = blockingProblem(operation, state.draft);
  return blocked ? { notice: `Not sent: ${blocked}.` } : undefined;
}

/** What the reader sees when a request got no answer at all. */
export function noAnswer(
  target: Target,
  serverUrl: string,
  reason: string,
  curl: string | undefined,
): PlaygroundFailure {
  return target === 'live'
    ? {
        message: `The browser got no answer from ${new URL(serverUrl).host} (${reason}). It blocked the request, because the API does not allow calls from this site (CORS), or the network failed. The request went through no other server. Run it with curl instead:`,
        curl,
      }
    : { message: `The sandbox could not answer: ${reason}` };
}
