import type { World } from './domain/model';
import { upgradeWorld } from './domain/upgrade';

/** Where a world lives between requests: sessionStorage in the browser (a reload keeps it), none on a server. */
export interface SandboxStore {
  load(): string | null;
  save(text: string): void;
  clear(): void;
}

export function memoryStore(): SandboxStore {
  let text: string | null = null;
  return { load: () => text, save: (value) => void (text = value), clear: () => void (text = null) };
}

/**
 * The stored world, or undefined when there is none or it is not one this sandbox wrote (a new one is made). A world
 * of an earlier version is read into the current model (`upgradeWorld`).
 */
export function loadWorld(store: SandboxStore | undefined): World | undefined {
  const text = store?.load();
  if (!text) return undefined;
  try {
    const world = upgradeWorld(JSON.parse(text));
    if (world) return world;
  } catch (error) {
    // Only this tab's own sandbox is lost: it starts again from the seed.
    console.warn('[kilowise] the stored sandbox is not readable JSON; starting a new one.', error);
  }
  return undefined;
}
