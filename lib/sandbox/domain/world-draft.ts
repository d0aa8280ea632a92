import { enableArrayMethods, freeze, Immer, type Draft } from 'immer';
import type { World } from './model';

// `find`, `filter`, `some` and `splice` on a draft's arrays then look at the elements as they are and draft only what
// they answer: finding a device among fifty, or dropping the timeline's oldest event, drafts one object, not each.
enableArrayMethods();

/**
 * Immer with every world it makes frozen, deep: a world is changed only through a draft, so one kept between requests
 * (a host's, the store's, the cache's) cannot be changed by mistake, and code that tries throws at once. Freezing
 * skips what is frozen already, so it walks a world whole only the first time (one just read from its text).
 */
const immer = new Immer({ autoFreeze: true });

/**
 * A draft of `world` to change as if it were the world itself: what the change writes is copied, with the objects
 * above it (the device, the devices' array, the world's root), and everything else is shared with `world`, which is
 * left as it was. `finishWorld` gives the new world; a draft never finished (a refused command) is simply dropped.
 */
export const draftWorld = (world: World): World => immer.createDraft(world);

/** The world a draft (`draftWorld`) made: frozen; `world` itself when nothing was changed. */
export const finishWorld = (draft: World): World => immer.finishDraft(draft as Draft<World>) as World;

/** The world `change` makes of `world`, on a draft (`draftWorld`): `world` is left as it was. */
export function changeWorld(world: World, change: (draft: World) => void): World {
  const draft = draftWorld(world);
  change(draft);
  return finishWorld(draft);
}

/**
 * `world`, a plain copy changed in place (a long play of the clock), frozen as a finished draft is: for a change that
 * reads so much that a draft's proxies would cost more than copying the world whole.
 */
export const frozenWorld = (world: World): World => freeze(world, true);
