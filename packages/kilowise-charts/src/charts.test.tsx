import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChargingSchedule } from '../../kilowise-client/src/types';
import { ChargingScheduleChart, formatPrice, hourlySeries, SpotPriceChart, type ScheduleInput } from './index';

const evening = {
  '2025-03-14T17:00:00+01:00': 0.1412,
  '2025-03-14T18:00:00+01:00': 0.1587,
  '2025-03-14T19:00:00+01:00': 0.1233,
  '2025-03-14T20:00:00+01:00': 0.0961,
};
/** The evening without its 18:00 price. */
const withGap = Object.fromEntries(Object.entries(evening).filter(([hour]) => hour !== '2025-03-14T18:00:00+01:00'));
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const rows = (html: string) => count(html, /<tr><th scope="row">/g);

describe('hourlySeries', () => {
  it('labels hours in the time zone given, and keeps a missing hour as a gap', () => {
    const stockholm = hourlySeries(withGap, 'Europe/Stockholm');
    expect(stockholm.map((hour) => [hour.label, hour.value])).toEqual([
      ['17:00', 0.1412],
      ['18:00', null],
      ['19:00', 0.1233],
      ['20:00', 0.0961],
    ]);
    expect(hourlySeries(withGap, 'UTC')[0]?.label).toBe('16:00');
    expect(hourlySeries(withGap, 'Asia/Kolkata')[0]?.label).toBe('21:30');
  });

  it('orders the hours, leaves out keys that are not dates, and is empty for an empty map', () => {
    expect(
      hourlySeries({ '2025-03-14T20:00:00Z': 2, 'not a date': 9, '2025-03-14T19:00:00Z': 1 }, 'UTC').map(
        (hour) => hour.value,
      ),
    ).toEqual([1, 2]);
    expect(hourlySeries({}, 'UTC')).toEqual([]);
  });

  it('names a time zone that is not one', () => {
    expect(() => hourlySeries(evening, 'Stockholm')).toThrow(
      'kilowise-charts: timeZone "Stockholm" is not an IANA time zone such as "Europe/Stockholm"',
    );
  });

  it('formats prices in euros or cents per kWh', () => {
    expect(formatPrice(0.1412, 'EUR/kWh')).toBe('0.1412 EUR/kWh');
    expect(formatPrice(0.1412, 'c/kWh')).toBe('14.12 c/kWh');
  });
});

describe('SpotPriceChart', () => {
  it('renders on the server as a named, described image with a bar and a table row per hour', () => {
    const html = renderToStaticMarkup(
      <SpotPriceChart prices={evening} timeZone="Europe/Stockholm" unit="c/kWh" areaId="SE3" />,
    );
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="[^"]+-title" aria-describedby="[^"]+-desc"/);
    expect(html).toContain('>Spot prices, SE3</title>');
    expect(html).toContain('lowest 9.61 c/kWh, highest 15.87 c/kWh.');
    expect(count(html, /class="kw-chart__bar/g)).toBe(4);
    expect(rows(html)).toBe(4);
    expect(html).toContain('<th scope="row">Fri 14 Mar, 17:00</th><td>14.12 c/kWh</td>');
    expect(html).toContain('height="240"');
  });

  it('marks the cheapest hours with a pattern, not only a colour', () => {
    const html = renderToStaticMarkup(<SpotPriceChart prices={evening} timeZone="Europe/Stockholm" cheapest={2} />);
    expect(count(html, /kw-chart__bar--cheap/g)).toBe(2);
    expect(count(html, /fill="url\(#[^)]+-cheap\)"/g)).toBe(2);
    expect(html).toContain('<td>0.0961 EUR/kWh</td><td>yes</td>');
  });

  it('draws a negative price below the zero line', () => {
    const html = renderToStaticMarkup(
      <SpotPriceChart prices={{ '2025-03-14T12:00:00Z': 0.05, '2025-03-14T13:00:00Z': -0.02 }} height={200} />,
    );
    const zero = Number(/<line [^>]*y1="([\d.]+)"/.exec(html)?.[1]);
    const ys = [...html.matchAll(/<rect class="kw-chart__bar[^"]*" [^>]*y="([\d.]+)" height="([\d.]+)"/g)].map(
      (match) => Number(match[1]),
    );
    expect(ys[0]).toBeLessThan(zero);
    expect(ys[1]).toBeCloseTo(zero, 5);
  });

  it('shows a gap and says so for a missing hour, draws a single hour, and says when there is nothing', () => {
    const gap = renderToStaticMarkup(<SpotPriceChart prices={withGap} timeZone="Europe/Stockholm" />);
    expect(count(gap, /class="kw-chart__bar/g)).toBe(3);
    expect(gap).toContain('<td>no price</td>');
    expect(gap).toContain('1 hour without a price.');
    const single = renderToStaticMarkup(<SpotPriceChart prices={{ '2025-03-14T17:00:00+01:00': 0.1 }} />);
    expect(count(single, /class="kw-chart__bar/g)).toBe(1);
    const empty = renderToStaticMarkup(<SpotPriceChart prices={{}} height={180} />);
    expect(empty).toContain('No spot prices for this period.');
    expect(empty).not.toContain('<svg');
    expect(empty).toContain('min-height:180px');
  });
});

describe('ChargingScheduleChart', () => {
  const schedule: ScheduleInput = {
    timeZone: 'Europe/Stockholm',
    hourlyCharges: {
      '2025-03-14T17:00:00+01:00': 0,
      '2025-03-14T18:00:00+01:00': 0,
      '2025-03-14T19:00:00+01:00': 11,
      '2025-03-14T20:00:00+01:00': 6.4,
    },
  };

  it('draws the planned energy as bars and the prices as a line, in the schedule time zone', () => {
    const html = renderToStaticMarkup(<ChargingScheduleChart schedule={schedule} prices={evening} />);
    expect(html).toContain('>Charging schedule</title>');
    expect(html).toContain('17.4 kWh planned over 2 of 4 hours from Fri 14 Mar, 17:00 (Europe/Stockholm).');
    expect(count(html, /kw-chart__bar--energy/g)).toBe(2);
    expect(count(html, /<polyline class="kw-chart__price" points="([\d.]+,[\d.]+ ?){4}"/g)).toBe(1);
    expect(html).toContain('<th scope="row">Fri 14 Mar, 19:00</th><td>11.0 kWh</td><td>0.1233 EUR/kWh</td>');
  });

  it('works without prices, and says when nothing is planned', () => {
    expect(renderToStaticMarkup(<ChargingScheduleChart schedule={schedule} />)).not.toContain('<polyline');
    expect(renderToStaticMarkup(<ChargingScheduleChart schedule={{ hourlyCharges: {} }} />)).toContain(
      'No charging is planned yet.',
    );
  });

  it("takes kilowise-client's ChargingSchedule as it is", () => {
    const fromApi = {
      id: 'sch-1',
      hourlyCharges: { ...schedule.hourlyCharges },
      timeZone: 'Europe/Stockholm',
    } as ChargingSchedule;
    // The type check of this file (npm run typecheck) fails if the client's type stops fitting.
    const input: ScheduleInput = fromApi;
    expect(renderToStaticMarkup(<ChargingScheduleChart schedule={input} />)).toContain('kw-chart__bar--energy');
  });
});
