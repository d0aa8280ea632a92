import { createSafeStorage, STORAGE_KEYS } from '@/lib/browser/storage';
import type { SandboxStore } from '@/lib/sandbox/state';

const sandboxStorage = createSafeStorage('the sandbox', 'sessionStorage');

/**
 * Where the API sandbox keeps its state: sessionStorage, for the tab. The API playground and the
 * kilowise-client playground share it, so a location added in one is listed in the other.
 */
export const sandboxStore: SandboxStore = {
  load: () => sandboxStorage.get(STORAGE_KEYS.playgroundSandbox),
  save: (text) => sandboxStorage.set(STORAGE_KEYS.playgroundSandbox, text),
  clear: () => sandboxStorage.remove(STORAGE_KEYS.playgroundSandbox),
};
