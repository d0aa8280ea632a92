import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChargerChargingBehavior, DeviceStatus, VehicleChargingBehavior } from 'kilowise-client';
import {
  ChargingBehaviorSwitch,
  clampSoc,
  cleanWeekDays,
  ComfortRangeInput,
  DeviceStatusBadge,
  deviceStatusLabel,
  deviceStatusLabels,
  deviceStatusTone,
  nextSocPair,
  readCelsius,
  ReadyTimePicker,
  SocSlider,
  toReadyTime,
} from './index';

const ignore = () => undefined;

describe('the ranges of the contract', () => {
  it('reports ready times as HH:MM on a 24-hour clock, and nothing else', () => {
    expect(toReadyTime('07:00')).toBe('07:00');
    expect(toReadyTime('23:59:30')).toBe('23:59');
    for (const bad of ['24:00', '7:00', '07:60', '', 'seven', undefined]) expect(toReadyTime(bad)).toBeUndefined();
    expect(cleanWeekDays({ SATURDAY: '10:30', SUNDAY: '', MONDAY: '25:00' })).toEqual({ SATURDAY: '10:30' });
  });

  it('keeps a state of charge an integer from 0 to 100', () => {
    expect([clampSoc(80.4), clampSoc(-3), clampSoc(130), clampSoc(Number.NaN, 20)]).toEqual([80, 0, 100, 20]);
  });

  it('pushes the other level along so that the minimal never exceeds the target', () => {
    expect(nextSocPair({ target: 80, minimal: 20 }, 'target', 10)).toEqual({ target: 10, minimal: 10 });
    expect(nextSocPair({ target: 80, minimal: 20 }, 'minimal', 90)).toEqual({ target: 90, minimal: 90 });
    expect(nextSocPair({ target: 80, minimal: 20 }, 'target', 101.7)).toEqual({ target: 100, minimal: 20 });
  });

  it('reads typed temperatures with a dot or a comma, and names why one cannot be saved', () => {
    expect(readCelsius('21,5', 5, 30)).toEqual({ ok: true, value: 21.5 });
    expect(readCelsius(' ', 5, 30)).toEqual({ ok: false, problem: 'empty' });
    expect(readCelsius('warm', 5, 30)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(readCelsius('4.5', 5, 30)).toEqual({ ok: false, problem: 'below' });
    expect(readCelsius('31', 5, 30)).toEqual({ ok: false, problem: 'above' });
  });
});

describe('DeviceStatusBadge', () => {
  it('has a label and a tone for every DeviceStatus of kilowise-client', () => {
    for (const status of Object.values(DeviceStatus)) {
      expect(deviceStatusLabels[status], status).toMatch(/\w/);
      expect(['ok', 'waiting', 'problem', 'neutral']).toContain(deviceStatusTone(status));
    }
    expect(deviceStatusTone(DeviceStatus.UNABLE_TO_CHARGE)).toBe('problem');
  });

  it('shows a status the release does not know as its words, in the neutral tone', () => {
    expect(deviceStatusLabel('BATTERY_HEATING')).toBe('Battery heating');
    expect(deviceStatusTone('BATTERY_HEATING')).toBe('neutral');
    const html = renderToStaticMarkup(<DeviceStatusBadge status="BATTERY_HEATING" />);
    expect(html).toContain('kw-ui-badge--neutral');
    expect(html).toContain('Battery heating');
  });

  it('renders the label as text with the shape hidden, and takes translated labels', () => {
    const html = renderToStaticMarkup(<DeviceStatusBadge status={DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING} />);
    expect(html).toContain('>Waiting for cheap hours</span>');
    expect(html).toContain('aria-hidden="true"');
    expect(
      renderToStaticMarkup(<DeviceStatusBadge status={DeviceStatus.ERROR} labels={{ ERROR: 'Fehler' }} />),
    ).toContain('Fehler');
  });
});

describe('the inputs', () => {
  it('SocSlider: two labelled range inputs from 0 to 100 in steps of 1, read out in percent', () => {
    const html = renderToStaticMarkup(<SocSlider target={80} minimal={95} onChange={ignore} />);
    expect(html.match(/type="range" min="0" max="100" step="1"/g)).toHaveLength(2);
    expect(html).toContain('<legend');
    expect(html).toContain('aria-valuetext="80 %"');
    // A minimal level above the target is shown at the target: what onChange would report.
    expect(html.match(/value="80"/g)).toHaveLength(2);
  });

  it('ReadyTimePicker: a time field for every day and one per week day, filled from the maps', () => {
    const html = renderToStaticMarkup(
      <ReadyTimePicker value="07:00" weekDays={{ SATURDAY: '10:30' }} onChange={ignore} />,
    );
    expect(html.match(/type="time"/g)).toHaveLength(8);
    expect(html).toContain('value="07:00"');
    expect(html).toContain('value="10:30"');
    expect(html).toContain('aria-label="Use the every-day time on Saturday"');
    expect(html).toContain('<details class="kw-ui-ready-time__days" open="">');
  });

  it('ChargingBehaviorSwitch: three radio buttons for a vehicle, a switch for a charger', () => {
    const vehicle = renderToStaticMarkup(
      <ChargingBehaviorSwitch value={VehicleChargingBehavior.SMART_CHARGE_ANYWHERE} onChange={ignore} />,
    );
    expect(vehicle.match(/type="radio"/g)).toHaveLength(3);
    expect(vehicle).toMatch(/checked="" value="SMART_CHARGE_ANYWHERE"/);
    expect(vehicle.match(/checked=""/g)).toHaveLength(1);
    const charger = renderToStaticMarkup(
      <ChargingBehaviorSwitch device="charger" value={ChargerChargingBehavior.SMART_CHARGE_ON} onChange={ignore} />,
    );
    expect(charger).toMatch(/type="checkbox" role="switch"[^>]* checked=""/);
  });

  it('ComfortRangeInput: two number fields within the limits, with the range as their hint', () => {
    const html = renderToStaticMarkup(<ComfortRangeInput min={19} max={23} onChange={ignore} />);
    expect(html.match(/type="number" inputMode="decimal" min="5" max="30" step="0.5"/g)).toHaveLength(2);
    expect(html).toContain('From 5 to 30 °C.');
    expect(html).not.toContain('aria-invalid');
  });

  it('follows the page through CSS variables with defaults', () => {
    const html = renderToStaticMarkup(<SocSlider target={80} onChange={ignore} />);
    expect(html).toContain('accent-color:var(--kw-ui-accent, #1f6cc2)');
  });
});
