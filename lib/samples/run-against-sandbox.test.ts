// Every operation's samples in curl, Node.js, Python, Go, Java, C#, PHP, Ruby and Kotlin, run exactly as generated
// (only the server URL points at the local sandbox server), against the status the sandbox gives the same request
// and the operation's response schema. Each compiled language's samples are compiled once, together, in beforeAll
// (scripts/testing/sample-batch.ts says how a sample stands in one program beside the others). The browser's
// JavaScript sample runs in Chromium (e2e/samples-browser.spec.ts); kilowise-client's in client-against-sandbox.test.ts.
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePython } from '../../scripts/testing/python';
import { inPool, printedAnswer, type RunnableLanguage } from '../../scripts/testing/run-sample';
import { prepareSamples, type SampleBatch } from '../../scripts/testing/sample-batch';
import { ensureToolchains } from '../../scripts/testing/toolchains';
import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { createSchemaValidator } from '../sandbox/validator';
import { httpSample, type SampleRequest } from './http';
import { playgroundSampleRequest } from './index';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { directStatus, startSampleSandbox, type SampleSandbox } from '../../scripts/testing/sample-sandbox';

const LANGUAGES: RunnableLanguage[] = ['curl', 'node', 'python', 'go', 'java', 'csharp', 'php', 'ruby', 'kotlin'];
/** Compiled first, the slowest first: on two cores two compile at once while the scripts' samples wait. */
const PREPARE_ORDER: RunnableLanguage[] = ['kotlin', 'java', 'go', 'csharp', 'curl', 'node', 'python', 'php', 'ruby'];

let contract: OperationContract;
let python: string;
let sandbox: SampleSandbox | undefined;
let base: string;
let capture: Server;
let captureBase: string;
/** The status the server gave each API key's first request: every run sends a key of its own. */
let statusByKey = new Map<string, number>();
/** Each run's body as the capture server got it, by the run's API key. */
const received = new Map<string, string>();
let runs = 0;

/**
 * Every sample this file runs, by language, planned before anything compiles so that each compiled language is
 * compiled once: each operation's, the hostile header's, the bodies of #38 and a deliberately broken Kotlin one.
 */
const planned = new Map<RunnableLanguage, string[]>(LANGUAGES.map((language) => [language, []]));
const batches = new Map<RunnableLanguage, SampleBatch>();
/** How long each language took: its compile, and the runs of its samples added up (they run side by side). */
const timings = new Map<RunnableLanguage, { compileMs: number; runMs: number; runs: number }>();

/** Adds a sample to its language's batch, and returns its index there. */
function plan(language: RunnableLanguage, code: string): number {
  const codes = planned.get(language) ?? [];
  codes.push(code);
  planned.set(language, codes);
  return codes.length - 1;
}

const operationOf = (operationId: string): ContractOperation => {
  const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return operation;
};

/** A sample as the site shows it; a request that gets a problem in its place fails the test here. */
function sampleOf(language: RunnableLanguage, request: SampleRequest): string {
  const code = httpSample(language, request);
  if (typeof code !== 'string') throw new Error(`${language}: no sample: ${code.problem}`);
  return code;
}

/** A request to the capture server, POSTing `text` as its JSON body and nothing else. */
const bodyRequest = (text: string): SampleRequest => ({
  method: 'post',
  serverUrl: captureBase,
  path: '/v2/kilowise/locations',
  pathParams: {},
  query: [],
  headers: [],
  apiKeyHeader: 'x-api-key',
  body: { contentType: 'application/json', text },
});

const BODIES = [
  // JavaScript and Python send this one as JSON text.
  String.raw`{"__proto__": {"x": 1, "__proto__": []}, "id": 12345678901234567890, "huge": 1e400, "tiny": -1e-400, "near": 0.30000000000000001, "e": {}, "n": {"m": {}}, "name": "it's \"q\" \\ $x ${'`'} é 😀"}`,
  // Python keeps its dict: an int of any length is exact.
  '{"__proto__": {"x": 1}, "id": 12345678901234567890123, "e": {}, "l": [], "ok": [true, false, null, 0.5]}',
  'null',
  '"text"',
  '42',
];

/** The hostile header's request: a value that would run a command if it ever stood outside a literal. */
const hostileMarker = `/tmp/kw-sample-pwned-${process.pid}`;
function hostileRequest(): SampleRequest {
  const operation = operationOf('registerCharger');
  return playgroundSampleRequest(
    operation,
    {
      ...initialDraft(operation),
      values: {
        ...initialDraft(operation).values,
        'header:X-User-Id': `$(touch ${hostileMarker})'"\`touch ${hostileMarker}\``,
      },
    },
    contract.serverUrl,
  );
}

/** Indexes of the planned samples, by what they are. */
const indexes = {
  operations: new Map<string, number>(),
  hostile: new Map<RunnableLanguage, number>(),
  bodies: new Map<string, number>(),
  brokenKotlin: -1,
  brokenPython: -1,
};

/** A sample with its server URL (the one change a run makes) pointed at the local sandbox server. */
const pointed = (code: string) => code.split(contract.serverUrl).join(base);

/** Kotlin's getLocations, broken as a partner might break it: it reads the body as a number. */
function brokenKotlin(code: string): string {
  const broken = code.replace('println(response.body()?.string())', 'println(response.body()!!.string().toInt())');
  if (broken === code) throw new Error('the Kotlin sample no longer prints its body as it did');
  return broken;
}

beforeAll(async () => {
  contract = await snapshotContract();
  python = ensurePython();
  // Installed with apt as root on Debian when missing (npm test's pretest:unit does it first), else a one-line error.
  ensureToolchains(['go', 'java', 'csharp', 'php', 'ruby', 'kotlin']);
  sandbox = await startSampleSandbox(contract);
  ({ base, statusByKey } = sandbox);
  capture = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.set(String(request.headers['x-api-key']), Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  captureBase = await listenOnLoopback(capture);

  for (const operation of contract.operations) {
    const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
    for (const language of LANGUAGES)
      indexes.operations.set(
        `${operation.operationId} ${language}`,
        plan(language, pointed(sampleOf(language, request))),
      );
  }
  for (const language of LANGUAGES)
    indexes.hostile.set(language, plan(language, pointed(sampleOf(language, hostileRequest()))));
  for (const [index, text] of BODIES.entries())
    for (const language of LANGUAGES)
      indexes.bodies.set(`${index} ${language}`, plan(language, sampleOf(language, bodyRequest(text))));
  const getLocations = playgroundSampleRequest(
    operationOf('getLocations'),
    initialDraft(operationOf('getLocations')),
    contract.serverUrl,
  );
  indexes.brokenKotlin = plan('kotlin', brokenKotlin(pointed(sampleOf('kotlin', getLocations))));
  indexes.brokenPython = plan('python', pointed(sampleOf('python', getLocations)).replace('/locations', '/locatoins'));

  // Two compiles at once (two cores), the slowest first; a script language's batch is ready at once.
  await inPool(
    PREPARE_ORDER.map((language) => async () => {
      const batch = await prepareSamples(language, planned.get(language) ?? [], { python });
      batches.set(language, batch);
      timings.set(language, { compileMs: batch.compileMs, runMs: 0, runs: 0 });
    }),
    2,
  );
}, 600_000);

afterAll(async () => {
  await Promise.all([...batches.values()].map((batch) => batch.close()));
  await Promise.all([sandbox?.close(), new Promise((resolve) => capture?.close(resolve))]);
  if (process.env.KILOWISE_SAMPLE_TIMES)
    for (const [language, time] of timings)
      console.log(
        `[samples] ${language}: compiled in ${(time.compileMs / 1000).toFixed(1)} s; ${time.runs} runs, ${(time.runMs / 1000).toFixed(1)} s of runs`,
      );
});

/** Runs sample `index` of `language` with `key` as its API key, timing it. */
async function run(language: RunnableLanguage, index: number, key: string) {
  const batch = batches.get(language);
  if (!batch) throw new Error(`no batch of ${language}`);
  const started = performance.now();
  const result = await batch.run(index, { KILOWISE_API_KEY: key });
  const time = timings.get(language);
  if (time) {
    time.runMs += performance.now() - started;
    time.runs += 1;
  }
  return { result, failure: batch.failure(index, result) };
}

/**
 * Problems with one run of a planned sample: how it failed (the line, or the compiler's first error), the status the
 * server gave, what the sample printed, the body's shape. Each names the operation and the language.
 */
async function checkRun(
  operation: ContractOperation,
  language: RunnableLanguage,
  request: SampleRequest,
  index: number,
): Promise<string[]> {
  const where = `${operation.operationId} (${language})`;
  const key = `ci-${operation.operationId}-${language}-${(runs += 1)}`;
  const { result, failure } = await run(language, index, key);
  const status = statusByKey.get(key);
  const answered = `the sandbox answered ${status ?? 'nothing'}`;
  if (failure) return [`${where}: ${failure}; ${answered}`];
  const expected = await directStatus(contract, request, operation);
  const problems: string[] = [];
  if (status !== expected) problems.push(`${where}: ${answered}, the same request straight to it ${expected}`);
  const printed = printedAnswer(language, result.stdout);
  const redirected = status !== undefined && status >= 300 && status < 400;
  if (language !== 'curl' && printed.status === undefined)
    problems.push(`${where}: printed no status first: ${result.stdout.slice(0, 120)}`);
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
  it('curl, Node.js, Python, Go, Java, C#, PHP, Ruby and Kotlin, for every operation of the contract', async () => {
    const tasks = contract.operations.flatMap((operation) => {
      const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
      return LANGUAGES.map(
        (language) => () =>
          checkRun(operation, language, request, indexes.operations.get(`${operation.operationId} ${language}`) ?? -1),
      );
    });
    const problems = (await inPool(tasks, 4)).flat();
    expect(problems).toEqual([]);
    // Every operation was reached in every language.
    expect([...statusByKey.keys()].filter((key) => key.startsWith('ci-'))).toHaveLength(
      contract.operations.length * LANGUAGES.length,
    );
  }, 600_000);

  it('a hostile header runs as a value, not as a command, in each language', async () => {
    const operation = operationOf('registerCharger');
    for (const language of LANGUAGES) {
      const problems = await checkRun(operation, language, hostileRequest(), indexes.hostile.get(language) ?? -1);
      expect(problems, language).toEqual([]);
      expect(existsSync(hostileMarker), language).toBe(false);
    }
  }, 120_000);

  it('a broken sample fails, naming the operation, the language, the line and what the sandbox answered', async () => {
    const operation = operationOf('getLocations');
    const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
    // Kotlin, at run time: the line that threw, and the 200 the sandbox had sent.
    expect((await checkRun(operation, 'kotlin', request, indexes.brokenKotlin)).join('\n')).toMatch(
      /^getLocations \(kotlin\): exited 1 at line 16 \(`println\(response\.body\(\)!!\.string\(\)\.toInt\(\)\)`\): Exception in thread "main" java\.lang\.NumberFormatException: .*; the sandbox answered 200$/,
    );
    // Go, at compile time: the compiler's first error at the sample's own line, and no request sent. The good
    // sample compiled beside it still runs.
    const good = pointed(sampleOf('go', request));
    const broken = good.replace('http.DefaultClient.Do(req)', 'http.DefaultClient.Do(reqq)');
    const go = await prepareSamples('go', [good, broken], { python });
    try {
      const [fine, failed] = await Promise.all([
        go.run(0, { KILOWISE_API_KEY: 'broken-go-0' }),
        go.run(1, { KILOWISE_API_KEY: 'broken-go-1' }),
      ]);
      expect(go.failure(0, fine)).toBeUndefined();
      expect(statusByKey.get('broken-go-0')).toBe(200);
      expect(
        `getLocations (go): ${go.failure(1, failed)}; the sandbox answered ${statusByKey.get('broken-go-1') ?? 'nothing'}`,
      ).toBe(
        'getLocations (go): does not compile: line 17 (`res, _ := http.DefaultClient.Do(reqq)`): undefined: reqq; the sandbox answered nothing',
      );
    } finally {
      await go.close();
    }
    // Python, with a typo in the path: the sandbox answers 404 where the real path gives 200.
    expect((await checkRun(operation, 'python', request, indexes.brokenPython)).join('\n')).toBe(
      'getLocations (python): the sandbox answered 404, the same request straight to it 200',
    );
  }, 120_000);
});

/** JSON text as tokens: white space between them out, each string as JSON.stringify writes it, numbers as written. */
const tokens = (json: string) =>
  json.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (_, string?: string) =>
    string === undefined ? '' : JSON.stringify(JSON.parse(string)),
  );

describe('bodies arrive as written (#38)', () => {
  it('numbers no double holds, __proto__ keys and empty objects arrive as written, in every language', async () => {
    const tasks = BODIES.flatMap((text, index) =>
      LANGUAGES.map((language) => async () => {
        const key = `body-${index}-${language}`;
        const { failure } = await run(language, indexes.bodies.get(`${index} ${language}`) ?? -1, key);
        if (failure) return `${key}: ${failure}`;
        const got = received.get(key);
        return got !== undefined && tokens(got) === tokens(text) ? undefined : `${key}: sent ${got ?? 'nothing'}`;
      }),
    );
    expect((await inPool(tasks, 4)).filter(Boolean)).toEqual([]);
  }, 300_000);
});
