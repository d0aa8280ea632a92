// The daylight saving hours the guides give are each served zone's own (#54): the dates guide once said that "in
// March the hour from 02:00 to 03:00 does not exist", false for Europe/Helsinki (area FI), where it is 03:00 to
// 04:00. The zones come from the areas the sandbox serves, and the hours from the time zone data Node ships.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPOT_PRICE_AREAS } from '../sandbox/spot-price-areas';

const DATES_GUIDE = 'content/docs/dates-and-time-zones.mdx';
const HOUR_MS = 3_600_000;

/** The local wall-clock hour (`02:00`) and offset (`+01:00`) of an instant in a zone. */
function local(zone: string, instant: number): { hour: string; offset: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { hour: `${part('hour')}:${part('minute')}`, offset: part('timeZoneName').replace('GMT', '') || '+00:00' };
}

/** The last Sunday of a month of 2026 at 01:00 UTC, when the European Union changes its clocks. */
const change = (month: number) => {
  const last = new Date(Date.UTC(2026, month + 1, 0));
  return Date.UTC(2026, month, last.getUTCDate() - last.getUTCDay(), 1);
};

const next = (hour: string) => `${String((Number(hour.slice(0, 2)) + 1) % 24).padStart(2, '0')}:00`;

/** What the guide's table must say for a zone: offsets, the hour March skips and the hour October repeats. */
function daylightSaving(zone: string) {
  const skippedFrom = local(zone, change(2) - HOUR_MS).hour.replace(/:\d\d$/, ':00');
  const skipped = next(skippedFrom);
  const repeated = local(zone, change(9)).hour;
  return {
    winter: local(zone, Date.UTC(2026, 0, 15)).offset,
    summer: local(zone, Date.UTC(2026, 6, 15)).offset,
    march: `${skipped} to ${next(skipped)}`,
    october: `${repeated} to ${next(repeated)}`,
  };
}

const zones = [...new Set(SPOT_PRICE_AREAS.map((area) => area.timeZone))];

describe(`the daylight saving hours of ${DATES_GUIDE}`, () => {
  const text = readFileSync(DATES_GUIDE, 'utf8');
  const rows = text.split('\n').filter((line) => /^\| `[A-Z]{2}[\w-]*`.*\| `Europe\//.test(line));

  it('computes Helsinki an hour later than Stockholm', () => {
    expect(daylightSaving('Europe/Stockholm')).toEqual({
      winter: '+01:00',
      summer: '+02:00',
      march: '02:00 to 03:00',
      october: '02:00 to 03:00',
    });
    expect(daylightSaving('Europe/Helsinki').march).toBe('03:00 to 04:00');
  });

  it.each(zones)('%s: one row with its areas, offsets and hours', (zone) => {
    const row = rows.filter((line) => line.includes(`\`${zone}\``));
    expect(row).toHaveLength(1);
    const cells = (row[0] ?? '').split('|').map((cell) => cell.trim());
    const areas = SPOT_PRICE_AREAS.filter((area) => area.timeZone === zone).map((area) => `\`${area.id}\``);
    const { winter, summer, march, october } = daylightSaving(zone);
    expect(cells.slice(1, 6)).toEqual([areas.join(', '), `\`${zone}\``, `\`${winter}\`, \`${summer}\``, march, october]);
  });

  it('says where the market day puts Finland\'s midnight, in winter and in summer', () => {
    const midnights = [Date.UTC(2026, 0, 14, 22), Date.UTC(2026, 6, 14, 21)];
    expect(midnights.map((instant) => local('Europe/Helsinki', instant).hour)).toEqual(['00:00', '00:00']);
    const berlin = [...new Set(midnights.map((instant) => local('Europe/Berlin', instant).hour))];
    expect(berlin).toEqual(['23:00']);
    expect(text).toContain(`Finland's local day starts an hour earlier, at ${berlin[0]} on Berlin's wall clock`);
  });

  it('no page states an hour that does not exist or happens twice without naming a zone it is true for', () => {
    const pages = readdirSync('content', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(mdx|ya?ml)$/.test(entry.name) && !entry.parentPath.includes('openapi'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    const problems = pages.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          const claim = /(\d\d:00) (?:to|–) (\d\d:00)[^.|]*?(does not exist|happens twice)/.exec(line);
          if (!claim) return [];
          const named = zones.filter(
            (zone) =>
              line.includes(zone) ||
              line.includes(zone.split('/')[1] ?? zone) ||
              SPOT_PRICE_AREAS.some((area) => area.timeZone === zone && line.includes(`\`${area.id}\``)),
          );
          const hours = `${claim[1]} to ${claim[2]}`;
          const key = claim[3] === 'does not exist' ? 'march' : 'october';
          if (named.length > 0 && named.every((zone) => daylightSaving(zone)[key] === hours)) return [];
          return [`${file}:${index + 1}: ${hours} ${claim[3]} (${named.join(', ') || 'no zone named'})`];
        }),
    );
    expect(problems).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });
});
