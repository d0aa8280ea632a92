import type { OperationContract } from '../contract/operation-contract';
import { createSandbox, type Sandbox } from './sandbox';

/** A sandbox's answer as a test reads it: the status, and the body parsed from JSON (undefined when empty). */
export interface SandboxReply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as each test needs them
}

/**
 * A partner's client of a sandbox in the test's own process, by path as a partner's code calls it: a contract path
 * under the contract's server, or a control under `/__sandbox/`, with a JSON body and the key `key`.
 */
export function sandboxClient(contract: OperationContract, sandbox: Pick<Sandbox, 'handle'>, key = 'key-a') {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<SandboxReply> => {
    const url = path.startsWith('/__sandbox/')
      ? new URL(path, contract.serverUrl).toString()
      : `${contract.serverUrl}${path}`;
    const response = await sandbox.handle(
      new Request(url, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** A client of a new sandbox of `contract` whose clock stands at `time`; throws when the clock refuses it. */
export async function sandboxAt(contract: OperationContract, time: string): Promise<ReturnType<typeof sandboxClient>> {
  const call = sandboxClient(contract, createSandbox(contract));
  const set = await call('POST', '/__sandbox/clock', { now: time });
  if (set.status !== 200)
    throw new Error(`The sandbox clock refused ${time}: ${set.status} ${JSON.stringify(set.body)}`);
  return call;
}
