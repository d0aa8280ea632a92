import type { PlaygroundOperation } from '../playground/contract';
import { sentParameters, type RequestDraft } from '../playground/request';
import { clientSample } from './client';
import { httpSample, requestProblem, type SampleProblem, type SampleRequest } from './http';
import { SAMPLE_LANGUAGES, type SampleLanguage } from './languages';

export { API_KEY_ENV, httpSample, requestProblem, sampleUrl, type SampleProblem, type SampleRequest } from './http';
export { CODE_LANGUAGE_KEY, DEFAULT_SAMPLE_LANGUAGE, SAMPLE_LANGUAGES, sampleLanguage, type HttpLanguageId, type SampleLanguage, type SampleLanguageId } from './languages';

/** One language's sample of a request: its code, or why there is none (a body that is not JSON, a `..` path). */
export type RequestSample = SampleLanguage & ({ code: string } | SampleProblem);

/**
 * The request in every sample language, in tab order. `client` is the kilowise-client code, when the operation
 * has a method in the SDK; without it that tab is left out.
 */
export function requestSamples(request: SampleRequest, client?: string): RequestSample[] {
  const problem = requestProblem(request);
  return SAMPLE_LANGUAGES.flatMap((language): RequestSample[] => {
    if (language.id === 'kilowise-client') return client === undefined ? [] : [{ ...language, ...(problem ?? { code: client }) }];
    const sample = httpSample(language.id, request);
    return [{ ...language, ...(typeof sample === 'string' ? { code: sample } : sample) }];
  });
}

/** The playground's draft as a request to write samples of: only the parameters the reader filled. */
export function playgroundSampleRequest(operation: PlaygroundOperation, draft: RequestDraft, serverUrl: string): SampleRequest {
  const sent = sentParameters(operation, draft);
  const of = (where: string) => sent.filter((parameter) => parameter.in === where).map((parameter): [string, string] => [parameter.name, parameter.value]);
  return {
    method: operation.method,
    serverUrl,
    path: operation.path,
    pathParams: Object.fromEntries(of('path')),
    query: of('query'),
    headers: of('header'),
    apiKeyHeader: operation.apiKeyHeader,
    body: operation.requestBody && draft.body.trim() !== '' ? { contentType: operation.requestBody.contentType, text: draft.body } : undefined,
  };
}

/** The playground's "Request as code": every language, from the reader's draft. */
export function playgroundSamples(operation: PlaygroundOperation, draft: RequestDraft, serverUrl: string): RequestSample[] {
  return requestSamples(playgroundSampleRequest(operation, draft, serverUrl), clientSample(operation, draft, serverUrl));
}

/** The languages the playground offers for an operation: kilowise-client only where the SDK has a method. */
export function playgroundLanguages(operation: PlaygroundOperation): SampleLanguage[] {
  return SAMPLE_LANGUAGES.filter((language) => language.id !== 'kilowise-client' || operation.sdkMethod !== undefined);
}

/** One language's sample of the reader's draft: the playground writes only the tab that shows. */
export function playgroundSample(operation: PlaygroundOperation, draft: RequestDraft, serverUrl: string, language: SampleLanguage): RequestSample {
  const request = playgroundSampleRequest(operation, draft, serverUrl);
  if (language.id !== 'kilowise-client') {
    const code = httpSample(language.id, request);
    return { ...language, ...(typeof code === 'string' ? { code } : code) };
  }
  const problem = requestProblem(request);
  return { ...language, ...(problem ?? { code: clientSample(operation, draft, serverUrl) ?? '' }) };
}
