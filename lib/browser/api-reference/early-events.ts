import { API_ROOT_ID } from './ids';

/** The global the early-events script leaves its catch under, for ApiInteractions to take. */
const EARLY_EVENTS = '__kilowiseApiEarlyEvents';

/** The event types ApiInteractions handles by delegation, and so the ones worth catching early. */
export const EARLY_EVENT_TYPES = ['click', 'keydown'] as const;

interface EarlyEvents {
  events: Event[];
  stop: () => void;
}

/**
 * An inline script at the start of the reference's markup. The reference is build-time HTML: until
 * ApiInteractions is mounted its sample tabs and copy buttons are inert, and a click in that window (a
 * slow phone, a busy main thread) would be lost. From the moment the markup starts parsing, this keeps the
 * clicks and key presses made on the reference; ApiInteractions replays them when it mounts
 * (takeEarlyEvents). Written as plain ES5 because it ships as it is.
 */
export function earlyEventsScript(): string {
  return `(function () {
  var root = document.getElementById(${JSON.stringify(API_ROOT_ID)});
  if (!root) return;
  var types = ${JSON.stringify(EARLY_EVENT_TYPES)};
  var events = [];
  var keep = function (event) { events.push(event); };
  types.forEach(function (type) { root.addEventListener(type, keep); });
  window[${JSON.stringify(EARLY_EVENTS)}] = {
    events: events,
    stop: function () { types.forEach(function (type) { root.removeEventListener(type, keep); }); }
  };
})();`;
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
