// The sandbox's simulation (#43's budgets): a request's time in-process, with the sample user's three devices and
// with 50 devices under one key; moving the clock seven days with ten devices; planning one 48-hour schedule; and
// the memory a key holds after the recipes' flows, measured as retained heap over many keys; and the memory of a full
// request log (#51: at most 200 KB a sandbox); and the fifth probe's sandbox scenarios (#55, bench/sandbox-fairness.ts):
// another key's requests while one key floods the sandbox server, and the clock moved a year with 10 devices; and what
// a stored sandbox writes to its store, for reads and for a command on a full world (bench/sandbox-writes.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { snapshotContract } from '../../lib/contract/snapshot';
import { loadRecipes } from '../../lib/recipes/load';
import { runRecipe } from '../../lib/recipes/run';
import { planCharging } from '../../lib/sandbox/domain/charging-planner';
import { createRequestLog, LOG_BUDGET, LOG_ENTRIES, type RequestLog } from '../../lib/sandbox/request-log';
import { createSandbox, type Sandbox } from '../../lib/sandbox/sandbox';
import { createSchemaValidator } from '../../lib/sandbox/validator';
import {
  measureFullWorldCommands,
  measureStoreWrites,
  writeFigureRows,
  type FullWorldCommandFigures,
  type WriteSetting,
} from './sandbox-writes';
import { measureClockYear, measureFloodFairness, type ClockYearFigures, type FloodFigures } from './sandbox-fairness';
import { quantile } from './quantile';

export interface SimulationFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  manyDevices: number;
  manyP50Ms: number;
  manyP99Ms: number;
  sevenDaysMs: number;
  sevenDaysDevices: number;
  planMs: number;
  keys: number;
  bytesPerKey: number;
  worldJsonBytes: number;
  /** What the key's request log weighs after the recipes' flows (its entries' JSON characters). */
  keyLogWeight: number;
  /** A request log filled to its 200 entries with bodies past 8 KB: retained heap per log, and what it weighs. */
  logs: number;
  bytesPerFullLog: number;
  fullLogWeight: number;
  fullLogEntries: number;
  /** Reads through a stored sandbox (the server's and MCP's host) after a command, and what each wrote of the world. */
  storeReads: number;
  readBytesWritten: number;
  commandBytesWritten: number;
  /** Commands on a world filled to its bounds through a stored sandbox, on each store: what each wrote, and its time. */
  fullWorld: FullWorldCommandFigures[];
  /** The clock moved P366D with 10 devices, three times in one process (the first with the code still cold). */
  years: ClockYearFigures[];
  flood: FloodFigures;
}

const READS = [
  '/v2/kilowise/users/user-4711/locations',
  '/v2/kilowise/devices?userId=user-4711',
  '/v2/kilowise/devices/dev-5b1f0c/smart-charging/schedule',
  '/v2/status/dev-5b1f0c',
  '/v2/kilowise/devices/ocpp-charger/dev-77a0d2/status',
  '/v2/kilowise/devices/heat-pump/dev-3c9e41/status',
  '/v2/kilowise/devices/dev-5b1f0c/smart-charging/sessions',
];

async function send(sandbox: Pick<Sandbox, 'handle'>, serverUrl: string, method: string, path: string, body?: unknown) {
  const url = path.startsWith('/__sandbox/') ? new URL(path, serverUrl).toString() : `${serverUrl}${path}`;
  const response = await sandbox.handle(
    new Request(url, {
      method,
      headers: { 'x-api-key': 'bench', 'content-type': 'application/json', 'x-user-id': 'user-4711' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  if (response.status >= 500) throw new Error(`[bench] the sandbox answered ${response.status} to ${method} ${path}`);
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function timeReads(sandbox: Sandbox, serverUrl: string, count: number, paths: string[]): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count + 20; index += 1) {
    const started = performance.now();
    await send(sandbox, serverUrl, 'GET', paths[index % paths.length] ?? '/');
    if (index >= 20) times.push(performance.now() - started);
  }
  return times;
}

/** Connects `count` cars for the sample user; each starts plugged in at home, and gets preferences. */
async function addCars(sandbox: Sandbox, serverUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const connected = (await send(sandbox, serverUrl, 'POST', '/v1/kilowise/devices/smartcar/connect', {
      authCode: `bench-car-${index}`,
      redirectUrl: 'https://bench.example/callback',
    })) as { body: { deviceId: string } };
    ids.push(connected.body.deviceId);
    await send(
      sandbox,
      serverUrl,
      'PUT',
      `/v2/kilowise/devices/${connected.body.deviceId}/smart-charging/ev-preferences`,
      {
        chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
        chargingLocationIds: ['loc-8c1e52'],
        readyTime: '07:00',
        targetSoC: 90,
        minimalSoC: 10,
        batteryCapacity: 64,
      },
    );
  }
  return ids;
}

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

/**
 * The memory of full request logs, the worst the log can hold: each of `count` sandboxes gets 200 requests whose
 * bodies pass 8 KB (a location with a 10 KB name, refused, and a week of spot prices, answered), and only the logs are
 * kept, measured as retained heap against the heap before them.
 */
async function measureFullLogs(
  contract: Awaited<ReturnType<typeof snapshotContract>>,
  validator: ReturnType<typeof createSchemaValidator>,
  now: () => Date,
  gc: () => void,
): Promise<{ logs: number; bytesPerFullLog: number; fullLogWeight: number; fullLogEntries: number }> {
  const count = 20;
  const logs: RequestLog[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < count; index += 1) {
    const requests = createRequestLog();
    const sandbox = createSandbox(contract, { validator, now, requests });
    for (let call = 0; call < LOG_ENTRIES; call += 1) {
      if (call % 2 === 0)
        await send(sandbox, contract.serverUrl, 'POST', '/v2/kilowise/users/user-4711/locations', {
          name: 'x'.repeat(10_000),
        });
      else
        await send(
          sandbox,
          contract.serverUrl,
          'GET',
          '/v2/kilowise/spot-prices/SE3?startDateTime=2025-03-08T00:00:00Z&endDateTime=2025-03-15T00:00:00Z',
        );
    }
    logs.push(requests);
  }
  gc();
  const bytesPerFullLog = (process.memoryUsage().heapUsed - before) / count;
  const size = logs[0]?.size() ?? { entries: 0, weight: 0 };
  return { logs: logs.length, bytesPerFullLog, fullLogWeight: size.weight, fullLogEntries: size.entries };
}

/** What every scenario builds its sandboxes from: the snapshot's contract, its validator and a fixed clock. */
type Setting = WriteSetting;

/** `floodPort`: where the flood scenario's sandbox server listens (0: a port the system picks). */
export async function measureSimulation({ floodPort = 0 } = {}): Promise<SimulationFigures> {
  const contract = await snapshotContract();
  const setting: Setting = {
    contract,
    validator: createSchemaValidator(contract.defs),
    now: () => new Date('2025-03-14T12:00:00Z'),
  };
  const requests = await measureRequests(setting);
  const sevenDaysMs = await measureSevenDays(setting);
  const planMs = measurePlanning();
  const gc = collectGarbage();
  const keyMemory = await measureKeyMemory(setting, gc);
  const fullLogs = await measureFullLogs(contract, setting.validator, setting.now, gc);
  const storeWrites = await measureStoreWrites(setting, READS);
  const fullWorld = await measureFullWorldCommands(setting);
  const years: ClockYearFigures[] = [];
  for (let run = 0; run < 3; run += 1) years.push(await measureClockYear(contract));
  const flood = await measureFloodFairness(contract, { port: floodPort });
  return {
    ...requests,
    sevenDaysMs,
    sevenDaysDevices: 10,
    planMs,
    ...keyMemory,
    ...fullLogs,
    ...storeWrites,
    fullWorld,
    years,
    flood,
  };
}

/** A request's time: with the sample user's three devices, and with 50 devices under one key. */
async function measureRequests({ contract, validator, now }: Setting) {
  const serverUrl = contract.serverUrl;
  const sample = createSandbox(contract, { validator, now });
  const times = await timeReads(sample, serverUrl, 200, READS);

  const many = createSandbox(contract, { validator, now });
  const cars = await addCars(many, serverUrl, 47);
  const manyTimes = await timeReads(many, serverUrl, 200, [
    ...READS,
    ...cars.slice(0, 10).map((id) => `/v2/kilowise/devices/${id}/smart-charging/schedule`),
    '/v2/kilowise/devices?userId=user-4711',
  ]);
  return {
    requests: times.length,
    p50Ms: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
    manyDevices: cars.length + 3,
    manyP50Ms: quantile(manyTimes, 0.5),
    manyP99Ms: quantile(manyTimes, 0.99),
  };
}

/** Moving the clock seven days with ten devices (the sample user's three and seven cars), in milliseconds. */
async function measureSevenDays({ contract, validator, now }: Setting): Promise<number> {
  const week = createSandbox(contract, { validator, now });
  await addCars(week, contract.serverUrl, 7);
  await send(week, contract.serverUrl, 'POST', '/__sandbox/clock', { now: '2025-03-14T12:00:00Z' });
  const weekStarted = performance.now();
  await send(week, contract.serverUrl, 'POST', '/__sandbox/clock', { advance: 'P7D' });
  return performance.now() - weekStarted;
}

/** Planning one 48-hour schedule: the mean of 2,000 plans, each starting a minute later, in milliseconds. */
function measurePlanning(): number {
  const planRuns = 2000;
  const planStarted = performance.now();
  for (let run = 0; run < planRuns; run += 1) {
    const start = Date.parse('2025-03-14T18:00:00Z') + run * 60_000;
    planCharging({
      now: start,
      socPercent: 20,
      targetPercent: 90,
      minimalPercent: 25,
      capacityKwh: 77,
      powerKw: 11,
      readyAt: start + 48 * 3_600_000,
      priceOf: (hour) => ((hour / 3_600_000) % 24) / 100 + 0.05,
    });
  }
  return (performance.now() - planStarted) / planRuns;
}

/** The memory a key holds: many keys, each after every recipe's flow, against the heap before them. */
async function measureKeyMemory({ contract, validator, now }: Setting, gc: () => void) {
  const recipes = await loadRecipes(contract);
  const keys = 200;
  const kept: Sandbox[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let key = 0; key < keys; key += 1) {
    const sandbox = createSandbox(contract, { validator, now });
    for (const recipe of recipes) {
      const run = await runRecipe(recipe, contract, { fetch: (request) => sandbox.handle(request), apiKey: 'bench' });
      const failed = run.steps.find((step) => step.failed);
      if (failed)
        throw new Error(`[bench] recipe ${recipe.workflow.workflowId} failed at ${failed.stepId}: ${failed.failed}`);
    }
    kept.push(sandbox);
  }
  gc();
  const bytesPerKey = (process.memoryUsage().heapUsed - before) / keys;
  return {
    keys,
    bytesPerKey,
    worldJsonBytes: JSON.stringify(kept[0]?.world()).length,
    keyLogWeight: kept[0]?.requests().size().weight ?? 0,
  };
}

export function printSimulationFigures(figures: SimulationFigures): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log('\n[bench] The sandbox simulation (in-process)\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| A request, the sample user's 3 devices, ${figures.requests} requests: median / 99th percentile | ${ms(figures.p50Ms)} / ${ms(figures.p99Ms)} | median ≤ 1 ms, p99 ≤ 20 ms (#51) |`,
  );
  console.log(
    `| A request with ${figures.manyDevices} devices under one key: median / 99th percentile | ${ms(figures.manyP50Ms)} / ${ms(figures.manyP99Ms)} | p99 ≤ 20 ms |`,
  );
  console.log(
    `| Moving the clock 7 days with ${figures.sevenDaysDevices} devices | ${ms(figures.sevenDaysMs)} | ≤ 50 ms (#51) |`,
  );
  console.log(`| Planning one 48-hour schedule (mean of 2,000) | ${ms(figures.planMs)} | ≤ 1 ms |`);
  console.log(
    `| Memory per key after the six recipes' flows, its request log included (retained heap over ${figures.keys} keys; the world's JSON ${(figures.worldJsonBytes / 1024).toFixed(1)} KB, the log's ${(figures.keyLogWeight / 1024).toFixed(1)} KB) | ${(figures.bytesPerKey / 1024).toFixed(1)} KB | ≤ 50 KB and the log's |`,
  );
  console.log(
    `| Memory of a full request log, ${figures.fullLogEntries} entries with bodies past 8 KB (retained heap over ${figures.logs} logs; it weighs ${figures.fullLogWeight} of its ${LOG_BUDGET} characters) | ${(figures.bytesPerFullLog / 1024).toFixed(1)} KB | ≤ 200 KB |`,
  );
  for (const row of writeFigureRows(figures, figures.fullWorld)) console.log(row);
  printFairnessFigures(figures);
}

function printFairnessFigures({ years, flood }: Pick<SimulationFigures, 'years' | 'flood'>): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const inPlace = years.every((year) => year.firstNightCharged && year.lastDaysPublished >= 10);
  console.log(
    `| Moving the clock P366D with ${years[0]?.devices ?? 0} devices, three runs (the first cold) | ${years.map((year) => ms(year.yearMs)).join(', ')}; every event in place: ${inPlace ? 'yes' : 'NO'} (the first night's charge, and prices on each of the last 10 days) | ≤ 2 s, every event in place |`,
  );
  console.log(
    `| Another key's request while one key floods the sandbox server (${flood.floodConcurrency} requests in flight for ${flood.floodSeconds} s, a command in four; ${flood.floodAnswered} answered, ${flood.floodRefused} refused with 429), ${flood.otherRequests} requests: median / 95th percentile (alone: p95 ${ms(flood.quietP95Ms)}) | ${ms(flood.otherP50Ms)} / ${ms(flood.otherP95Ms)} | p95 ≤ 50 ms |`,
  );
}
