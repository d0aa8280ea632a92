'use client';

import { useId } from 'react';
import type { VehiclePreferences } from 'kilowise-client';
import { clampSoc, nextSocPair, SOC_RANGE, type SocPair } from './ranges';
import { classNames, cssVar, fieldset, hint, legend } from './style';

/**
 * The words SocSlider shows; pass some or all of them to translate it.
 *
 * @example
 * ```ts
 * const labels: Partial<SocSliderLabels> = { percent: (value) => `${value}%` };
 * ```
 */
export interface SocSliderLabels {
  legend: string;
  target: string;
  minimal: string;
  minimalHint: string;
  /** How a value is read out and shown, e.g. `80 %`. */
  percent: (value: number) => string;
}

/**
 * The English labels: the defaults, and a start for a translation.
 *
 * @example
 * ```ts
 * socSliderLabels.percent(80); // '80 %'
 * ```
 */
export const socSliderLabels: SocSliderLabels = {
  legend: 'State of charge',
  target: 'Charge to',
  minimal: 'Charge at once to',
  minimalHint: 'Below this level the car charges right away, whatever the price.',
  percent: (value) => `${value} %`,
};

/**
 * The target state of charge SocSlider shows while `target` is not set, in percent.
 *
 * @example
 * ```ts
 * const targetSoC = preferences.targetSoC ?? DEFAULT_TARGET_SOC;
 * ```
 */
export const DEFAULT_TARGET_SOC = 80;

/**
 * The props of SocSlider.
 *
 * @example
 * ```tsx
 * const props: SocSliderProps = { target: 80, minimal: 20, onChange: (target, minimal) => save({ targetSoC: target, minimalSoC: minimal }) };
 * ```
 */
export interface SocSliderProps {
  /** `targetSoC` in percent. Shown as 80 while it is not set. */
  target: VehiclePreferences['targetSoC'];
  /** `minimalSoC` in percent. Shown as 0 while it is not set. */
  minimal?: VehiclePreferences['minimalSoC'];
  /** Called with both values, integers from 0 to 100 with `minimal` never above `target`. */
  onChange: (target: number, minimal: number) => void;
  labels?: Partial<SocSliderLabels>;
  className?: string;
}

/**
 * Edits `targetSoC` and `minimalSoC` of vehicle preferences with two sliders. Values are whole percent
 * from 0 to 100, as the API requires; moving one slider past the other pushes it along. Arrow keys move
 * by 1, Page Up and Page Down by 10, Home and End to the ends; screen readers read `80 %`.
 *
 * @example
 * ```tsx
 * const [soc, setSoc] = useState({ target: 80, minimal: 20 });
 * <SocSlider target={soc.target} minimal={soc.minimal} onChange={(target, minimal) => setSoc({ target, minimal })} />;
 * ```
 */
export function SocSlider({ target, minimal, onChange, labels, className }: SocSliderProps) {
  const id = useId();
  const text = { ...socSliderLabels, ...labels };
  const pair: SocPair = { target: clampSoc(target ?? DEFAULT_TARGET_SOC), minimal: 0 };
  pair.minimal = Math.min(clampSoc(minimal ?? 0), pair.target);
  const move = (which: keyof SocPair, value: string) => {
    const next = nextSocPair(pair, which, Number(value));
    onChange(next.target, next.minimal);
  };
  const slider = (which: keyof SocPair, label: string, describedBy?: string) => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, max-content) minmax(8rem, 1fr) 3.5rem',
        alignItems: 'center',
        gap: '0.5rem',
      }}
    >
      <label htmlFor={`${id}-${which}`}>{label}</label>
      <input
        id={`${id}-${which}`}
        type="range"
        min={SOC_RANGE.min}
        max={SOC_RANGE.max}
        step={1}
        value={pair[which]}
        aria-valuetext={text.percent(pair[which])}
        aria-describedby={describedBy}
        onChange={(event) => move(which, event.target.value)}
        style={{ accentColor: cssVar.accent, width: '100%' }}
      />
      <output htmlFor={`${id}-${which}`} style={{ fontVariantNumeric: 'tabular-nums', textAlign: 'end' }}>
        {text.percent(pair[which])}
      </output>
    </div>
  );
  return (
    <fieldset className={classNames('kw-ui', 'kw-ui-soc', className)} style={fieldset}>
      <legend style={legend}>{text.legend}</legend>
      {slider('target', text.target)}
      {slider('minimal', text.minimal, `${id}-minimal-hint`)}
      <p id={`${id}-minimal-hint`} style={hint}>
        {text.minimalHint}
      </p>
    </fieldset>
  );
}
