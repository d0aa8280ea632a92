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
 * sample languages use: '…' and "…" with backslash escapes (a shell's '…' has none), Go's `…`, Ruby's <<~'JSON' heredoc, JavaScript's String.raw`…` and Python's r'''…'''. Comments stand outside, which only
 * makes the check stricter.
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
    if ((language === 'javascript' || language === 'node') && rest.startsWith('`')) take('`', false, 1);
    else if (language === 'python' && rest.startsWith("r'''")) take("'''", false, 4);
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

/** Where a hostile value goes; `body as text` adds a number JavaScript, Python and PHP send as JSON text. */
type Where = 'header' | 'body' | 'body as text' | 'path' | 'query';

const HOSTILE_BODY = JSON.stringify({ name: `${HOSTILE}\n\u2028line`, [HOSTILE]: 1 });

const hostileRequest = (where: Where): SampleRequest => ({
  method: 'post',
  serverUrl: 'https://api.kilowise.io',
  path: '/v2/kilowise/users/{userId}/locations',
  pathParams: { userId: where === 'path' ? HOSTILE : 'user-4711' },
  query: where === 'query' ? [['postalCode', HOSTILE]] : [],
  headers: where === 'header' ? [['X-User-Id', HOSTILE]] : [],
  apiKeyHeader: 'x-api-key',
  body: {
    contentType: 'application/json',
    text:
      where === 'body'
        ? HOSTILE_BODY
        : where === 'body as text'
          ? HOSTILE_BODY.replace(/\}$/, ', "x": 1e400}')
          : JSON.stringify({ name: 'Home' }),
  },
});

describe('samples keep hostile values inert', () => {
  for (const language of HTTP_LANGUAGES) {
    for (const where of ['header', 'body', 'body as text', 'path', 'query'] as const) {
      it(`${language}: a hostile ${where} value stays inside a literal`, () => {
        const code = httpSample(language, hostileRequest(where));
        if (typeof code !== 'string') throw new Error(code.problem);
        const { outside, inside } = split(code, language);
        for (const marker of ['$(', '`', '</script>', '#{', '${'])
          expect(outside, `${language} ${where}: ${marker} outside a literal`).not.toContain(marker);
        // The value is not dropped: a header or body value stands in a literal, a URL's percent-encoded.
        if (where === 'header' || where.startsWith('body'))
          expect(
            inside.some((literal) => literal.includes('touch')),
            `${language} ${where}: the value is missing`,
          ).toBe(true);
        else expect(code).toMatch(/%24%28touch(%20|\+)%2Ftmp%2Fkw-pwned|\$\(touch%20%2Ftmp%2Fkw-pwned/);
        expect(code).not.toContain('kw-value');
        // Sent as written, in JavaScript, Python and PHP as JSON text.
        if (where === 'body as text') expect(code).toMatch(/"x\\?": 1e400\b/);
      });
    }
  }

  it('the key is read from the environment in every language, never written', () => {
    for (const language of HTTP_LANGUAGES) {
      const code = httpSample(language, hostileRequest('body'));
      expect(code, language).toContain('KILOWISE_API_KEY');
    }
  });

  it('a body that is not JSON or holds text no sample carries, a header with a line break or beyond ASCII, and a path of .. get no sample, in any language', () => {
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
      // The third probe: each language sent é differently or threw; ESC and U+202E went raw into the literals.
      [withHeader('caf\u00e9'), /printable ASCII only, not U\+00E9/],
      [withHeader('a\u001b[31m'), /printable ASCII only, not U\+001B/],
      [withHeader('a\u202eb'), /printable ASCII only, not U\+202E/],
      [
        { ...hostileRequest('body'), body: { contentType: 'application/json', text: '{"name":"\\ud800"}' } },
        /U\+D800, half of a pair/,
      ],
      [
        { ...hostileRequest('body'), body: { contentType: 'application/json', text: '{"\\udc00":1}' } },
        /U\+DC00, half of a pair/,
      ],
      [
        { ...hostileRequest('body'), body: { contentType: 'application/json', text: '{"name":"exe\u202etxt"}' } },
        /U\+202E, a bidirectional control/,
      ],
    ] as const) {
      const samples = SAMPLE_LANGUAGES.map((language) => requestSample(language, request, 'kilowise.client.code()'));
      expect(samples.map((sample) => ('problem' in sample ? 'problem' : 'code'))).toEqual(samples.map(() => 'problem'));
      for (const sample of samples) if ('problem' in sample) expect(sample.problem).toMatch(problem);
    }
  });
});

/** The hostile header's request with another value of X-User-Id. */
const withHeader = (value: string): SampleRequest => ({ ...hostileRequest('header'), headers: [['X-User-Id', value]] });

/** A POST of `text` as its JSON body, and nothing else hostile. */
const bodyRequest = (text: string): SampleRequest => ({
  method: 'post',
  serverUrl: 'https://api.kilowise.io',
  path: '/v2/kilowise/locations',
  pathParams: {},
  query: [],
  headers: [],
  apiKeyHeader: 'x-api-key',
  body: { contentType: 'application/json', text },
});

/** Runs a JavaScript or Node.js sample with a fetch that keeps what it is given, and returns the body it sent. */
async function sentByJs(language: 'javascript' | 'node', text: string): Promise<unknown> {
  const code = httpSample(language, bodyRequest(text));
  if (typeof code !== 'string') throw new Error(code.problem);
  const sent: unknown[] = [];
  const fetch = (_url: string, init: { body?: unknown }) => {
    sent.push(init.body);
    return Promise.resolve({ status: 200, text: () => Promise.resolve('') });
  };
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction('fetch', 'process', 'console', code)(fetch, { env: { KILOWISE_API_KEY: 'k' } }, { log() {} });
  expect(sent, language).toHaveLength(1);
  return sent[0];
}

/** JSON text with the white space between tokens taken out: strings and numbers as written. */
const tokens = (json: string) => json.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_, string?: string) => string ?? '');

describe('samples send the body as written (#38)', () => {
  it('JavaScript and Node.js keep a __proto__ key a key, at any depth', async () => {
    const text = '{"__proto__": {"x": 1, "__proto__": {"y": [2]}}, "a": [{"__proto__": null}]}';
    for (const language of ['javascript', 'node'] as const) {
      const sent = await sentByJs(language, text);
      expect(typeof sent, language).toBe('string');
      expect(JSON.stringify(JSON.parse(String(sent))), language).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it('a number no double holds keeps its text in every language', async () => {
    const numbers = ['12345678901234567890', '1e400', '-1e-400', '0.30000000000000001'];
    const text = `{"big": ${numbers[0]}, "huge": ${numbers[1]}, "tiny": ${numbers[2]}, "near": ${numbers[3]}, "fine": [0.5, 42]}`;
    for (const language of HTTP_LANGUAGES) {
      const code = httpSample(language, bodyRequest(text));
      if (typeof code !== 'string') throw new Error(code.problem);
      for (const number of numbers) expect(code, `${language}: ${number}`).toContain(number);
      expect(code, language).not.toMatch(/12345678901234567000|\bnull\b|None/);
    }
    for (const language of ['javascript', 'node'] as const)
      expect(tokens(String(await sentByJs(language, text))), language).toBe(tokens(text));
  });

  it('JavaScript, Python and PHP say why they send the body as JSON text, and only when a number needs it', () => {
    const sample = (language: HttpLanguageId, text: string) => {
      const code = httpSample(language, bodyRequest(text));
      if (typeof code !== 'string') throw new Error(code.problem);
      return code;
    };
    const text = '{"id": 12345678901234567890123, "ratio": 0.30000000000000001}';
    expect(sample('javascript', text)).toMatch(
      /^\/\/ A JavaScript number cannot hold 12345678901234567890123 and 0\.30000000000000001 exactly, so the body\n\/\/ is sent as JSON text, as written\.\n/,
    );
    // A Python int is exact up to 4300 digits; a float is a double.
    expect(sample('python', text)).toContain('# A Python float cannot hold 0.30000000000000001 exactly');
    expect(sample('python', '{"id": 12345678901234567890123}')).toContain(
      'json={\n      "id": 12345678901234567890123\n',
    );
    expect(sample('php', text)).toContain(
      '// A PHP number cannot hold 12345678901234567890123 and 0.30000000000000001',
    );
    expect(sample('python', `{"id": ${'9'.repeat(4301)}}`)).toContain('# A Python float cannot hold 99999');
    // A PHP int has 64 bits, and PHP reads -9223372036854775808 as the minus of a float.
    expect(sample('php', '{"id": 9223372036854775807}')).toContain("json_encode([\n  'id' => 9223372036854775807\n])");
    expect(sample('php', '{"id": -9223372036854775808}')).toContain('// A PHP number cannot hold -9223372036854775808');
    for (const language of HTTP_LANGUAGES)
      expect(sample(language, '{"a": 0.1, "b": 1e2}')).not.toContain('cannot hold');
  });

  it('PHP keeps an empty object, and an object with keys 0, 1…, an object, at any depth', () => {
    const code = httpSample(
      'php',
      bodyRequest('{"e": {}, "n": {"m": {}}, "l": [], "o": {"0": "a", "1": "b"}, "a": [{}]}'),
    );
    expect(code).toContain("'e' => new stdClass()");
    expect(code).toContain("'m' => new stdClass()");
    expect(code).toContain("'l' => []");
    expect(code).toContain("'o' => (object) [\n    '0' => 'a',\n    '1' => 'b'\n  ]");
    expect(code).toContain("'a' => [\n    new stdClass()\n  ]");
    expect(httpSample('php', bodyRequest('{}'))).toContain('json_encode(new stdClass())');
  });

  it('C# escapes U+0085, U+2028 and U+2029, which end a regular string literal', () => {
    const text = 'a\u0085b\u2028c\u2029d';
    // In the body: a header can hold printable ASCII only (requestProblem).
    const code = httpSample('csharp', bodyRequest(JSON.stringify({ name: text })));
    if (typeof code !== 'string') throw new Error(code.problem);
    expect(code).not.toMatch(/[\u0085\u2028\u2029]/);
    // The body is a regular string (Mono's compiler reads no raw """ literal), holding the JSON's own \u escapes.
    expect(code).toContain('\\"name\\": \\"a\\\\u0085b\\\\u2028c\\\\u2029d\\"');
  });
});

/** A request of `method` to a URL with a query, with or without a JSON body. */
const methodRequest = (method: string, body = false): SampleRequest => ({
  ...bodyRequest('{"a": 1}'),
  method,
  query: [['from', '2025-03-14']],
  body: body ? { contentType: 'application/json', text: '{"a": 1}' } : undefined,
});

const sampleOf = (language: HttpLanguageId, request: SampleRequest) => {
  const code = httpSample(language, request);
  if (typeof code !== 'string') throw new Error(code.problem);
  return code;
};

describe('samples send the method and the URL as they are', () => {
  it('a method of its own keeps its case in every language (the library upper-cases it)', () => {
    const expected: Record<HttpLanguageId, string[]> = {
      curl: ['--request Purge'],
      javascript: ["method: 'Purge'"],
      node: ["method: 'Purge'"],
      python: ['requests.request(\n    "Purge",\n    "https://'],
      go: ['http.NewRequest("Purge", url, nil)'],
      java: ['.method("Purge", HttpRequest.BodyPublishers.noBody())'],
      csharp: ['new HttpMethod("Purge")'],
      php: ["curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'Purge');"],
      ruby: [
        "class Net::HTTP::CustomRequest < Net::HTTPRequest\n  METHOD = 'Purge'",
        'Net::HTTP::CustomRequest.new(url)',
      ],
      kotlin: ['.method("Purge", null)'],
    };
    for (const language of HTTP_LANGUAGES) {
      const code = sampleOf(language, methodRequest('Purge'));
      for (const text of expected[language]) expect(code, language).toContain(text);
      expect(code, language).not.toMatch(/PURGE|kw-value/);
    }
  });

  it('a method holding the characters a method may hold stays inside a literal', () => {
    const method = "X`|'#$&Y";
    for (const language of HTTP_LANGUAGES) {
      const code = sampleOf(language, methodRequest(method, true));
      const { outside, inside } = split(code, language);
      expect(outside, language).not.toContain('`');
      expect(outside, language).not.toContain('|');
      expect(
        inside.some((literal) => literal.includes('X`|')),
        `${language}: the method is missing`,
      ).toBe(true);
    }
  });

  it('Python calls requests.request for a method requests has no function for (QUERY, TRACE)', () => {
    expect(sampleOf('python', methodRequest('query', true))).toMatch(
      /^response = requests\.request\(\n {4}"QUERY",\n/m,
    );
    expect(sampleOf('python', methodRequest('trace'))).toContain('requests.request(\n    "TRACE",');
    expect(sampleOf('python', methodRequest('put', true))).toContain('requests.put(\n');
  });

  it('PHP names every method but GET and POST (curl would send a PUT with a body as a POST), and a HEAD has no body', () => {
    for (const method of ['put', 'patch', 'delete', 'options'])
      expect(sampleOf('php', methodRequest(method, true)), method).toContain(
        `curl_setopt($ch, CURLOPT_CUSTOMREQUEST, '${method.toUpperCase()}');`,
      );
    expect(sampleOf('php', methodRequest('head'))).toContain('curl_setopt($ch, CURLOPT_NOBODY, true);');
    for (const method of ['get', 'post'])
      expect(sampleOf('php', methodRequest(method))).not.toMatch(/CUSTOMREQUEST|NOBODY/);
  });

  it('Kotlin sends an empty body for a POST, PUT or PATCH without one (OkHttp 3 throws for null)', () => {
    for (const method of ['post', 'put', 'patch']) {
      const code = sampleOf('kotlin', methodRequest(method));
      expect(code, method).toContain(`.${method}(RequestBody.create(null, ""))`);
      expect(code, method).toContain('import okhttp3.RequestBody');
    }
    expect(sampleOf('kotlin', methodRequest('PROPPATCH'))).toContain(
      '.method("PROPPATCH", RequestBody.create(null, ""))',
    );
    expect(sampleOf('kotlin', methodRequest('delete'))).toContain('.delete(null)');
  });

  it("curl's URL is quoted unless every character is plain: ?, & and * mean something to a shell", () => {
    expect(sampleOf('curl', methodRequest('get'))).toMatch(
      /^curl 'https:\/\/api\.kilowise\.io\/v2\/kilowise\/locations\?from=2025-03-14' \\\n/,
    );
    expect(sampleOf('curl', { ...methodRequest('get'), query: [] })).toMatch(
      /^curl https:\/\/api\.kilowise\.io\/v2\/kilowise\/locations \\\n/,
    );
    expect(sampleOf('curl', { ...methodRequest('get'), query: [['q', 'a*b']] })).toContain(
      "curl 'https://api.kilowise.io/v2/kilowise/locations?q=a*b'",
    );
    // curl reads [] as a range, whatever the shell's quotes.
    expect(sampleOf('curl', { ...methodRequest('get'), path: '/v2/items[0]', query: [] })).toMatch(
      /^curl 'https:\/\/api\.kilowise\.io\/v2\/items\[0\]' \\\n {2}--globoff \\\n/,
    );
  });
});

// Every operation's sample runs against the sandbox in every language (run-against-sandbox.test.ts, the e2e suite's
// samples-browser.spec.ts), which holds what each sample does. What a run does not see is how a sample reads: one
// snapshot of the operation with the most parts (a header, a JSON body, the key) keeps that under review, so that a
// new @scalar/snippetz, or a change here, shows its layout in the diff.
describe("the samples' layout, in every language", () => {
  let contract: OperationContract;
  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  it('registerCharger', () => {
    const operation = contract.operations.find((candidate) => candidate.operationId === 'registerCharger');
    if (!operation) throw new Error('no operation registerCharger');
    const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
    for (const language of HTTP_LANGUAGES) expect(httpSample(language, request)).toMatchSnapshot(language);
  });
});
