// Hostile and random input against the sandbox server and MCP's sandbox_request (#38): ids that are built-in
// property names, encodings, long and odd text, random and deeply nested bodies, wrong types and odd headers. Each
// answer must be no 5xx, within what the operation documents (or the sandbox's own 404/405/413 for a path or size),
// with an Error body naming what is wrong; the server must keep answering. fast-check gives reproducible runs
// (its seed is printed on a failure).
import fc from 'fast-check';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import { initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import type { DocsData } from '../mcp/data';
import { ToolError } from '../mcp/limits';
import { sandboxRequest } from '../mcp/tools/sandbox-request';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { createSandbox } from './sandbox';
import { createSandboxServer } from './server';
import { createSchemaValidator, type SchemaValidator } from './validator';

/**
 * How many cases a property runs: all of them in `npm test`; a tenth under `npm run mutation`, which runs the
 * tests covering each mutant once per mutant (vitest.mutation.config.ts sets KILOWISE_FUZZ_SHARE): with the whole
 * 3,000, the fuzz alone took two of the sandbox pass's five hours.
 */
const runs = (all: number) => Math.max(50, Math.round(all * Number(process.env.KILOWISE_FUZZ_SHARE ?? 1)));

let contract: OperationContract;
let validator: SchemaValidator;
let server: Server;
let base: string;

beforeAll(async () => {
  contract = await snapshotContract();
  validator = createSchemaValidator(contract.defs);
  server = createSandboxServer(contract, { log: () => {} });
  base = await listenOnLoopback(server);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const HOSTILE_TEXT = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '',
  ' ',
  '%',
  '%zz',
  '..',
  '../..',
  'dev-5b1f0c',
  'dev-77a0d2',
  'dev-3c9e41',
  'loc-8c1e52',
  'user-4711',
  'SE3',
  'XX9',
  'x'.repeat(3000),
  '\u0000',
  '\u2028',
  '😀',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '2025-03-14T18:00:00+01:00',
  'not-a-date',
  '-1',
  '1e400',
  'true',
];

const text = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 30 }));

/** Deep nesting, as text: arrays or objects `depth` levels down. */
const deep = fc
  .tuple(fc.integer({ min: 30, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A body: random JSON, the operation's example with a field changed, deep nesting, or text that is no JSON. */
function bodyFor(operation: ContractOperation) {
  const example = initialDraft(operation).body;
  const mutated = fc.tuple(fc.jsonValue({ maxDepth: 3 }), text).map(([value, key]) => {
    try {
      const parsed: unknown = JSON.parse(example || '{}');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const fields = Object.keys(parsed);
        const name = fields.length > 0 && key.length % 2 === 0 ? (fields[key.length % fields.length] ?? key) : key;
        return JSON.stringify({ ...parsed, [name]: value });
      }
    } catch {
      // the example is not JSON: send the value alone
    }
    return JSON.stringify(value);
  });
  return fc.oneof(
    mutated,
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    deep,
    fc.string({ maxLength: 50 }),
    fc.constant(example),
  );
}

interface Case {
  operation: ContractOperation;
  path: string;
  query: [string, string][];
  headers: [string, string][];
  body: string;
}

const cases = () =>
  fc.constantFrom(...contract.operations).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      path: fc.array(text, { minLength: 4, maxLength: 4 }).map((values) => {
        let index = 0;
        return operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[index++] ?? ''));
      }),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
            text,
          ),
          text,
        ),
        { maxLength: 4 },
      ),
      headers: fc.array(
        fc.tuple(fc.constantFrom('x-user-id', 'X-User-Id', 'content-type', 'accept', 'x-extra'), text),
        {
          maxLength: 3,
        },
      ),
      body: bodyFor(operation),
    }),
  );

const SANDBOX_STATUSES = new Set([404, 405, 413]);

function expectWithinContract(kase: Case, status: number, body: unknown) {
  const where = `${kase.operation.operationId} ${kase.path}`;
  expect(status, where).toBeLessThan(500);
  const documented = kase.operation.responses.find((response) => response.status === String(status));
  if (!documented) {
    // Not this operation's answer: the path no longer names it (an id with a slash), or the sandbox's own limit.
    expect(SANDBOX_STATUSES.has(status) || status === 400, `${where}: ${status}`).toBe(true);
    expect(body, where).toMatchObject({ message: expect.any(String) });
    return;
  }
  if (documented.schema !== undefined && !documented.stream) {
    const problem = validator.check(documented.schema, body);
    expect(problem, `${where} ${status}: ${JSON.stringify(problem)}`).toBeUndefined();
  }
}

describe('hostile and random input', () => {
  it('the sandbox server answers 2,000 cases with no 5xx, within the contract, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(cases(), async (kase) => {
        const url = new URL(`${base}${new URL(contract.serverUrl).pathname.replace(/\/$/, '')}${kase.path}`);
        for (const [name, value] of kase.query) url.searchParams.append(name, value);
        const headers = new Headers({ 'x-api-key': 'fuzz' });
        for (const [name, value] of kase.headers) {
          try {
            headers.set(name, value);
          } catch {
            // not a value fetch can send: leave the header out
          }
        }
        const method = kase.operation.method.toUpperCase();
        const response = await fetch(url, {
          method,
          headers,
          redirect: 'manual',
          body: method === 'GET' || method === 'HEAD' ? undefined : kase.body,
        });
        const answer = await response.text();
        let parsed: unknown = answer;
        try {
          parsed = answer ? JSON.parse(answer) : undefined;
        } catch {
          // a non-JSON answer is checked as text
        }
        expectWithinContract(kase, response.status, parsed);
      }),
      { numRuns: runs(2000) },
    );
    expect((await fetch(`${base}/v2/kilowise/countries`, { headers: { 'x-api-key': 'fuzz' } })).status).toBe(200);
  }, 120_000);

  it("MCP's sandbox_request answers 1,000 cases with no 5xx and no crash: a refusal is the tool's own error", async () => {
    const sandbox = createSandbox(contract, { validator });
    const data = { contract } as unknown as DocsData;
    await fc.assert(
      fc.asyncProperty(
        cases(),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'LINK'),
        async (kase, method) => {
          let body: unknown;
          try {
            body = JSON.parse(kase.body);
          } catch {
            body = kase.body;
          }
          try {
            const result = await sandboxRequest.run(
              data,
              {
                method,
                path: kase.path || '/',
                query: Object.fromEntries(kase.query),
                headers: Object.fromEntries(kase.headers),
                body,
              },
              { sandbox: () => sandbox },
            );
            const status = Number(/→ (\d{3})/.exec(result)?.[1]);
            expect(status, result.slice(0, 200)).toBeLessThan(500);
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(ToolError);
          }
        },
      ),
      { numRuns: runs(1000) },
    );
  }, 120_000);
});
