import type { StateParts, StateStore } from '../store/store';
import type { World } from './domain/model';

/** Worlds kept per store in this process, and what their JSON weighs together, at most. */
export const WORLD_CACHE_LIMITS = { worlds: 128, bytes: 32_000_000 } as const;

/** A world as this process keeps it: the object, and the texts of its parts as the store holds them at `version`. */
export interface KeptWorld {
  version: number;
  world: World | undefined;
  /** What the store holds at `version` (its parts' texts): a command writes the parts whose text it changes. */
  parts: StateParts | undefined;
}

interface Kept extends KeptWorld {
  bytes: number;
}

/**
 * The worlds this process last read or wrote of a store's entries, each with the store's version of it and the texts
 * of its parts: a request whose entry is still at that version starts from the object, not from parsing the stored
 * texts, and a command compares its parts with the kept texts to write only those it changed. Bounded by count and
 * by weight: the parts' texts, counted twice for the world's objects beside them (the size of a world only a read
 * made, its parts not sent, is guessed from its entities); the one used longest ago goes first.
 */
export function createWorldCache(limits: { worlds: number; bytes: number } = WORLD_CACHE_LIMITS) {
  // A Map keeps insertion order: taking an entry out and putting it back makes it the newest.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const drop = (id: string) => {
    bytes -= kept.get(id)?.bytes ?? 0;
    kept.delete(id);
  };
  return {
    /** The kept world of `id`, taken out: the caller puts back what it made of it, or nothing when it failed. */
    take(id: string): KeptWorld | undefined {
      const found = kept.get(id);
      drop(id);
      return found && { version: found.version, world: found.world, parts: found.parts };
    },
    /** Keeps `world` as version `version` of `id`, whose parts the store holds as `parts`. */
    put(id: string, version: number, world: World | undefined, parts: StateParts | undefined): void {
      drop(id);
      let text = 0;
      for (const part of parts?.values() ?? []) text += part.length;
      const weight = parts ? 2 * text : world ? 2_000 + 4_000 * (world.devices.length + world.users.length) : 0;
      kept.set(id, { version, world, parts, bytes: weight });
      bytes += weight;
      for (const oldest of kept.keys()) {
        if (kept.size <= limits.worlds && bytes <= limits.bytes) break;
        drop(oldest);
      }
    },
    size: () => ({ worlds: kept.size, bytes }),
  };
}

export type WorldCache = ReturnType<typeof createWorldCache>;

const caches = new WeakMap<StateStore, WorldCache>();

/** The cache of a store's worlds in this process: one per store, however many hosts use it. */
export function worldCache(store: StateStore): WorldCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = createWorldCache();
    caches.set(store, cache);
  }
  return cache;
}
