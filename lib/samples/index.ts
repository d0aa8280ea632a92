import type { ContractOperation } from '../contract/operation-contract';
import { sentParameters, type RequestDraft } from '../contract/request-draft';
import { clientSample } from './client';
import { httpSample, requestProblem, type SampleProblem, type SampleRequest } from './http';
import { SAMPLE_LANGUAGES, type SampleLanguage } from './languages';

export { API_KEY_ENV, httpSample, requestProblem, sampleUrl, type SampleProblem, type SampleRequest } from './http';
export { inexactNumbers } from './json';
export {
  CODE_LANGUAGE_KEY,
  DEFAULT_SAMPLE_LANGUAGE,
  SAMPLE_LANGUAGES,
  sampleLanguage,
  type HttpLanguageId,
  type SampleLanguage,
  type SampleLanguageId,
} from './languages';

/** One language's sample of a request: its code, or why there is none (a body that is not JSON, a `..` path). */
export type RequestSample = SampleLanguage & ({ code: string } | SampleProblem);

/**
 * One language's sample of a request. The HTTP languages are written from the request; kilowise-client's call is
 * `client` (the SDK's own, or written from the playground's form). A request that can have no runnable sample gets
 * its problem in every language.
 */
export function requestSample(language: SampleLanguage, request: SampleRequest, client?: string): RequestSample {
  if (language.id !== 'kilowise-client') {
    const code = httpSample(language.id, request);
    return { ...language, ...(typeof code === 'string' ? { code } : code) };
  }
  return { ...language, ...(requestProblem(request) ?? { code: client ?? '' }) };
}

/** The playground's draft as a request to write samples of: only the parameters the reader filled. */
export function playgroundSampleRequest(
  operation: ContractOperation,
  draft: RequestDraft,
  serverUrl: string,
): SampleRequest {
  const sent = sentParameters(operation, draft);
  const of = (where: string) =>
    sent
      .filter((parameter) => parameter.in === where)
      .map((parameter): [string, string] => [parameter.name, parameter.value]);
  return {
    method: operation.method,
    serverUrl,
    path: operation.path,
    pathParams: Object.fromEntries(of('path')),
    query: of('query'),
    headers: of('header'),
    apiKeyHeader: operation.apiKeyHeader,
    body:
      operation.requestBody && draft.body.trim() !== ''
        ? { contentType: operation.requestBody.contentType, text: draft.body }
        : undefined,
  };
}

/** The languages the playground offers for an operation: kilowise-client only where the SDK has a method. */
export function playgroundLanguages(operation: ContractOperation): SampleLanguage[] {
  return SAMPLE_LANGUAGES.filter((language) => language.id !== 'kilowise-client' || operation.sdkMethod !== undefined);
}

/** One language's sample of the reader's draft: the playground writes only the tab that shows. */
export function playgroundSample(
  operation: ContractOperation,
  draft: RequestDraft,
  serverUrl: string,
  language: SampleLanguage,
): RequestSample {
  const client = language.id === 'kilowise-client' ? clientSample(operation, draft, serverUrl) : undefined;
  return requestSample(language, playgroundSampleRequest(operation, draft, serverUrl), client);
}
