// Every operation's curl, Node.js and Python samples, run exactly as generated (only the server URL points at
// the local sandbox server), against the status the sandbox gives the same request and the operation's response
// schema. The other languages are held by the snapshots in http.test.ts.
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePython } from '../../scripts/testing/python';
import { inPool, printedAnswer, runSample, type RunnableLanguage } from '../../scripts/testing/run-sample';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { createSandbox } from '../sandbox/sandbox';
import { createSandboxServer } from '../sandbox/server';
import { createSchemaValidator } from '../sandbox/validator';
import { httpSample, sampleUrl, type SampleRequest } from './http';
import { playgroundSampleRequest } from './index';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { wireMethod } from '../openapi/methods';

const LANGUAGES: RunnableLanguage[] = ['curl', 'node', 'python'];

let contract: OperationContract;
let python: string;
let server: Server;
let base: string;
/** The status the server gave each API key's last request: every run sends a key of its own. */
const statusByKey = new Map<string, number>();
let runs = 0;

beforeAll(async () => {
  contract = await snapshotContract();
  python = ensurePython();
  server = createSandboxServer(contract, { log: () => {} });
  server.on('request', (request, response) => {
    // The first answer: a sample that follows a redirect (authorize) asks again with the same key.
    const key = String(request.headers['x-api-key'] ?? '');
    response.on('finish', () => statusByKey.has(key) || statusByKey.set(key, response.statusCode));
  });
  base = await listenOnLoopback(server);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** What the sandbox answers the same request, sent straight to a fresh sandbox. */
async function expectedAnswer(request: SampleRequest, operation: ContractOperation): Promise<number> {
  const headers = new Headers(request.headers);
  if (request.apiKeyHeader) headers.set(request.apiKeyHeader, 'expected');
  if (request.body) headers.set('content-type', request.body.contentType);
  const answer = await createSandbox(contract).handle(
    new Request(sampleUrl(request), { method: wireMethod(operation.method), headers, body: request.body?.text }),
  );
  return answer.status;
}

/** Problems with one run: the status the server gave, what the sample printed, the body's shape. */
async function checkRun(
  operation: ContractOperation,
  language: RunnableLanguage,
  request: SampleRequest,
  edit = (code: string) => code,
): Promise<string[]> {
  const where = `${operation.operationId} (${language})`;
  const code = httpSample(language, request);
  if (typeof code !== 'string') return [`${where}: no sample: ${code.problem}`];
  const key = `ci-${operation.operationId}-${language}-${(runs += 1)}`;
  const run = await runSample(language, edit(code).split(contract.serverUrl).join(base), {
    env: { KILOWISE_API_KEY: key },
    python,
  });
  if (run.exitCode !== 0)
    return [`${where}: exited ${run.exitCode}: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`];
  const expected = await expectedAnswer(request, operation);
  const status = statusByKey.get(key);
  const problems: string[] = [];
  if (status !== expected)
    problems.push(`${where}: the sandbox answered ${status ?? 'nothing'}, the same request straight to it ${expected}`);
  const printed = printedAnswer(language, run.stdout);
  const redirected = status !== undefined && status >= 300 && status < 400;
  if (printed.status !== undefined && printed.status !== status && !redirected)
    problems.push(`${where}: printed status ${printed.status}, the server sent ${status}`);
  const response = operation.responses.find((candidate) => candidate.status === String(status));
  if (response?.schema && !redirected) {
    let body: unknown;
    try {
      body = JSON.parse(printed.body);
    } catch {
      return [...problems, `${where}: printed no JSON body: ${printed.body.slice(0, 120)}`];
    }
    const problem = createSchemaValidator(contract.defs).check(response.schema, body);
    if (problem)
      problems.push(`${where}: the ${status} body does not match its schema: ${problem.field} ${problem.message}`);
  }
  return problems;
}

describe("every operation's samples run against the sandbox server", () => {
  it('curl, Node.js and Python, for every operation of the contract', async () => {
    const tasks = contract.operations.flatMap((operation) => {
      const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
      return LANGUAGES.map((language) => () => checkRun(operation, language, request));
    });
    const problems = (await inPool(tasks, 4)).flat();
    expect(problems).toEqual([]);
    // Every operation was reached by all three.
    expect(statusByKey.size).toBe(contract.operations.length * LANGUAGES.length);
  }, 300_000);

  it('a hostile header runs as a value, not as a command, in each language', async () => {
    const operation = contract.operations.find((candidate) => candidate.operationId === 'registerCharger');
    if (!operation) throw new Error('no registerCharger');
    const marker = `/tmp/kw-sample-pwned-${process.pid}`;
    const request = playgroundSampleRequest(
      operation,
      {
        ...initialDraft(operation),
        values: { ...initialDraft(operation).values, 'header:X-User-Id': `$(touch ${marker})'"\`touch ${marker}\`` },
      },
      contract.serverUrl,
    );
    for (const language of LANGUAGES) {
      const problems = await checkRun(operation, language, request);
      expect(problems, language).toEqual([]);
      expect(existsSync(marker), language).toBe(false);
    }
  }, 60_000);

  it('a broken sample fails, naming the operation and the language', async () => {
    const operation = contract.operations.find((candidate) => candidate.operationId === 'getLocations');
    if (!operation) throw new Error('no getLocations');
    const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
    const problems = await checkRun(operation, 'python', request, (code) => code.replace('/locations', '/locatoins'));
    expect(problems.join('\n')).toMatch(
      /^getLocations \(python\): the sandbox answered 404, the same request straight to it 200/,
    );
  }, 60_000);
});

/** JSON text as tokens: white space between them out, each string as JSON.stringify writes it, numbers as written. */
const tokens = (json: string) =>
  json.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_, string?: string) =>
    string === undefined ? '' : JSON.stringify(JSON.parse(string)),
  );

describe('bodies arrive as written (#38)', () => {
  let capture: Server;
  let captureBase: string;
  /** Each run's body as the server got it, by the run's API key. */
  const received = new Map<string, string>();

  beforeAll(async () => {
    capture = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.set(String(request.headers['x-api-key']), Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    captureBase = await listenOnLoopback(capture);
  });

  afterAll(async () => {
    await new Promise((resolve) => capture.close(resolve));
  });

  it('curl, Node.js and Python send numbers no double holds, __proto__ keys and empty objects as written', async () => {
    const bodies = [
      // JavaScript and Python send this one as JSON text.
      String.raw`{"__proto__": {"x": 1, "__proto__": []}, "id": 12345678901234567890, "huge": 1e400, "tiny": -1e-400, "near": 0.30000000000000001, "e": {}, "n": {"m": {}}, "name": "it's \"q\" \\ $x ${'`'} é 😀"}`,
      // Python keeps its dict: an int of any length is exact.
      '{"__proto__": {"x": 1}, "id": 12345678901234567890123, "e": {}, "l": [], "ok": [true, false, null, 0.5]}',
      'null',
      '"text"',
      '42',
    ];
    const tasks = bodies.flatMap((text, index) =>
      LANGUAGES.map((language) => async () => {
        const key = `body-${index}-${language}`;
        const request: SampleRequest = {
          method: 'post',
          serverUrl: captureBase,
          path: '/v2/kilowise/locations',
          pathParams: {},
          query: [],
          headers: [],
          apiKeyHeader: 'x-api-key',
          body: { contentType: 'application/json', text },
        };
        const code = httpSample(language, request);
        if (typeof code !== 'string') return `${key}: ${code.problem}`;
        const run = await runSample(language, code, { env: { KILOWISE_API_KEY: key }, python });
        if (run.exitCode !== 0)
          return `${key}: exited ${run.exitCode}: ${run.stderr.trim().split('\n').slice(-2).join(' | ')}`;
        const got = received.get(key);
        return got !== undefined && tokens(got) === tokens(text) ? undefined : `${key}: sent ${got ?? 'nothing'}`;
      }),
    );
    expect((await inPool(tasks, 2)).filter(Boolean)).toEqual([]);
  }, 120_000);
});
