// Every operation's JavaScript sample (`fetch`, the tab for browsers) runs in Chromium exactly as generated, with
// only the server URL pointing at a local sandbox server, from a page on a loopback origin (the sandbox lets pages on
// 127.0.0.1 and localhost read its answers, see lib/sandbox/server.ts). The page gives the sample what it reads from
// its environment, `process.env.KILOWISE_API_KEY`, as a bundler or a runtime would. Checked as the other languages
// are in lib/samples/run-against-sandbox.test.ts: the status the sandbox gives the same request, the status the
// sample logged, and the body against the operation's response schema. Needs no build of the site: the contract is
// the one `npm run spec:build` wrote.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import {
  OPERATION_CONTRACT_PATH,
  type ContractOperation,
  type OperationContract,
} from '../lib/contract/operation-contract';
import { initialDraft } from '../lib/contract/request-draft';
import { createSchemaValidator } from '../lib/sandbox/validator';
import { httpSample } from '../lib/samples/http';
import { playgroundSampleRequest } from '../lib/samples/index';
import { directStatus, startSampleSandbox, type SampleSandbox } from '../scripts/testing/sample-sandbox';

test.describe.configure({ mode: 'serial' });

let contract: OperationContract;
let sandbox: SampleSandbox | undefined;
let sandboxBase: string;
let pageServer: Server;
let pageBase: string;
/** The samples the page serves, by path, each as a module of its own. */
const modules = new Map<string, string>();
/** The status the sandbox server gave each API key's first request. */
let statusByKey = new Map<string, number>();

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

test.beforeAll(async () => {
  if (!existsSync(OPERATION_CONTRACT_PATH))
    throw new Error(`${OPERATION_CONTRACT_PATH} is missing: run \`npm run spec:build\` (npm test builds it first)`);
  contract = JSON.parse(readFileSync(OPERATION_CONTRACT_PATH, 'utf8')) as OperationContract;
  sandbox = await startSampleSandbox(contract);
  ({ base: sandboxBase, statusByKey } = sandbox);
  // The page's origin: another port of the loopback, so every sample's fetch is a cross-origin one, as a site's is.
  pageServer = createServer((request, response) => {
    const sample = modules.get(request.url ?? '');
    if (sample !== undefined) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(sample);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Samples</title>');
  });
  pageBase = await listen(pageServer);
});

test.afterAll(async () => {
  await Promise.all([sandbox?.close(), new Promise((resolve) => pageServer?.close(resolve))]);
});

let runs = 0;

/** Runs one sample as a module of the page with its own key, and returns the problems, naming the operation. */
async function runInPage(page: Page, operation: ContractOperation, edit = (code: string) => code): Promise<string[]> {
  const where = `${operation.operationId} (javascript)`;
  const request = playgroundSampleRequest(operation, initialDraft(operation), contract.serverUrl);
  const code = httpSample('javascript', request);
  if (typeof code !== 'string') return [`${where}: no sample: ${code.problem}`];
  const key = `browser-${operation.operationId}-${(runs += 1)}`;
  const path = `/sample-${runs}.js`;
  modules.set(path, edit(code).split(contract.serverUrl).join(sandboxBase));
  const logged: string[] = [];
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'log') logged.push(message.text());
  };
  page.on('console', onConsole);
  const error = await page.evaluate(
    async ({ path, key }) => {
      (globalThis as unknown as { process: unknown }).process = { env: { KILOWISE_API_KEY: key } };
      try {
        await import(path);
        return undefined;
      } catch (thrown) {
        return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
      }
    },
    { path, key },
  );
  page.off('console', onConsole);
  const status = statusByKey.get(key);
  if (error) return [`${where}: threw ${error}; the sandbox answered ${status ?? 'nothing'}`];
  const problems: string[] = [];
  const expected = await directStatus(contract, request, operation);
  if (status !== expected)
    problems.push(`${where}: the sandbox answered ${status ?? 'nothing'}, the same request straight to it ${expected}`);
  const [printed, body = ''] = logged;
  const redirected = status !== undefined && status >= 300 && status < 400;
  if (!redirected && printed !== String(status))
    problems.push(`${where}: logged status ${printed}, the server sent ${status}`);
  const schema = operation.responses.find((candidate) => candidate.status === String(status))?.schema;
  if (schema && !redirected) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [...problems, `${where}: logged no JSON body: ${body.slice(0, 120)}`];
    }
    const problem = createSchemaValidator(contract.defs).check(schema, parsed);
    if (problem)
      problems.push(`${where}: the ${status} body does not match its schema: ${problem.field} ${problem.message}`);
  }
  return problems;
}

test("every operation's JavaScript sample runs in Chromium against the sandbox server", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(pageBase);
  const problems: string[] = [];
  for (const operation of contract.operations) problems.push(...(await runInPage(page, operation)));
  expect(problems).toEqual([]);
  expect([...statusByKey.keys()].filter((key) => key.startsWith('browser-'))).toHaveLength(contract.operations.length);
});

test('a broken JavaScript sample fails, naming the operation and what the sandbox answered', async ({ page }) => {
  await page.goto(pageBase);
  const operation = contract.operations.find((candidate) => candidate.operationId === 'getLocations');
  if (!operation) throw new Error('no getLocations');
  expect(await runInPage(page, operation, (code) => code.replace('/locations', '/locatoins'))).toEqual([
    'getLocations (javascript): the sandbox answered 404, the same request straight to it 200',
  ]);
});
