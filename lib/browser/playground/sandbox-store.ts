import { createSafeStorage, STORAGE_KEYS } from '@/lib/browser/storage';

const sandboxStorage = createSafeStorage('the sandbox', 'sessionStorage');

/**
 * The API sandbox's world in this tab: sessionStorage, so a reload keeps it. The API playground, the recipes and the
 * kilowise-client playground share it, so a location added in one is listed in the other. `options()` makes a
 * sandbox (lib/sandbox/sandbox.ts `createSandbox`) start from the tab's world and write it back after each change.
 * No sandbox code is imported here: the pages load this module before the sandbox's own chunk.
 */
export const tabSandbox = {
  options: () => ({
    stored: sandboxStorage.get(STORAGE_KEYS.playgroundSandbox),
    // One tab's world, written whole: the store's parts (lib/sandbox/world-parts.ts) are for servers' shared entries.
    onChange: (world: object | null) =>
      world === null
        ? sandboxStorage.remove(STORAGE_KEYS.playgroundSandbox)
        : sandboxStorage.set(STORAGE_KEYS.playgroundSandbox, JSON.stringify(world)),
  }),
  /** Forgets the tab's world: before a sandbox has loaded, this is the whole of a reset. */
  clear: () => sandboxStorage.remove(STORAGE_KEYS.playgroundSandbox),
};
