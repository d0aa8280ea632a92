import { statusWatcher, watched } from '../status-watch';
import type { World } from './model';
import { advance } from './simulate';
import { changeWorld, frozenWorld } from './world-draft';
import { DAY_MS } from './zones';

/**
 * The longest time played on a draft. Each hour played reads every charging device many times over, which through a
 * draft's proxies costs several times what it costs on plain objects: past a day, copying the world whole and playing
 * the copy costs less (docs/bench.md: moving the clock a year with 10 devices, several times slower on a draft).
 */
const DRAFTED_PLAY_MS = DAY_MS;

/**
 * The world played to `to`: schedules made when due, devices charged, sessions opened and completed, prices
 * published and statuses watched, as `advance` plays them. The world given is left as it was: a read plays the world
 * forward to answer and changes nothing it was given (the world a host keeps, the store's, the cache's). A request's
 * play (up to a day) is on a draft (lib/sandbox/domain/world-draft.ts): what it did not change (users, test prices,
 * idle devices, old events) is shared with the world given, and costs nothing to copy or to store again.
 */
export function playTo(world: World, to: number): World {
  // Nothing to play (a clock that stands still, or the instant played last): only the statuses are looked at.
  if (to <= world.simulatedTo) return watched(world, world.simulatedTo);
  if (to - world.simulatedTo <= DRAFTED_PLAY_MS)
    return changeWorld(world, (draft) => advance(draft, to, statusWatcher(draft)));
  const played = structuredClone(world);
  advance(played, to, statusWatcher(played));
  return frozenWorld(played);
}
