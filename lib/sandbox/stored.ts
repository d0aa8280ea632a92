import type { OperationContract } from '../contract/operation-contract';
import type { StateParts, StateStore } from '../store/store';
import { REQUESTS_PATH } from './control-names';
import type { World } from './domain/model';
import { entryQueue } from './entry-queue';
import { createRequestLog, LOG_BUDGET, LOG_ENTRIES, type RequestLog } from './request-log';
import { createSandbox, SANDBOX_HEADER } from './sandbox';
import type { SchemaValidator } from './validator';
import { worldCache } from './world-cache';
import { changedParts, worldFromParts, worldParts } from './world-parts';

/** What a host of many sandboxes hands each caller: its own sandbox, answering one request at a time. */
export interface SandboxHandle {
  handle(request: Request): Promise<Response>;
}

export interface StoredSandboxOptions {
  validator: SchemaValidator;
  /** Open the entry when it is not there (the sandbox server: any key has a sandbox); else it must be. */
  create?: boolean;
  now?: () => Date;
  streamDelayMs?: number;
}

/** How long a request past its entry's queue waits before its 429 (the Retry-After it names). */
export const REFUSAL_DELAY_MS = 1000;

/** The answer when a caller has more requests waiting on its sandbox than the queue takes. */
function busy(waiting: number): Response {
  return new Response(
    JSON.stringify({
      message: `Too many requests at once for this sandbox: ${waiting} are waiting; send at most ${waiting} at a time, or retry in a second`,
    }),
    { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1', [SANDBOX_HEADER]: 'true' } },
  );
}

/**
 * The sandbox whose world (its simulation and clock) is the state of entry `id` of `store`, in parts (lib/sandbox/
 * world-parts.ts: the core, each user, each device, each area's test prices, the timeline), and whose request log is
 * that entry's list. Neither what a request sends to the store nor its time grows with the world:
 * - this process keeps the world it last read or wrote of an entry, with the texts of its parts, by the store's
 *   version (lib/sandbox/world-cache.ts), and parses the stored parts only when another instance has written since
 *   (on Redis, they are not even sent while the version is the one kept);
 * - a read (a GET, a refused command) plays the kept world forward to answer and writes nothing;
 * - a command writes the parts whose text it changed, and removes those of what it removed: a command on one device
 *   of a world filled to its bounds (about 850 KB) writes that device and what the simulation noted, a few KB; one
 *   that changed nothing writes nothing. Telling which changed serialises only those: the world a command makes
 *   shares every object it did not change with the one kept (lib/sandbox/domain/world-draft.ts), whose parts' texts
 *   are found by the object (`worldParts`); a world just parsed is serialised once, by its first command.
 * - the log takes one entry a request, appended (at most 8 KB of each body), never the whole log again;
 * - the requests of one entry run one at a time, in turn with every other entry's (lib/sandbox/entry-queue.ts), so
 *   a flood of one key waits behind itself, not in front of other keys; past its queue it is 429.
 * Two instances writing one entry at once lose nothing: the store runs one change again on the other's state, and an
 * entry written whole (before worlds had parts) is read, then written as parts by its first command.
 */
export function storedSandbox(
  contract: OperationContract,
  store: StateStore,
  id: string,
  options: StoredSandboxOptions,
): SandboxHandle {
  return {
    async handle(request) {
      const method = request.method.toUpperCase();
      // Read once: the store may run the request again, and a body can be read only once.
      const bodyText = method === 'GET' || method === 'HEAD' ? '' : await request.text();
      const queue = entryQueue(store);
      const answered = await queue.run(id, () => answer(contract, store, id, options, request, method, bodyText));
      if (answered) return answered;
      // Held for the second Retry-After names, on a timer only: a client that sends again at once after each 429
      // would otherwise keep the process busy refusing it, and other keys would wait behind the refusals.
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      return busy(queue.limit);
    },
  };
}

async function answer(
  contract: OperationContract,
  store: StateStore,
  id: string,
  options: StoredSandboxOptions,
  request: Request,
  method: string,
  bodyText: string,
): Promise<Response> {
  const cache = worldCache(store);
  // Taken out while the request runs: a change that fails half-way (another write got in first) leaves no world
  // of its own here, and the next request reads the store's.
  const kept = cache.take(id);
  const logTexts = new URL(request.url).pathname === REQUESTS_PATH ? await store.list(id) : [];
  let last: { world: World | undefined; parts: StateParts | undefined; log: RequestLog } | undefined;
  let version: number | undefined;
  const response = await store.update(
    id,
    async (state, meta) => {
      version = meta.version;
      // What the store holds: the texts kept of the version it is still at, else the parts it just sent.
      const stored = meta.same && kept ? kept.parts : state;
      const start = meta.same && kept ? kept.world : worldFromParts(state);
      // The parts of the world the request changed, if it did; null when it emptied the sandbox (a reset).
      let changed: Map<string, string> | null | undefined;
      const log = createRequestLog(logTexts);
      const sandbox = createSandbox(contract, {
        world: start,
        onChange: (world) => void (changed = world && worldParts(world)),
        requests: log,
        validator: options.validator,
        now: options.now,
        streamDelayMs: options.streamDelayMs,
        // The entry's id is a hash of the key or session: the world's ids are its own, the same on every request.
        idSeed: id,
      });
      const result = await sandbox.handle(
        new Request(request.url, { method, headers: request.headers, body: bodyText === '' ? undefined : bodyText }),
      );
      last = { world: sandbox.made(), parts: changed === undefined ? stored : (changed ?? undefined), log };
      if (changed === undefined) return { result };
      if (changed === null) return { result, state: null };
      // Only the parts whose text differs from the store's: a command on one device writes that device (and the
      // core, when the clock or a counter moved), whatever the rest of the world weighs.
      const write = changedParts(changed, stored);
      return write ? { result, state: write } : { result };
    },
    { create: options.create, known: kept?.version, onWritten: (written) => void (version = written) },
  );
  // The change ran at least once for `update` to answer.
  if (!last) throw new Error('[sandbox] the store answered without running the change');
  if (version !== undefined) cache.put(id, version, last.world, last.parts);
  // A request the log took (all but reading the log and the timeline) is its newest entry.
  const added = last.log.added() > 0 ? last.log.texts().at(-1) : undefined;
  if (added !== undefined) await store.append(id, added, { items: LOG_ENTRIES, bytes: LOG_BUDGET });
  return response;
}
