import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { httpSample, type SampleRequest } from './http';
import { playgroundSampleRequest, requestSample } from './index';
import { SAMPLE_LANGUAGES, type HttpLanguageId } from './languages';

const HTTP_LANGUAGES = SAMPLE_LANGUAGES.map((language) => language.id).filter(
  (id): id is HttpLanguageId => id !== 'kilowise-client',
);

/** What an attacker puts in a shared link: shell substitution, quotes of every kind, templates, markup. */
const HOSTILE = `$(touch /tmp/kw-pwned)'"\`</script>#{x}\${y}\\`;

/**
 * Splits generated code into what stands inside string literals and what stands outside, for the literal forms the
 * sample languages use: '…' and "…" with backslash escapes (a shell's '…' has none), Go's `…`, C#'s """…""" and
 * Ruby's <<~'JSON' heredoc. Comments stand outside, which only makes the check stricter.
 */
function split(code: string, language: HttpLanguageId): { outside: string; inside: string[] } {
  let outside = '';
  const inside: string[] = [];
  let index = 0;
  const take = (end: string, escapes: boolean, skip: number) => {
    let cursor = index + skip;
    while (cursor < code.length && !code.startsWith(end, cursor)) cursor += escapes && code[cursor] === '\\' ? 2 : 1;
    if (cursor >= code.length)
      throw new Error(`${language}: an unterminated literal from offset ${index}:\n${code.slice(index, index + 80)}`);
    inside.push(code.slice(index + skip, cursor));
    index = cursor + end.length;
  };
  while (index < code.length) {
    const rest = code.slice(index);
    if (language === 'csharp' && rest.startsWith('"""')) take('"""', false, 3);
    else if (language === 'ruby' && rest.startsWith("<<~'JSON'\n")) take('\nJSON\n', false, 10);
    else if (language === 'go' && rest.startsWith('`')) take('`', false, 1);
    else if (language === 'curl' && rest.startsWith('\\')) {
      // A shell's \x outside quotes is the character x, quoted.
      inside.push(code.slice(index + 1, index + 2));
      index += 2;
    } else if (rest.startsWith("'")) take("'", language !== 'curl', 1);
    else if (rest.startsWith('"')) take('"', true, 1);
    else {
      outside += code[index];
      index += 1;
    }
  }
  return { outside, inside };
}

const hostileRequest = (where: 'header' | 'body' | 'path' | 'query'): SampleRequest => ({
  method: 'post',
  serverUrl: 'https://api.kilowise.io',
  path: '/v2/kilowise/users/{userId}/locations',
  pathParams: { userId: where === 'path' ? HOSTILE : 'user-4711' },
  query: where === 'query' ? [['postalCode', HOSTILE]] : [],
  headers: where === 'header' ? [['X-User-Id', HOSTILE]] : [],
  apiKeyHeader: 'x-api-key',
  body: {
    contentType: 'application/json',
    text: JSON.stringify(where === 'body' ? { name: `${HOSTILE}\n\u2028line`, [HOSTILE]: 1 } : { name: 'Home' }),
  },
});

describe('samples keep hostile values inert', () => {
  for (const language of HTTP_LANGUAGES) {
    for (const where of ['header', 'body', 'path', 'query'] as const) {
      it(`${language}: a hostile ${where} value stays inside a literal`, () => {
        const code = httpSample(language, hostileRequest(where));
        if (typeof code !== 'string') throw new Error(code.problem);
        const { outside, inside } = split(code, language);
        for (const marker of ['$(', '`', '</script>', '#{', '${'])
          expect(outside, `${language} ${where}: ${marker} outside a literal`).not.toContain(marker);
        // The value is not dropped: a header or body value stands in a literal, a URL's percent-encoded.
        if (where === 'header' || where === 'body')
          expect(
            inside.some((literal) => literal.includes('touch')),
            `${language} ${where}: the value is missing`,
          ).toBe(true);
        else expect(code).toMatch(/%24%28touch(%20|\+)%2Ftmp%2Fkw-pwned|\$\(touch%20%2Ftmp%2Fkw-pwned/);
        expect(code).not.toContain('kw-value');
      });
    }
  }

  it('the key is read from the environment in every language, never written', () => {
    for (const language of HTTP_LANGUAGES) {
      const code = httpSample(language, hostileRequest('body'));
      expect(code, language).toContain('KILOWISE_API_KEY');
    }
  });

  it('a body that is not JSON, a header with a line break and a path of .. get no sample, in any language', () => {
    const notJson = {
      ...hostileRequest('body'),
      body: { contentType: 'application/json', text: "{ name: 'x' } + alert(1)" },
    };
    const lineBreak = {
      ...hostileRequest('header'),
      headers: [['X-User-Id', 'a\nInjected: yes']] as [string, string][],
    };
    for (const [request, problem] of [
      [notJson, /not valid JSON/],
      [lineBreak, /line break/],
      [{ ...hostileRequest('path'), pathParams: { userId: '..' } }, /would change the path/],
      [{ ...hostileRequest('path'), pathParams: { userId: '%2E%2e' } }, /would change the path/],
      [{ ...hostileRequest('path'), pathParams: { userId: '.' } }, /would change the path/],
    ] as const) {
      const samples = SAMPLE_LANGUAGES.map((language) => requestSample(language, request, 'kilowise.client.code()'));
      expect(samples.map((sample) => ('problem' in sample ? 'problem' : 'code'))).toEqual(samples.map(() => 'problem'));
      for (const sample of samples) if ('problem' in sample) expect(sample.problem).toMatch(problem);
    }
  });
});

describe('samples of each request shape, in every language', () => {
  let contract: OperationContract;
  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  // A path parameter, a query, a header with a JSON body, a JSON body, and no parameter at all.
  for (const operationId of ['getDevice', 'getSpotPrices', 'registerCharger', 'addLocation', 'getCountries']) {
    it(operationId, () => {
      const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
      if (!operation) throw new Error(`no operation ${operationId}`);
      const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
      for (const language of HTTP_LANGUAGES) expect(httpSample(language, request)).toMatchSnapshot(language);
    });
  }
});
