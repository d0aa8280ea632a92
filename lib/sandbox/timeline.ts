/**
 * What the simulation did, kept in the world: schedules made and why, sessions started, completed and interrupted,
 * statuses changed, heartbeats missed and chargers gone offline, prices published. The simulation notes each as it
 * happens (`note`); `GET /__sandbox/events` reads them. This module knows nothing of the world's other parts, so that
 * the simulation may import it without a cycle.
 */

/** How many events a world keeps: the newest, the oldest dropped first. */
export const TIMELINE_EVENTS = 500;

/** Why a schedule was made: the cable going in, new preferences, new prices, a new state of charge, a ready time passed. */
export type ScheduleReason =
  'plug-in' | 'preferences' | 'prices-published' | 'test-prices' | 'state-of-charge' | 'ready-time';

export type TimelineEventType =
  | 'schedule-made'
  | 'session-started'
  | 'session-completed'
  | 'session-interrupted'
  | 'status-changed'
  | 'plugged-in'
  | 'unplugged'
  | 'heartbeat-missed'
  | 'offline'
  | 'online'
  | 'fault'
  | 'fault-cleared'
  | 'prices-published'
  | 'test-prices-posted';

/** One thing that happened, at `at` on the sandbox clock (epoch ms), to a device or (prices) to an area or all. */
export interface TimelineEvent {
  at: number;
  type: TimelineEventType;
  deviceId?: string;
  reason?: ScheduleReason;
  scheduleId?: string;
  sessionId?: string;
  /** A status change: the status before and after. */
  from?: string;
  to?: string;
  fault?: string;
  spotPriceAreaId?: string;
}

/** The timeline a world holds: its events, and the status each device was last seen in (to tell a change). */
export interface Timeline {
  events: TimelineEvent[];
  statuses: { deviceId: string; status: string }[];
}

/** Anything that holds a timeline: the world (`lib/sandbox/domain/model.ts`). */
export interface WithTimeline {
  timeline?: Timeline;
}

export function timelineOf(world: WithTimeline): Timeline {
  world.timeline ??= { events: [], statuses: [] };
  return world.timeline;
}

/** Notes an event; past `TIMELINE_EVENTS`, the oldest noted goes. */
export function note(world: WithTimeline, event: TimelineEvent): void {
  const { events } = timelineOf(world);
  events.push(event);
  if (events.length > TIMELINE_EVENTS) events.splice(0, events.length - TIMELINE_EVENTS);
}

/** Forgets the events of a device noted for after `time` of the given types (a charger back before it went offline). */
export function forgetAfter(world: WithTimeline, deviceId: string, time: number, types: TimelineEventType[]): void {
  const timeline = timelineOf(world);
  timeline.events = timeline.events.filter(
    (event) => !(event.deviceId === deviceId && event.at > time && types.includes(event.type)),
  );
}

/** An event as `GET /__sandbox/events` answers it: its time as an ISO date-time on the sandbox clock. */
export type ShownEvent = Omit<TimelineEvent, 'at'> & { at: string };

/**
 * The events from `since` to `now` (both included), oldest first, and within one instant in the order they were noted,
 * which is cause before effect: a status change right after what changed it. One noted for later (a heartbeat) waits
 * for its time.
 */
export function eventsBetween(world: WithTimeline, since: number, now: number): ShownEvent[] {
  return (
    (world.timeline?.events ?? [])
      .filter((event) => event.at >= since && event.at <= now)
      // A stable sort: at one instant, the order noted stays.
      .sort((a, b) => a.at - b.at)
      .map((event) => ({ ...event, at: new Date(event.at).toISOString() }))
  );
}
