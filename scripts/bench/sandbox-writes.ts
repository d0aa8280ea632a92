// What a stored sandbox (the sandbox server's and MCP's host, lib/sandbox/stored.ts) writes to its store: reads write
// nothing (#51), and a command writes the parts of the world it changed, whatever the rest weighs (#55), on the
// in-memory store and on Redis.
import { randomUUID } from 'node:crypto';
import type { OperationContract } from '../../lib/contract/operation-contract';
import { createSandbox } from '../../lib/sandbox/sandbox';
import { sandboxStoreLimits } from '../../lib/sandbox/server';
import { storedSandbox } from '../../lib/sandbox/stored';
import { SAMPLE_DEVICES } from '../../lib/sandbox/test-client';
import type { SchemaValidator } from '../../lib/sandbox/validator';
import { worldParts } from '../../lib/sandbox/world-parts';
import { createMemoryStore } from '../../lib/store/memory';
import { connectRedis, createRedisStore } from '../../lib/store/redis';
import type { StateStore } from '../../lib/store/store';
import { CABIN } from '../testing/locations';
import { fillWorld } from '../testing/full-world';
import { startRedis } from '../testing/redis';
import { countingStore, noWrites } from '../testing/store-writes';
import { quantile } from './quantile';

/** What the scenarios build their sandboxes from: the snapshot's contract, its validator and a fixed clock. */
export interface WriteSetting {
  contract: OperationContract;
  validator: SchemaValidator;
  now: () => Date;
}

/** Commands on a world filled to the sandbox's bounds, through a stored sandbox on one store. */
export interface FullWorldCommandFigures {
  store: string;
  /** What the world's parts weigh together (UTF-8 bytes). */
  worldBytes: number;
  commands: number;
  /** The bytes of the parts one command wrote: the median and the most. */
  bytesP50: number;
  bytesMax: number;
  /** A command's time, the store's round trips included: median and 95th percentile. */
  p50Ms: number;
  p95Ms: number;
  /** A GET of the charger's status on that world (it plays the world forward and writes nothing): median and p95. */
  readP50Ms: number;
  readP95Ms: number;
}

const requestOf = (serverUrl: string, method: string, path: string, body?: unknown) =>
  new Request(path.startsWith('/__sandbox/') ? new URL(path, serverUrl).toString() : `${serverUrl}${path}`, {
    method,
    headers: { 'x-api-key': 'bench', 'content-type': 'application/json', 'x-user-id': 'user-4711' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * What reads write to the store (#51: 0 bytes): a stored sandbox on the in-memory store takes a command and then 50
 * GETs (`reads`, the paths to read); each part of the world it writes is counted. (The request log's entries are
 * appended to a list of their own, bounded apart: they are not the world.)
 */
export async function measureStoreWrites({ contract, validator, now }: WriteSetting, reads: string[]) {
  const seen = noWrites();
  const store = countingStore(createMemoryStore(sandboxStoreLimits(10)), seen);
  const sandbox = storedSandbox(contract, store, 'bench-key', { validator, create: true, now });
  const send = (method: string, path: string, body?: unknown) =>
    sandbox.handle(requestOf(contract.serverUrl, method, path, body));
  const added = await send('POST', '/v2/kilowise/users/user-4711/locations', CABIN);
  if (added.status !== 200) throw new Error(`[bench] the stored sandbox answered ${added.status} to a new location`);
  const commandBytesWritten = seen.bytesWritten;
  if (commandBytesWritten === 0) throw new Error('[bench] the stored sandbox wrote nothing for a command');
  const storeReads = 50;
  for (let read = 0; read < storeReads; read += 1) await send('GET', reads[read % reads.length] ?? '/');
  await store.close();
  return { storeReads, readBytesWritten: seen.bytesWritten - commandBytesWritten, commandBytesWritten };
}

/**
 * A command on a full world (#55): the sample charger's cable in and out, `commands` times after 10 to warm up, on an
 * entry that holds a world filled to the sandbox's bounds; the bytes each wrote and its time; then as many GETs of the
 * charger's status, and their time.
 */
async function commandsOnFullWorld(
  { contract, validator, now }: WriteSetting,
  name: string,
  store: StateStore,
  world: Parameters<typeof worldParts>[0],
  commands = 40,
): Promise<FullWorldCommandFigures> {
  const parts = worldParts(world);
  await store.update('full', () => ({ result: undefined, state: parts }), { create: true });
  const seen = noWrites();
  const sandbox = storedSandbox(contract, countingStore(store, seen), 'full', { validator, create: true, now });
  const send = async (method: string, path: string, body?: unknown) => {
    const answer = await sandbox.handle(requestOf(contract.serverUrl, method, path, body));
    if (answer.status !== 200) throw new Error(`[bench] the full world answered ${answer.status} to ${method} ${path}`);
  };
  await send('GET', '/__sandbox/version');
  const bytes: number[] = [];
  const times: number[] = [];
  for (let index = 0; index < commands + 10; index += 1) {
    const before = seen.bytesWritten;
    const started = performance.now();
    await send('PATCH', `/__sandbox/devices/${SAMPLE_DEVICES.charger}`, { pluggedIn: index % 2 === 0 });
    if (index < 10) continue;
    times.push(performance.now() - started);
    bytes.push(seen.bytesWritten - before);
  }
  const reads: number[] = [];
  for (let index = 0; index < commands + 10; index += 1) {
    const started = performance.now();
    await send('GET', `/v2/status/${SAMPLE_DEVICES.charger}`);
    if (index >= 10) reads.push(performance.now() - started);
  }
  let worldBytes = 0;
  for (const text of parts.values()) worldBytes += Buffer.byteLength(text);
  return {
    store: name,
    worldBytes,
    commands,
    bytesP50: quantile(bytes, 0.5),
    bytesMax: Math.max(...bytes),
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    readP50Ms: quantile(reads, 0.5),
    readP95Ms: quantile(reads, 0.95),
  };
}

/** Commands on a full world through a stored sandbox, on the in-memory store and on a Redis of the bench's own. */
export async function measureFullWorldCommands(setting: WriteSetting): Promise<FullWorldCommandFigures[]> {
  const filler = createSandbox(setting.contract, { validator: setting.validator, now: setting.now });
  await fillWorld(setting.contract, filler);
  const world = filler.world();
  const figures = [await commandsOnFullWorld(setting, 'in-memory', createMemoryStore(sandboxStoreLimits(10)), world)];
  const redis = await startRedis();
  const connection = connectRedis(redis.url, () => {});
  try {
    const store = createRedisStore(connection, sandboxStoreLimits(10), {
      prefix: `bench-${randomUUID()}:`,
      namespace: 'sandbox',
    });
    figures.push(await commandsOnFullWorld(setting, 'Redis', store, world));
  } finally {
    await connection.close();
    await redis.stop();
  }
  return figures;
}

/** The table's rows of these figures. */
export function writeFigureRows(
  figures: { storeReads: number; readBytesWritten: number; commandBytesWritten: number },
  fullWorld: FullWorldCommandFigures[],
): string[] {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    `| Bytes of the world written to the store by ${figures.storeReads} GETs after a command (a stored sandbox on the in-memory store; the command wrote ${figures.commandBytesWritten.toLocaleString('en')} bytes) | ${figures.readBytesWritten} bytes | 0 |`,
    ...fullWorld.map(
      (run) =>
        `| Bytes a command writes on a full world (${(run.worldBytes / 1024).toFixed(0)} KB), ${run.store} store: the charger's cable in or out, ${run.commands} commands: median (most) bytes; median / 95th percentile time | ${run.bytesP50.toLocaleString('en')} (${run.bytesMax.toLocaleString('en')}) bytes; ${ms(run.p50Ms)} / ${ms(run.p95Ms)} | the parts it changed, not the world |`,
    ),
    ...fullWorld.map(
      (run) =>
        `| A GET of the charger's status on a full world (${(run.worldBytes / 1024).toFixed(0)} KB), ${run.store} store, ${run.commands} reads: median / 95th percentile time | ${ms(run.readP50Ms)} / ${ms(run.readP95Ms)} | about a small world's |`,
    ),
  ];
}
