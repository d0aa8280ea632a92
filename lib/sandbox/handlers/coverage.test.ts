// The handler table against the contract (#51): every operationId of the contract has a handler, so that a renamed
// operationId cannot fall back silently to the contract's example; no handler is left for an operation the contract
// no longer has; and each operation's example request, as the playground drafts it, is answered by the simulation
// with a status the contract documents for it, its body valid against the contract's schema.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../../contract/operation-contract';
import { httpRequestOf, initialDraft } from '../../contract/request-draft';
import { snapshotContract } from '../../contract/snapshot';
import { createSandbox } from '../sandbox';
import { createSchemaValidator } from '../validator';
import { HANDLERS } from '.';

/** Operations the sandbox answers from the contract's examples on purpose, each with its reason. None today. */
const ANSWERED_FROM_EXAMPLES: Readonly<Record<string, string>> = {};

let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

describe('the handler table', () => {
  it('has a handler for every operationId of the contract, but those answered from examples for a reason', () => {
    const ids = contract.operations.map((operation) => operation.operationId);
    expect(ids.length).toBeGreaterThan(40);
    const missing = ids.filter((id) => !(id in HANDLERS) && !(id in ANSWERED_FROM_EXAMPLES));
    expect(missing).toEqual([]);
    for (const [id, reason] of Object.entries(ANSWERED_FROM_EXAMPLES)) {
      expect(ids, `${id} is listed as answered from examples but is not in the contract`).toContain(id);
      expect(reason.length, `${id} needs a reason`).toBeGreaterThan(20);
    }
  });

  it('has no handler for an operationId the contract does not have (a rename leaves none behind)', () => {
    const ids = new Set(contract.operations.map((operation) => operation.operationId));
    expect(Object.keys(HANDLERS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("answers each operation's example request with a status the contract documents, and a 2xx body of its schema", async () => {
    const validator = createSchemaValidator(contract.defs);
    const wrong: string[] = [];
    for (const operation of contract.operations) {
      // A sandbox each: a delete or a sign-out must not take away what the next operation's example names.
      const sandbox = createSandbox(contract, { validator, now: () => new Date('2025-03-14T12:00:00Z') });
      const request = httpRequestOf(operation, initialDraft(operation), contract.serverUrl);
      const response = await sandbox.handle(
        new Request(request.url, {
          method: request.method,
          headers: [...request.headers, ['x-api-key', 'coverage']],
          body: request.body,
        }),
      );
      const documented = operation.responses.map((answer) => answer.status);
      const status = String(response.status);
      if (!documented.includes(status) && !documented.includes(`${status[0]}XX`) && !documented.includes('default')) {
        wrong.push(`${operation.operationId}: ${status}, documented ${documented.join(', ')}`);
        continue;
      }
      const schema = operation.responses.find((answer) => answer.status === status)?.schema;
      const text = status.startsWith('2') && schema !== undefined ? await response.text() : '';
      if (text === '') continue;
      const problem = validator.check(schema ?? true, JSON.parse(text));
      if (problem) wrong.push(`${operation.operationId}: ${status} body, "${problem.field}" ${problem.message}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
