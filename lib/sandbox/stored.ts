import type { OperationContract } from '../contract/operation-contract';
import type { StateStore } from '../store/store';
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
 * The sandbox whose world (its simulation and clock, as JSON) is the state of entry `id` of `store`: each request
 * reads the world, answers from it, and writes it back when it changed (a GET only when it made or played it). Two
 * requests of one entry at once lose no write: the store runs one of them again on the other's world
 * (StateStore.update). Any instance with the same store answers the same.
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
          let text = state ?? null;
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
          const sandbox = createSandbox(contract, {
            store: kept,
            validator: options.validator,
            now: options.now,
            streamDelayMs: options.streamDelayMs,
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
            if (played !== text) return { result: response, state: played };
          }
          return changed ? { result: response, state: text } : { result: response };
        },
        { create: options.create },
      );
    },
  };
}
