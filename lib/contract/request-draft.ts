import { isDotSegment } from '../openapi/path-segments';
import type { ContractOperation, ContractParameter } from './operation-contract';
import { wireMethod } from '../openapi/methods';
import { fillTemplate } from '../openapi/path-template';

/** What the reader has typed: each parameter's text by `fieldKey`, and the body as text. */
export interface RequestDraft {
  values: Record<string, string>;
  body: string;
}

/** A request ready for `fetch`, without the API key (that is added at sending, never stored here). */
export interface HttpRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** A form field's key: `path:userId`, `header:X-User-Id`. */
export const fieldKey = (parameter: Pick<ContractParameter, 'in' | 'name'>) => `${parameter.in}:${parameter.name}`;

/** A parameter's text as the value its schema describes; a message when it cannot be one. */
export function parameterValue(
  parameter: Pick<ContractParameter, 'type'>,
  text: string,
): { value: unknown } | { problem: string } {
  switch (parameter.type) {
    case 'integer':
      return /^-?\d+$/.test(text.trim()) ? { value: Number(text) } : { problem: 'must be an integer' };
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text))
        ? { value: Number(text) }
        : { problem: 'must be a number' };
    case 'boolean':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: 'must be true or false' };
    case 'array':
      return {
        value: text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      };
    default:
      return { value: text };
  }
}

/** The draft a fresh form starts with: required parameters and the body filled with the contract's examples. */
export function initialDraft(operation: ContractOperation): RequestDraft {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.required && parameter.example !== undefined) values[fieldKey(parameter)] = parameter.example;
  }
  return { values, body: operation.requestBody?.example ?? '' };
}

/** The parameters the request sends: those with a value, in the contract's order. */
export function sentParameters(
  operation: ContractOperation,
  draft: RequestDraft,
): (ContractParameter & { value: string })[] {
  return operation.parameters.flatMap((parameter) => {
    const value = draft.values[fieldKey(parameter)]?.trim() ?? '';
    return value === '' ? [] : [{ ...parameter, value }];
  });
}

/** The URL, headers and body the draft makes. A path parameter left empty stays empty, as a reader would send it. */
export function httpRequestOf(operation: ContractOperation, draft: RequestDraft, serverUrl: string): HttpRequest {
  const parameters = sentParameters(operation, draft);
  const path = fillTemplate(operation.path, (name) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return parameter ? encodeURIComponent(parameter.value) : '';
  });
  const query = new URLSearchParams(
    parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.value]),
  );
  const search = query.toString();
  const headers: [string, string][] = parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => [parameter.name, parameter.value]);
  const body = operation.requestBody && draft.body.trim() !== '' ? draft.body : undefined;
  if (body !== undefined) headers.push(['content-type', operation.requestBody?.contentType ?? 'application/json']);
  return {
    method: wireMethod(operation.method),
    url: `${serverUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`,
    headers,
    body,
  };
}

/** A browser resolves "." and ".." (encoded or not) as path segments: the request would reach another endpoint. */
function dotSegmentProblem(parameter: ContractParameter, value: string): string | undefined {
  return parameter.in === 'path' && isDotSegment(value)
    ? `${parameter.name} cannot be "${value.trim()}": it would change the path`
    : undefined;
}

/** A problem that stops the request from being sent at all, rather than sent for the API to refuse. */
export function blockingProblem(operation: ContractOperation, draft: RequestDraft): string | undefined {
  for (const parameter of operation.parameters) {
    const problem = dotSegmentProblem(parameter, draft.values[fieldKey(parameter)] ?? '');
    if (problem) return problem;
  }
  return undefined;
}

/** Problems to show at each field before sending: empty required parameters and a body that is not JSON. */
export function draftProblems(operation: ContractOperation, draft: RequestDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = draft.values[fieldKey(parameter)]?.trim() ?? '';
    const typed = value === '' ? undefined : parameterValue(parameter, value);
    const dotSegment = dotSegmentProblem(parameter, value);
    if (parameter.required && value === '') problems[fieldKey(parameter)] = `${parameter.name} is required`;
    else if (typed && 'problem' in typed) problems[fieldKey(parameter)] = `${parameter.name} ${typed.problem}`;
    else if (dotSegment) problems[fieldKey(parameter)] = dotSegment;
    // Browsers refuse to send a header value outside printable ASCII; say so before fetch throws.
    else if (parameter.in === 'header' && /[^\x20-\x7e]/.test(value))
      problems[fieldKey(parameter)] = `${parameter.name} is a header: use ASCII letters, digits and punctuation only`;
  }
  if (operation.requestBody && draft.body.trim() !== '') {
    try {
      JSON.parse(draft.body);
    } catch (error) {
      problems.body = `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
  } else if (operation.requestBody?.required) {
    problems.body = 'This operation needs a request body';
  }
  return problems;
}
