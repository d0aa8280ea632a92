import { API_ROOT_ID } from './ids';

/** The global the early-events script leaves its catch under, for ApiInteractions to take. */
const EARLY_EVENTS = '__kilowiseApiEarlyEvents';

/** The event types ApiInteractions handles by delegation, and so the ones worth catching early. */
export const EARLY_EVENT_TYPES = ['click', 'keydown'] as const;

interface EarlyEvents {
  events: Event[];
  stop: () => void;
}

/** What the early-events script needs of the page: a test hands it a root of its own. */
export interface EarlyEventsPage {
  getElementById(id: string): Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

/**
 * The inline script at the start of the reference's markup (lib/browser/inline/api-early-events.ts). The reference
 * is build-time HTML: until ApiInteractions is mounted its sample tabs and copy buttons are inert, and a click in
 * that window (a slow phone, a busy main thread) would be lost. From the moment the markup starts parsing, this
 * keeps the clicks and key presses made on the reference in `scope`; ApiInteractions replays them when it mounts
 * (takeEarlyEvents).
 */
export function catchEarlyEvents(page: EarlyEventsPage, scope: Record<string, unknown>): void {
  const root = page.getElementById(API_ROOT_ID);
  if (!root) return;
  const events: Event[] = [];
  const keep = (event: Event) => {
    events.push(event);
  };
  for (const type of EARLY_EVENT_TYPES) root.addEventListener(type, keep);
  const early: EarlyEvents = {
    events,
    stop: () => {
      for (const type of EARLY_EVENT_TYPES) root.removeEventListener(type, keep);
    },
  };
  scope[EARLY_EVENTS] = early;
}

/**
 * The events the early-events script kept, in order, with its listeners removed; each only once. Events
 * whose target has left `root` since (a client-side navigation replaced the markup) are dropped.
 */
export function takeEarlyEvents(
  root: Element,
  scope: Record<string, unknown> = window as unknown as Record<string, unknown>,
): Event[] {
  const early = scope[EARLY_EVENTS] as EarlyEvents | undefined;
  if (!early) return [];
  delete scope[EARLY_EVENTS];
  early.stop();
  return early.events.filter((event) => event.target !== null && root.contains(event.target as Node));
}
