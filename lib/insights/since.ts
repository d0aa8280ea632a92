// `--since 30d` and `/insights?since=30d`: how far back the report looks, as days, hours or weeks, or a date.
const UNITS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** Most a report looks back: the events kept (13 months). */
const LONGEST_MS = 395 * 86_400_000;

/** The start of the window `text` names before `now`; throws naming the value and the forms it takes. */
export function parseSince(text: string, now: Date = new Date()): Date {
  const relative = /^(\d{1,4})([hdw])$/.exec(text.trim());
  if (relative) {
    const span = Number(relative[1]) * (UNITS[relative[2] ?? 'd'] ?? 0);
    return new Date(now.getTime() - Math.min(span, LONGEST_MS));
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) {
    const date = new Date(`${text.trim()}T00:00:00Z`);
    if (!Number.isNaN(date.getTime()) && date <= now) return date;
  }
  throw new Error(
    `since: "${text.slice(0, 40)}" is neither a span such as 30d, 12h or 4w nor a past date such as 2026-11-01`,
  );
}
