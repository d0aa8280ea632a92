import type { World } from './domain/model';
import { upgradeWorld } from './domain/upgrade';

/**
 * The world a host kept as text (a tab's sessionStorage, a store's entry), or undefined when there is none or it is
 * not one this sandbox wrote (a new one is made). A world of an earlier version is read into the current model
 * (`upgradeWorld`). Where worlds are kept between requests is the host's business: on a server, an entry of
 * lib/store's StateStore (lib/sandbox/stored.ts); in the browser, the tab's sessionStorage
 * (lib/browser/playground/sandbox-store.ts). The sandbox only reads the text it is given and tells its host each change.
 */
export function readWorld(text: string | null | undefined): World | undefined {
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
