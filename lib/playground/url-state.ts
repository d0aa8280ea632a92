import type { OperationContract } from '../contract/operation-contract';
import { fieldKey, initialDraft, type RequestDraft } from '../contract/request-draft';

/** Where requests go: the in-browser sandbox, or the API itself with the reader's key. */
export type Target = 'sandbox' | 'live';

/** Everything a shared link reproduces: never the API key. */
export interface PlaygroundLinkState {
  operationId: string;
  target: Target;
  draft: RequestDraft;
}

/** What a link asked for and did not get: an operation the contract lacks, the live API for a request that changes data. */
export interface LinkRefusals {
  unknownOperation?: string;
  /** The link asked for the live API on an operation that is not GET or HEAD: it opens on the sandbox. */
  liveRefused?: true;
}

/**
 * Reads a playground link: `?operation={operationId}`, `target=live`, one `{in}.{name}` per parameter
 * (`path.userId`, `header.X-User-Id`) and `body`. Without a parameter or body in the link, the form
 * starts from the contract's examples; an unknown operation falls back to the first one. A link chooses the live
 * API only for a read: one click on Send must not let someone else's link delete or change the reader's data with
 * their stored key.
 */
export function readLink(contract: OperationContract, search: URLSearchParams): PlaygroundLinkState & LinkRefusals {
  const requested = search.get('operation') ?? '';
  const operation =
    contract.operations.find((candidate) => candidate.operationId === requested) ?? contract.operations[0];
  if (!operation) throw new Error('[playground] the contract has no operations');
  const askedLive = search.get('target') === 'live';
  const reads = ['GET', 'HEAD'].includes(operation.method.toUpperCase());
  const target: Target = askedLive && reads ? 'live' : 'sandbox';
  const draft = initialDraft(operation);
  const hasFields =
    operation.parameters.some((parameter) => search.has(`${parameter.in}.${parameter.name}`)) || search.has('body');
  if (hasFields) {
    draft.values = {};
    for (const parameter of operation.parameters) {
      const value = search.get(`${parameter.in}.${parameter.name}`);
      if (value !== null) draft.values[fieldKey(parameter)] = value;
    }
    draft.body = search.get('body') ?? '';
  }
  return {
    operationId: operation.operationId,
    target,
    draft,
    unknownOperation: requested && requested !== operation.operationId ? requested : undefined,
    ...(askedLive && !reads ? { liveRefused: true as const } : {}),
  };
}

/** The query string of a link that reproduces the request (the API key stays out). */
export function writeLink(state: PlaygroundLinkState): string {
  const search = new URLSearchParams({ operation: state.operationId });
  if (state.target === 'live') search.set('target', 'live');
  for (const [key, value] of Object.entries(state.draft.values)) {
    if (value !== '') search.set(key.replace(':', '.'), value);
  }
  if (state.draft.body.trim() !== '') search.set('body', state.draft.body);
  return search.toString();
}

/** The notice for what a link asked for and did not get, or '' when it got everything. */
export function refusalNotice(link: PlaygroundLinkState & LinkRefusals): string {
  const notices: string[] = [];
  if (link.unknownOperation)
    notices.push(`There is no operation "${link.unknownOperation}"; showing ${link.operationId}.`);
  if (link.liveRefused)
    notices.push(
      `The link asked for the live API; it opens on the sandbox, since ${link.operationId} changes data. Choose Live yourself to send it there.`,
    );
  return notices.join(' ');
}
