// The sandbox server that request samples run against in the tests (every language in
// lib/samples/run-against-sandbox.test.ts, the browser's fetch in e2e/samples-browser.spec.ts), and the two
// witnesses a run is checked with: the status the server gave each API key's first request, and the status the
// same request gets from a fresh sandbox in process.
import type { Server } from 'node:http';
import type { ContractOperation, OperationContract } from '../../lib/contract/operation-contract';
import { wireMethod } from '../../lib/openapi/methods';
import { sampleUrl, type SampleRequest } from '../../lib/samples/http';
import { createSandbox } from '../../lib/sandbox/sandbox';
import { createSandboxServer } from '../../lib/sandbox/server';
import { listenOnLoopback } from './loopback';

export interface SampleSandbox {
  server: Server;
  /** Its base URL on the loopback: a sample's server URL is replaced with it. */
  base: string;
  /** The status of the first answer to each API key (keys are one per run). */
  statusByKey: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A sandbox server on a free loopback port that remembers the status of each API key's first answer: a sample
 * that follows a redirect (authorize) asks again with the same key, and a browser's preflight carries none.
 */
export async function startSampleSandbox(contract: OperationContract): Promise<SampleSandbox> {
  const server = createSandboxServer(contract, { log: () => {} });
  const statusByKey = new Map<string, number>();
  server.on('request', (request, response) => {
    if (request.method === 'OPTIONS') return;
    const key = String(request.headers['x-api-key'] ?? '');
    response.on('finish', () => statusByKey.has(key) || statusByKey.set(key, response.statusCode));
  });
  const base = await listenOnLoopback(server);
  return { server, base, statusByKey, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a fresh sandbox answers the request a sample sends, in process: the status the sample must see. */
export async function directStatus(
  contract: OperationContract,
  request: SampleRequest,
  operation: ContractOperation,
): Promise<number> {
  const headers = new Headers(request.headers);
  if (request.apiKeyHeader) headers.set(request.apiKeyHeader, 'expected');
  if (request.body) headers.set('content-type', request.body.contentType);
  const answer = await createSandbox(contract).handle(
    new Request(sampleUrl(request), { method: wireMethod(operation.method), headers, body: request.body?.text }),
  );
  return answer.status;
}
