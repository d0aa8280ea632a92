import { statusWatcher } from '../status-watch';
import type { World } from './model';
import { advance } from './simulate';

/**
 * The world played to `to`: schedules made when due, devices charged, sessions opened and completed, prices
 * published and statuses watched, as `advance` plays them, on a copy. The world given is left as it was: a read plays
 * the world forward to answer and changes nothing it was given (the world a host keeps, the store's, the cache's).
 */
export function playTo(world: World, to: number): World {
  const played = structuredClone(world);
  advance(played, to, statusWatcher(played));
  return played;
}
