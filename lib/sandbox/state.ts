import type { World } from './domain/model';

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

const isWorld = (value: unknown): value is World =>
  typeof value === 'object' &&
  value !== null &&
  (value as World).version === 2 &&
  Array.isArray((value as World).users) &&
  Array.isArray((value as World).devices) &&
  typeof (value as World).simulatedTo === 'number';

/** The stored world, or undefined when there is none or it is not one this version wrote (a new one is made). */
export function loadWorld(store: SandboxStore | undefined): World | undefined {
  const text = store?.load();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isWorld(parsed)) return parsed;
  } catch (error) {
    // Only this tab's own sandbox is lost: it starts again from the seed.
    console.warn('[kilowise] the stored sandbox is not readable JSON; starting a new one.', error);
  }
  return undefined;
}
