// The fifth probe's findings on the sandbox, as bench scenarios (#55): another key's request while one key floods the
// sandbox server (budget: p95 ≤ 50 ms), and moving the clock a year with 10 devices (budget: ≤ 2 s, every event in
// place: the charge due on the first night happens on it, and prices are published on each of the last days).
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationContract } from '../../lib/contract/operation-contract';
import { createSandbox } from '../../lib/sandbox/sandbox';
import { createSandboxServer } from '../../lib/sandbox/server';
import { createSchemaValidator } from '../../lib/sandbox/validator';
import { quantile } from './quantile';

export interface FloodFigures {
  /** Requests the flooding key had in flight at once, and for how long it flooded. */
  floodConcurrency: number;
  floodSeconds: number;
  floodAnswered: number;
  floodRefused: number;
  /** The other key's requests, one after another, while the flood ran. */
  otherRequests: number;
  otherP50Ms: number;
  otherP95Ms: number;
  /** The same key's requests with nothing else running, for comparison. */
  quietP95Ms: number;
}

export interface ClockYearFigures {
  devices: number;
  yearMs: number;
  /** Whether the plug-in's charge happened on the first night, and how many of the last 10 days had a publication. */
  firstNightCharged: boolean;
  lastDaysPublished: number;
}

/** One request over its own agent's connections; resolves with the status once the body is read. */
function send(agent: Agent, port: number, key: string, method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const LOCATIONS = '/v2/kilowise/users/user-4711/locations';
const READS = [LOCATIONS, '/v2/kilowise/devices?userId=user-4711', '/__sandbox/clock'];

/**
 * The sandbox server on `port` (0: the system's choice); one key floods it with `concurrency` requests always in
 * flight (reads, and a command in four: moving its clock an hour) for `seconds`, while another key reads one request
 * after another; the other key's times, and before the flood the same reads alone.
 */
export async function measureFloodFairness(
  contract: OperationContract,
  { port = 0, concurrency = 64, seconds = 5 } = {},
): Promise<FloodFigures> {
  const server = createSandboxServer(contract, { log: () => {} });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: at } = server.address() as AddressInfo;
  const floodAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const otherAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const timeOther = async (count: number, until?: () => boolean) => {
      const times: number[] = [];
      for (let index = 0; until ? !until() : index < count; index += 1) {
        const started = performance.now();
        await send(otherAgent, at, 'bench-other', 'GET', READS[index % READS.length] ?? LOCATIONS);
        times.push(performance.now() - started);
        // A partner's suite does something between calls; the figure is a request's time, not a saturated loop's.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return times;
    };
    await timeOther(20);
    const quiet = await timeOther(200);
    let answered = 0;
    let refused = 0;
    const end = performance.now() + seconds * 1000;
    const flooding = () => performance.now() < end;
    const worker = async (index: number) => {
      for (let call = index; flooding(); call += 1) {
        const status =
          call % 4 === 0
            ? await send(floodAgent, at, 'bench-flood', 'POST', '/__sandbox/clock', '{"advance":"PT1H"}')
            : await send(floodAgent, at, 'bench-flood', 'GET', READS[call % READS.length] ?? LOCATIONS);
        if (status === 429) refused += 1;
        else answered += 1;
      }
    };
    const workers = Array.from({ length: concurrency }, (_, index) => worker(index));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const other = await timeOther(0, () => !flooding());
    await Promise.all(workers);
    return {
      floodConcurrency: concurrency,
      floodSeconds: seconds,
      floodAnswered: answered,
      floodRefused: refused,
      otherRequests: other.length,
      otherP50Ms: quantile(other, 0.5),
      otherP95Ms: quantile(other, 0.95),
      quietP95Ms: quantile(quiet, 0.95),
    };
  } finally {
    floodAgent.destroy();
    otherAgent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Moves the clock of a sandbox with 10 devices (the sample's three and seven cars, each plugged in at home with
 * preferences) by P366D through the control, and checks that the move played every day: the sample car, plugged in
 * at 40% when the move starts, charged on the first night, and each of the last 10 days had its prices published.
 */
export async function measureClockYear(contract: OperationContract): Promise<ClockYearFigures> {
  const start = '2025-03-14T12:00:00Z';
  const sandbox = createSandbox(contract, {
    validator: createSchemaValidator(contract.defs),
    now: () => new Date(start),
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const url = path.startsWith('/__sandbox')
      ? new URL(path, contract.serverUrl).toString()
      : `${contract.serverUrl}${path}`;
    const response = await sandbox.handle(
      new Request(url, {
        method,
        headers: { 'x-api-key': 'bench', 'content-type': 'application/json', 'x-user-id': 'user-4711' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (response.status >= 400) throw new Error(`[bench] ${method} ${path} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  await call('POST', '/__sandbox/clock', { now: start });
  for (let index = 0; index < 7; index += 1) {
    const { deviceId } = (await call('POST', '/v1/kilowise/devices/smartcar/connect', {
      authCode: `bench-year-${index}`,
      redirectUrl: 'https://bench.example/callback',
    })) as { deviceId: string };
    await call('PUT', `/v2/kilowise/devices/${deviceId}/smart-charging/ev-preferences`, {
      chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      chargingLocationIds: ['loc-8c1e52'],
      readyTime: '07:00',
      targetSoC: 90,
    });
  }
  const car = 'dev-5b1f0c';
  await call('PATCH', `/__sandbox/devices/${car}`, { pluggedIn: false });
  await call('PATCH', `/__sandbox/devices/${car}`, { soc: 40, pluggedIn: true });
  const devices = sandbox.world().devices.length;
  const started = performance.now();
  const { now } = (await call('POST', '/__sandbox/clock', { advance: 'P366D' })) as { now: string };
  const yearMs = performance.now() - started;
  const firstDay = Date.parse(start) + 24 * 3_600_000;
  const sessions = sandbox.world().devices.find((device) => device.id === car)?.sessions ?? [];
  const firstNightCharged = sessions.some(
    (session) => session.createdAt >= Date.parse(start) && session.createdAt < firstDay,
  );
  const tenDaysBefore = new Date(Date.parse(now) - 10 * 24 * 3_600_000).toISOString();
  const { events } = (await call('GET', `/__sandbox/events?since=${encodeURIComponent(tenDaysBefore)}`)) as {
    events: { at: string; type: string }[];
  };
  const days = new Set(
    events.filter((event) => event.type === 'prices-published').map((event) => event.at.slice(0, 10)),
  );
  return { devices, yearMs, firstNightCharged, lastDaysPublished: days.size };
}
