import type { OperationContract } from '../contract/operation-contract';
import type { StateStore } from '../store/store';
import { createRequestLog } from './request-log';
import { createSandbox } from './sandbox';
import type { SandboxStore } from './state';
import type { SchemaValidator } from './validator';

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

/**
 * An entry's state as text: the world's JSON on the first line (empty when there is none), then the request log, one
 * entry's JSON a line, oldest first. JSON.stringify writes no line break, so the lines split back without parsing;
 * a state of before the log (the world alone) reads as a world with an empty log.
 */
export function entryState(worldText: string | null, logTexts: readonly string[]): string {
  return [worldText ?? '', ...logTexts].join('\n');
}

export function readEntryState(state: string | undefined): { worldText: string | null; logTexts: string[] } {
  const [world = '', ...logTexts] = (state ?? '').split('\n');
  return { worldText: world === '' ? null : world, logTexts };
}

/**
 * The sandbox whose world (its simulation and clock, as JSON) and request log are the state of entry `id` of
 * `store`: each request reads them, answers, and writes back the world when it changed (a GET only when it made or
 * played it) and the log with the request's entry. Two requests of one entry at once lose no write: the store runs
 * one of them again on the other's state (StateStore.update). Any instance with the same store answers the same.
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
      return store.update(
        id,
        async (state) => {
          const stored = readEntryState(state);
          let text = stored.worldText;
          let changed = false;
          const kept: SandboxStore = {
            load: () => text,
            save: (value) => {
              text = value;
              changed = true;
            },
            clear: () => {
              text = null;
              changed = true;
            },
          };
          const requests = createRequestLog(stored.logTexts);
          const sandbox = createSandbox(contract, {
            store: kept,
            requests,
            validator: options.validator,
            now: options.now,
            streamDelayMs: options.streamDelayMs,
            // The entry's id is a hash of the key or session: the world's ids are its own, the same on every request.
            idSeed: id,
          });
          const response = await sandbox.handle(
            new Request(request.url, {
              method,
              headers: request.headers,
              body: bodyText === '' ? undefined : bodyText,
            }),
          );
          // A GET saves nothing itself, but may have made the world (the examples' data, seeded at this instant)
          // or played it forward: kept too, so that the next request, on any instance, starts from the same world.
          const made = changed ? undefined : sandbox.made();
          if (made) {
            const played = JSON.stringify(made);
            if (played !== text) {
              text = played;
              changed = true;
            }
          }
          // A request the log took (all but reading the log and the timeline) is a change of the entry too.
          if (!changed && requests.added() === 0) return { result: response };
          return { result: response, state: entryState(text, requests.texts()) };
        },
        { create: options.create },
      );
    },
  };
}
