// kilowise-client's sample of every operation, as `/api` shows it (the line that makes the client, then the SDK
// method's @example), run as a partner runs it: a TypeScript module that imports `kilowise-client`, the package of
// packages/ linked into a node_modules beside it, run by Node.js through tsx against the local sandbox server. Only
// the server URL changes; a name the sample uses without defining it (`home`, a location the reader's code already
// holds) is defined above it, from the API. Each request the sample sent must get the status a fresh sandbox gives
// the same requests in the same order, and every JSON body must match its operation's response schema.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { inPool, runProgram } from '../../scripts/testing/run-sample';
import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import { snapshotBuild } from '../contract/snapshot';
import { createRouter } from '../sandbox/router';
import { createSandbox } from '../sandbox/sandbox';
import { createSandboxServer } from '../sandbox/server';
import { createSchemaValidator } from '../sandbox/validator';

/** One request a run sent, and what the server answered. */
interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

let contract: OperationContract;
/** Each operation's kilowise-client sample as `/api` shows it. */
const samples = new Map<string, string>();
let server: Server;
let base: string;
let workDir: string;
/** Every request the server got, by API key, in order. */
const exchanges = new Map<string, Exchange[]>();
/** tsx's loader, by its file URL. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

beforeAll(async () => {
  const built = await snapshotBuild();
  contract = built.contract;
  for (const operation of built.model.tags.flatMap((tag) => tag.operations)) {
    const sample = operation.samples.find((candidate) => candidate.label === 'kilowise-client');
    if (sample) samples.set(operation.operationId, sample.code);
  }
  server = createSandboxServer(contract, { log: () => {} });
  server.on('request', (request, response) => {
    const key = String(request.headers['x-api-key'] ?? '');
    const sent: Buffer[] = [];
    const answer: Buffer[] = [];
    request.on('data', (chunk: Buffer) => sent.push(chunk));
    // What the server writes, kept as it goes out.
    const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) answer.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    }) as typeof response.write;
    const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => typeof response;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) answer.push(Buffer.from(chunk));
      return end(chunk, ...rest);
    }) as typeof response.end;
    response.on('finish', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      exchanges.set(key, [
        ...(exchanges.get(key) ?? []),
        {
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers,
          body: Buffer.concat(sent).toString('utf8'),
          status: response.statusCode,
          answer: Buffer.concat(answer).toString('utf8'),
        },
      ]);
    });
  });
  base = await listenOnLoopback(server);
  // A partner's project: the package installed under node_modules (here, a link to packages/kilowise-client).
  mkdirSync('.generated', { recursive: true });
  workDir = mkdtempSync(path.resolve('.generated', 'client-runs-'));
  mkdirSync(path.join(workDir, 'node_modules'));
  symlinkSync(path.resolve('packages/kilowise-client'), path.join(workDir, 'node_modules', 'kilowise-client'), 'dir');
}, 120_000);

afterAll(async () => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  await new Promise((resolve) => server?.close(resolve));
});

/** Names a sample may use without defining them, as the reader's code would already hold them, from the API. */
const HELD: Record<string, string> = {
  home: "const [home] = await kilowise.locations.list({ userId: 'user-4711' });",
};

/** The sample as it runs: the server URL pointed at the local server, and the names it holds defined after the client. */
function runnable(code: string): string {
  const pointed = code.split(contract.serverUrl).join(base);
  const held = Object.entries(HELD)
    .filter(
      ([name]) =>
        // Used (a spread `...home` too, a property `x.home` not), and not declared.
        new RegExp(`(^|[^.\\w$]|\\.\\.\\.)${name}\\b`, 'm').test(pointed) &&
        !new RegExp(`\\b(const|let|var)\\s+(\\[[^\\]]*)?${name}\\b`).test(pointed),
    )
    .map(([, line]) => line);
  if (held.length === 0) return pointed;
  return pointed.replace(/^(const kilowise = new KilowiseClient\(.*\);\n)/m, `$1${held.join('\n')}\n`);
}

let runs = 0;

/** Runs one operation's sample with a key of its own; returns the problems, each naming the operation. */
async function runClientSample(operation: ContractOperation, code: string): Promise<string[]> {
  const where = `${operation.operationId} (kilowise-client)`;
  const index = (runs += 1);
  const key = `client-${operation.operationId}-${index}`;
  const file = `sample-${index}.ts`;
  const source = runnable(code);
  writeFileSync(path.join(workDir, file), source);
  const run = await runProgram(process.execPath, ['--import', TSX, file], {
    cwd: workDir,
    env: { KILOWISE_API_KEY: key },
    timeoutMs: 60_000,
  });
  const sent = exchanges.get(key) ?? [];
  const answered = `the sandbox answered ${sent.map((exchange) => exchange.status).join(', ') || 'nothing'}`;
  if (run.exitCode !== 0) {
    const line = Number(new RegExp(`${file.replace('.', '\\.')}:(\\d+)`).exec(run.stderr)?.[1]);
    const text = Number.isNaN(line) ? '' : ` at line ${line} (\`${(source.split('\n')[line - 1] ?? '').trim()}\`)`;
    const error =
      run.stderr
        .split('\n')
        .map((entry) => entry.trim())
        .find((entry) => /^\w*Error\b|^\w+Error:/.test(entry)) ?? run.stderr.trim().split('\n').at(-1);
    return [`${where}: exited ${run.exitCode}${text}: ${error}; ${answered}`];
  }
  if (sent.length === 0) return [`${where}: made no request to the API`];
  const problems: string[] = [];
  // The same requests, in order, to a fresh sandbox of the same contract.
  const sandbox = createSandbox(contract);
  const expected: number[] = [];
  for (const exchange of sent) {
    const answer = await sandbox.handle(
      new Request(new URL(exchange.url, contract.serverUrl), {
        method: exchange.method,
        headers: exchange.headers,
        body: exchange.body === '' ? undefined : exchange.body,
      }),
    );
    expected.push(answer.status);
  }
  const statuses = sent.map((exchange) => exchange.status);
  if (statuses.join() !== expected.join())
    problems.push(`${where}: ${answered}, the same requests straight to it ${expected.join(', ')}`);
  const router = createRouter(contract.operations);
  const validator = createSchemaValidator(contract.defs);
  const reached = sent.map((exchange) => {
    const route = router.match(exchange.method, new URL(exchange.url, contract.serverUrl).pathname);
    return route && 'operation' in route ? route.operation : undefined;
  });
  if (!reached.some((candidate) => candidate?.operationId === operation.operationId))
    problems.push(
      `${where}: never called ${operation.operationId} (called ${reached.map((each) => each?.operationId ?? '?').join(', ')})`,
    );
  for (const [position, exchange] of sent.entries()) {
    const schema = reached[position]?.responses.find((response) => response.status === String(exchange.status))?.schema;
    if (!schema || exchange.status >= 300) continue;
    let body: unknown;
    try {
      body = JSON.parse(exchange.answer);
    } catch {
      problems.push(`${where}: the ${exchange.status} answer is no JSON: ${exchange.answer.slice(0, 120)}`);
      continue;
    }
    const problem = validator.check(schema, body);
    if (problem)
      problems.push(
        `${where}: the ${exchange.status} body does not match its schema: ${problem.field} ${problem.message}`,
      );
  }
  return problems;
}

describe("kilowise-client's samples on /api run against the sandbox server", () => {
  it('every operation that has one, through the package itself', async () => {
    expect(samples.size).toBe(contract.operations.length);
    const problems = await inPool(
      contract.operations.map(
        (operation) => () => runClientSample(operation, samples.get(operation.operationId) ?? ''),
      ),
      3,
    );
    expect(problems.flat()).toEqual([]);
  }, 600_000);

  it('a broken sample fails, naming the operation, the line and what the sandbox answered', async () => {
    const operation = contract.operations.find((candidate) => candidate.operationId === 'getLocations');
    if (!operation) throw new Error('no getLocations');
    const code = samples.get('getLocations') ?? '';
    expect(code).toContain('kilowise.locations.list(');
    const broken = code.replace('kilowise.locations.list(', 'kilowise.locations.fetchAll(');
    expect((await runClientSample(operation, broken)).join('\n')).toMatch(
      /^getLocations \(kilowise-client\): exited 1 at line 4 \(`const locations = await kilowise\.locations\.fetchAll\(\{ userId: 'user-4711' \}\);`\): TypeError: kilowise\.locations\.fetchAll is not a function; the sandbox answered nothing$/,
    );
  }, 60_000);
});
