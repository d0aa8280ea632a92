/**
 * The sandbox's clock, one per world (an API key on the server, a session in the browser and in MCP). It follows
 * real time until it is set; once set it stands still, and moves only when it is moved, so that the same
 * requests on the same clock give the same answers.
 */
export interface SandboxClock {
  /** The instant the clock was set to (epoch ms), or null while it follows real time. */
  fixedAt: number | null;
}

const DURATION =
  /^P(?!$)(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** The longest move the clock takes at once: a year (a partner's test of a season needs no more). */
export const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;
/** MAX_ADVANCE_MS as the ISO 8601 duration the errors and the docs name. */
export const MAX_ADVANCE_DURATION = 'P366D';

/** The years the clock may stand in: the market's day-ahead era, and no further than the calendars are sure of. */
export const CLOCK_RANGE = { from: Date.UTC(2000, 0, 1), until: Date.UTC(2100, 0, 1) } as const;

/**
 * An ISO 8601 duration of weeks, days, hours, minutes and seconds (`PT2H`, `P1DT30M`, `P7D`) in milliseconds.
 * Years and months have no fixed length, so they are refused rather than guessed.
 */
export function parseDuration(text: string): number | { problem: string } {
  const match = DURATION.exec(text);
  if (!match)
    return {
      problem: `"${text}" is not an ISO 8601 duration of weeks, days, hours, minutes or seconds, such as PT2H or P1DT30M`,
    };
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return Math.round(
    ((((weeks ?? 0) * 7 + (days ?? 0)) * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60_000 + (seconds ?? 0) * 1000,
  );
}

/**
 * An ISO date-time with a zone or offset, as the contract writes them, that names a real moment: undefined for
 * anything else, 2025-02-30 and 24:00 among them (Date.parse rolls them over into the next month or day).
 */
export function parseDateTime(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const daysInMonth = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  if ((month ?? 0) < 1 || (month ?? 0) > 12 || (day ?? 0) < 1 || (day ?? 0) > daysInMonth) return undefined;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return undefined;
  if ((offsetHours ?? 0) > 23 || (offsetMinutes ?? 0) > 59) return undefined;
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
}

/** Whether a moment is within the years the sandbox's clock, prices and schedules know. */
export const inClockRange = (time: number): boolean => time >= CLOCK_RANGE.from && time < CLOCK_RANGE.until;

export const clockNow = (clock: SandboxClock, realNow: () => number): number => clock.fixedAt ?? realNow();
