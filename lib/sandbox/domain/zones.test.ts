// Local time without a library: offsets from Intl, wall-clock times across the changes of offset, and the
// instants the contract writes (sandbox.mdx, "Time zones").
import { describe, expect, it } from 'vitest';
import {
  ceilHour,
  floorHour,
  formatInOffset,
  formatInZone,
  HOUR_MS,
  localTime,
  offsetMinutes,
  offsetText,
  startOfLocalDay,
  startOfNextLocalDay,
  zonedTime,
} from './zones';

describe('offsetMinutes', () => {
  it('reads east and west, whole and part hours, summer and winter', () => {
    const winter = Date.parse('2025-01-15T12:00:00Z');
    const summer = Date.parse('2025-07-15T12:00:00Z');
    expect(offsetMinutes('Europe/Stockholm', winter)).toBe(60);
    expect(offsetMinutes('Europe/Stockholm', summer)).toBe(120);
    expect(offsetMinutes('Europe/Helsinki', summer)).toBe(180);
    expect(offsetMinutes('America/New_York', winter)).toBe(-300);
    expect(offsetMinutes('America/St_Johns', winter)).toBe(-210);
    expect(offsetMinutes('Asia/Kathmandu', winter)).toBe(345);
    expect(offsetMinutes('UTC', winter)).toBe(0);
    // Asked twice (the second from the cache), and for two zones in the same hour: each its own.
    expect(offsetMinutes('Asia/Kathmandu', winter + 1000)).toBe(345);
    expect(offsetMinutes('America/St_Johns', winter + 1000)).toBe(-210);
  });

  it('changes on the hour the clocks change', () => {
    const change = Date.parse('2025-03-30T01:00:00Z');
    expect(offsetMinutes('Europe/Stockholm', change - 1)).toBe(60);
    expect(offsetMinutes('Europe/Stockholm', change)).toBe(120);
  });
});

describe('offsetText and formatting', () => {
  it('writes an offset as the contract does', () => {
    expect(offsetText(0)).toBe('Z');
    expect(offsetText(60)).toBe('+01:00');
    expect(offsetText(345)).toBe('+05:45');
    expect(offsetText(-210)).toBe('-03:30');
    expect(offsetText(-600)).toBe('-10:00');
  });

  it('writes an instant in a zone, to the second', () => {
    const time = Date.parse('2025-03-14T17:02:11.900Z');
    expect(formatInZone(time, 'Europe/Stockholm')).toBe('2025-03-14T18:02:11+01:00');
    expect(formatInZone(time, 'America/New_York')).toBe('2025-03-14T13:02:11-04:00');
    expect(formatInZone(time, 'UTC')).toBe('2025-03-14T17:02:11Z');
    expect(formatInOffset(time, 345)).toBe('2025-03-14T22:47:11+05:45');
  });
});

describe('localTime', () => {
  it('gives the calendar fields and weekday in the zone', () => {
    const time = Date.parse('2025-03-15T23:30:00Z');
    expect(localTime(time, 'Europe/Stockholm')).toEqual({
      year: 2025,
      month: 3,
      day: 16,
      hour: 0,
      minute: 30,
      weekday: 'SUNDAY',
    });
    expect(localTime(time, 'America/New_York')).toEqual({
      year: 2025,
      month: 3,
      day: 15,
      hour: 19,
      minute: 30,
      weekday: 'SATURDAY',
    });
    expect(localTime(Date.parse('2024-12-31T23:00:00Z'), 'Europe/Helsinki')).toMatchObject({
      year: 2025,
      month: 1,
      day: 1,
      hour: 1,
      weekday: 'WEDNESDAY',
    });
  });
});

describe('zonedTime', () => {
  it('is the instant of a wall-clock time, east or west of UTC', () => {
    expect(zonedTime('Europe/Stockholm', 2025, 1, 15, 7, 30)).toBe(Date.parse('2025-01-15T07:30:00+01:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 7, 15)).toBe(Date.parse('2025-07-15T00:00:00+02:00'));
    expect(zonedTime('America/New_York', 2025, 1, 15, 7)).toBe(Date.parse('2025-01-15T07:00:00-05:00'));
    expect(zonedTime('Asia/Kathmandu', 2025, 1, 15, 7)).toBe(Date.parse('2025-01-15T07:00:00+05:45'));
  });

  it('reads a time the spring change skips with the offset before it, and a repeated one as its first', () => {
    expect(zonedTime('Europe/Stockholm', 2025, 3, 30, 2, 30)).toBe(Date.parse('2025-03-30T03:30:00+02:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 3, 30, 3, 0)).toBe(Date.parse('2025-03-30T03:00:00+02:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 3, 30, 1, 59)).toBe(Date.parse('2025-03-30T01:59:00+01:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 10, 26, 2, 30)).toBe(Date.parse('2025-10-26T02:30:00+02:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 10, 26, 3, 0)).toBe(Date.parse('2025-10-26T03:00:00+01:00'));
    expect(zonedTime('America/New_York', 2025, 3, 9, 2, 30)).toBe(Date.parse('2025-03-09T03:30:00-04:00'));
    expect(zonedTime('America/New_York', 2025, 11, 2, 1, 30)).toBe(Date.parse('2025-11-02T01:30:00-04:00'));
    expect(zonedTime('America/New_York', 2025, 11, 2, 2, 0)).toBe(Date.parse('2025-11-02T02:00:00-05:00'));
  });

  it('holds on the days around a change, late and early', () => {
    expect(zonedTime('Europe/Stockholm', 2025, 3, 29, 23)).toBe(Date.parse('2025-03-29T23:00:00+01:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 3, 31, 0, 30)).toBe(Date.parse('2025-03-31T00:30:00+02:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 10, 25, 23)).toBe(Date.parse('2025-10-25T23:00:00+02:00'));
    expect(zonedTime('Europe/Stockholm', 2025, 10, 27, 1)).toBe(Date.parse('2025-10-27T01:00:00+01:00'));
  });
});

describe('local days', () => {
  it('start at local midnight and last 23, 24 or 25 hours', () => {
    const zone = 'Europe/Stockholm';
    const noon = (date: string) => Date.parse(`${date}T12:00:00+01:00`);
    expect(startOfLocalDay(noon('2025-01-15'), zone)).toBe(Date.parse('2025-01-15T00:00:00+01:00'));
    expect(startOfLocalDay(Date.parse('2025-01-15T00:00:00+01:00'), zone)).toBe(
      Date.parse('2025-01-15T00:00:00+01:00'),
    );
    expect(startOfLocalDay(Date.parse('2025-01-14T23:59:59+01:00'), zone)).toBe(
      Date.parse('2025-01-14T00:00:00+01:00'),
    );
    const length = (date: string) =>
      (startOfNextLocalDay(noon(date), zone) - startOfLocalDay(noon(date), zone)) / HOUR_MS;
    expect(length('2025-01-15')).toBe(24);
    expect(length('2025-03-30')).toBe(23);
    expect(length('2025-10-26')).toBe(25);
    expect(startOfNextLocalDay(noon('2025-12-31'), zone)).toBe(Date.parse('2026-01-01T00:00:00+01:00'));
    expect(startOfNextLocalDay(noon('2024-02-28'), zone)).toBe(Date.parse('2024-02-29T00:00:00+01:00'));
  });

  it('rounds to whole hours', () => {
    const time = Date.parse('2025-01-15T10:20:00Z');
    expect(floorHour(time)).toBe(Date.parse('2025-01-15T10:00:00Z'));
    expect(ceilHour(time)).toBe(Date.parse('2025-01-15T11:00:00Z'));
    expect(ceilHour(floorHour(time))).toBe(floorHour(time));
  });
});
