'use client';

import { useId, useState } from 'react';
import type { HeatingPreferences } from 'kilowise-client';
import { COMFORT_LIMITS, readCelsius, type CelsiusReading } from './ranges';
import { classNames, cssVar, error, field, fieldset, hint, legend, row } from './style';

/**
 * The words ComfortRangeInput shows; pass some or all of them to translate it.
 *
 * @example
 * ```ts
 * const swedish: Partial<ComfortRangeLabels> = { legend: 'Komfortintervall', min: 'Lägsta temperatur', max: 'Högsta temperatur' };
 * ```
 */
export interface ComfortRangeLabels {
  legend: string;
  min: string;
  max: string;
  unit: string;
  /** The hint under the fields: the range allowed. */
  range: (lowest: number, highest: number) => string;
  /** The message of a field that cannot be saved. */
  problem: (problem: Exclude<CelsiusReading, { ok: true }>['problem'], lowest: number, highest: number) => string;
  /** The message when the lowest temperature is above the highest. */
  crossed: string;
}

const format = (value: number) => String(value);

/**
 * The English labels: the defaults, and a start for a translation.
 *
 * @example
 * ```ts
 * comfortRangeLabels.problem('above', 5, 30); // 'Enter 30 °C or less.'
 * ```
 */
export const comfortRangeLabels: ComfortRangeLabels = {
  legend: 'Comfort range',
  min: 'Lowest temperature',
  max: 'Highest temperature',
  unit: '°C',
  range: (lowest, highest) => `From ${format(lowest)} to ${format(highest)} °C.`,
  problem: (problem, lowest, highest) =>
    ({
      empty: 'Enter a temperature.',
      'not-a-number': 'Enter a number, such as 21.5.',
      below: `Enter ${format(lowest)} °C or more.`,
      above: `Enter ${format(highest)} °C or less.`,
    })[problem],
  crossed: 'The lowest temperature must not be above the highest.',
};

type Bound = 'min' | 'max';

/**
 * The props of ComfortRangeInput.
 *
 * @example
 * ```tsx
 * const props: ComfortRangeInputProps = { min: 19, max: 23, onChange: (min, max) => save({ minComfortLimit: min, maxComfortLimit: max }) };
 * ```
 */
export interface ComfortRangeInputProps {
  /** `minComfortLimit` in degrees Celsius. */
  min: NonNullable<HeatingPreferences['minComfortLimit']>;
  /** `maxComfortLimit` in degrees Celsius. */
  max: NonNullable<HeatingPreferences['maxComfortLimit']>;
  /** Called when both fields hold temperatures in range, with the lowest not above the highest. */
  onChange: (min: number, max: number) => void;
  /** The lowest temperature allowed. Default 5 °C. */
  lowest?: number;
  /** The highest temperature allowed. Default 30 °C. */
  highest?: number;
  /** The step of the arrow keys. Default 0.5 °C. */
  step?: number;
  labels?: Partial<ComfortRangeLabels>;
  className?: string;
}

/**
 * Edits `minComfortLimit` and `maxComfortLimit` of smart heating, in degrees Celsius: the range a heat
 * pump is kept within. Two number fields; arrow keys step by 0.5 °C. While a field holds something that
 * cannot be saved (empty, out of range, or a lowest temperature above the highest) it is marked invalid
 * with a message, and `onChange` is not called; leaving the field puts back the last good value.
 *
 * @example
 * ```tsx
 * const [range, setRange] = useState({ min: 19, max: 23 });
 * <ComfortRangeInput min={range.min} max={range.max} onChange={(min, max) => setRange({ min, max })} />;
 * ```
 */
export function ComfortRangeInput({
  min,
  max,
  onChange,
  lowest = COMFORT_LIMITS.lowest,
  highest = COMFORT_LIMITS.highest,
  step = COMFORT_LIMITS.step,
  labels,
  className,
}: ComfortRangeInputProps) {
  const id = useId();
  const text = { ...comfortRangeLabels, ...labels };
  // What the reader is typing, per field, until it is a value the range accepts or the field is left.
  const [drafts, setDrafts] = useState<Partial<Record<Bound, string>>>({});
  const shown = { min: drafts.min ?? format(min), max: drafts.max ?? format(max) };
  const readings = { min: readCelsius(shown.min, lowest, highest), max: readCelsius(shown.max, lowest, highest) };
  const crossed = readings.min.ok && readings.max.ok && readings.min.value > readings.max.value;
  const messageOf = (bound: Bound): string | undefined => {
    const reading = readings[bound];
    if (!reading.ok) return text.problem(reading.problem, lowest, highest);
    return crossed && bound in drafts ? text.crossed : undefined;
  };
  const edit = (bound: Bound, value: string) => {
    const nextDrafts = { ...drafts, [bound]: value };
    const next = {
      min: readCelsius(nextDrafts.min ?? format(min), lowest, highest),
      max: readCelsius(nextDrafts.max ?? format(max), lowest, highest),
    };
    setDrafts(nextDrafts);
    if (
      next.min.ok &&
      next.max.ok &&
      next.min.value <= next.max.value &&
      (next.min.value !== min || next.max.value !== max)
    )
      onChange(next.min.value, next.max.value);
  };
  const temperatureField = (bound: Bound, label: string) => {
    const message = messageOf(bound);
    return (
      <div style={{ display: 'grid', gap: '0.25rem' }}>
        <label htmlFor={`${id}-${bound}`}>{label}</label>
        <span style={row}>
          <input
            id={`${id}-${bound}`}
            type="number"
            inputMode="decimal"
            min={lowest}
            max={highest}
            step={step}
            value={shown[bound]}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-${bound}-error ${id}-range` : `${id}-range`}
            onChange={(event) => edit(bound, event.target.value)}
            onBlur={() => setDrafts({})}
            style={{ ...field, width: '6rem', borderColor: message ? cssVar.danger : undefined }}
          />
          <span aria-hidden="true">{text.unit}</span>
        </span>
        {message ? (
          <p id={`${id}-${bound}-error`} style={error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset className={classNames('kw-ui', 'kw-ui-comfort', className)} style={fieldset}>
      <legend style={legend}>{text.legend}</legend>
      <div style={{ ...row, alignItems: 'start', gap: '1rem' }}>
        {temperatureField('min', text.min)}
        {temperatureField('max', text.max)}
      </div>
      <p id={`${id}-range`} style={hint}>
        {text.range(lowest, highest)}
      </p>
    </fieldset>
  );
}
