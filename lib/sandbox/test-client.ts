import type { OperationContract } from '../contract/operation-contract';
import type { World } from './domain/model';
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

/** The contract's v2 prefix, as partners' paths start. */
export const V2 = '/v2/kilowise';

/** The sample user's devices (lib/sandbox/domain/seed.ts): a car, a charger and a heat pump. */
export const SAMPLE_DEVICES = { car: 'dev-5b1f0c', charger: 'dev-77a0d2', heatPump: 'dev-3c9e41' } as const;

/** The redirect URI the tests' Smartcar flows use. */
export const REDIRECT = 'https://app.example.com/smartcar/callback';

type Client = ReturnType<typeof sandboxClient>;

/** The sandbox's timeline events of one device. */
export async function eventsOf(call: Client, deviceId: string): Promise<Record<string, unknown>[]> {
  const events = (await call('GET', '/__sandbox/events')).body.events as Record<string, unknown>[];
  return events.filter((event) => event.deviceId === deviceId);
}

/** A charger registered by hand (no automatic OCPP set-up) for `user`, put online with the device control: its id. */
export async function chargerOnline(call: Client, user: string): Promise<string> {
  const registered = await call(
    'POST',
    `${V2}/devices/register-charger`,
    { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: `PLP1-${user}`, autoSetupOCPPConnection: false },
    { 'X-User-Id': user },
  );
  const charger = registered.body.id as string;
  await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
  return charger;
}

/**
 * A tab's storage, for tests: a sandbox made with `options()` starts from the world kept here and writes it back after
 * each change, as a page's does with sessionStorage (lib/browser/playground/sandbox-store.ts).
 */
export function testTab(initial: string | null = null) {
  let text = initial;
  return {
    options: () => ({ stored: text, onChange: (world: World | null) => void (text = world && JSON.stringify(world)) }),
    /** The world's text as kept, or null when there is none. */
    text: () => text,
  };
}
