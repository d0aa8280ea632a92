'use client';

import { useId } from 'react';
import type { VehiclePreferences, WeekDaySpecificReadyTimes } from 'kilowise-client';
import { cleanWeekDays, toReadyTime, WEEK_DAYS, type WeekDay } from './ranges';
import { classNames, cssVar, field, fieldset, hint, legend, row } from './style';

/**
 * The words ReadyTimePicker shows; pass some or all of them to translate it.
 *
 * @example
 * ```ts
 * const swedish: Partial<ReadyTimePickerLabels> = { legend: 'Klar senast', everyDay: 'Varje dag' };
 * ```
 */
export interface ReadyTimePickerLabels {
  legend: string;
  everyDay: string;
  otherDays: string;
  otherDaysHint: string;
  /** The clear button of a day, e.g. `Use the every-day time on Saturday`. */
  clearDay: (dayName: string) => string;
  days: Record<WeekDay, string>;
}

/**
 * The English labels: the defaults, and a start for a translation.
 *
 * @example
 * ```ts
 * readyTimePickerLabels.clearDay(readyTimePickerLabels.days.SATURDAY); // 'Use the every-day time on Saturday'
 * ```
 */
export const readyTimePickerLabels: ReadyTimePickerLabels = {
  legend: 'Ready by',
  everyDay: 'Every day',
  otherDays: 'Other times on some days',
  otherDaysHint: 'Leave a day empty to use the every-day time.',
  clearDay: (dayName) => `Use the every-day time on ${dayName}`,
  days: {
    MONDAY: 'Monday',
    TUESDAY: 'Tuesday',
    WEDNESDAY: 'Wednesday',
    THURSDAY: 'Thursday',
    FRIDAY: 'Friday',
    SATURDAY: 'Saturday',
    SUNDAY: 'Sunday',
  },
};

/**
 * The props of ReadyTimePicker.
 *
 * @example
 * ```tsx
 * const props: ReadyTimePickerProps = { value: '07:00', weekDays: { SATURDAY: '10:30' }, onChange: save };
 * ```
 */
export interface ReadyTimePickerProps {
  /** `readyTime`: when the car must be ready every day, `HH:MM`. */
  value: VehiclePreferences['readyTime'];
  /** `weekDaySpecificReadyTimes`: days with another time. */
  weekDays?: WeekDaySpecificReadyTimes;
  /**
   * Called with both values whenever one changes. Each time is `HH:MM` or left out; a day whose field is
   * emptied is removed from the map, and the map is kept when the every-day time changes.
   */
  onChange: (readyTime: string | undefined, weekDays: WeekDaySpecificReadyTimes) => void;
  labels?: Partial<ReadyTimePickerLabels>;
  className?: string;
}

/**
 * Edits `readyTime` and `weekDaySpecificReadyTimes` of vehicle or OCPP charger preferences: one time
 * for every day, and optional times for single days. Uses the browser's time fields, so typing a time,
 * the arrow keys and screen readers work as everywhere else; it reports only times the API accepts.
 *
 * @example
 * ```tsx
 * const [times, setTimes] = useState({ readyTime: '07:00', weekDays: { SATURDAY: '10:30' } });
 * <ReadyTimePicker
 *   value={times.readyTime}
 *   weekDays={times.weekDays}
 *   onChange={(readyTime, weekDays) => setTimes({ readyTime: readyTime ?? '07:00', weekDays })}
 * />;
 * ```
 */
export function ReadyTimePicker({ value, weekDays, onChange, labels, className }: ReadyTimePickerProps) {
  const id = useId();
  const text = { ...readyTimePickerLabels, ...labels, days: { ...readyTimePickerLabels.days, ...labels?.days } };
  const days = cleanWeekDays(weekDays);
  const setDay = (day: WeekDay, time: string | undefined) => {
    const next = { ...days };
    if (time) next[day] = time;
    else delete next[day];
    onChange(toReadyTime(value), next);
  };
  return (
    <fieldset className={classNames('kw-ui', 'kw-ui-ready-time', className)} style={fieldset}>
      <legend style={legend}>{text.legend}</legend>
      <div style={row}>
        <label htmlFor={`${id}-every`}>{text.everyDay}</label>
        <input
          id={`${id}-every`}
          type="time"
          step={60}
          value={toReadyTime(value) ?? ''}
          onChange={(event) => onChange(toReadyTime(event.target.value), days)}
          style={{ ...field, accentColor: cssVar.accent }}
        />
      </div>
      <details className="kw-ui-ready-time__days" open={Object.keys(days).length > 0 || undefined}>
        <summary>{text.otherDays}</summary>
        <p id={`${id}-hint`} style={hint}>
          {text.otherDaysHint}
        </p>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.375rem' }}>
          {WEEK_DAYS.map((day) => (
            <li key={day} style={row}>
              <label htmlFor={`${id}-${day}`} style={{ minWidth: '6.5rem' }}>
                {text.days[day]}
              </label>
              <input
                id={`${id}-${day}`}
                type="time"
                step={60}
                value={days[day] ?? ''}
                aria-describedby={`${id}-hint`}
                onChange={(event) => setDay(day, toReadyTime(event.target.value))}
                style={field}
              />
              {days[day] ? (
                <button
                  type="button"
                  onClick={() => setDay(day, undefined)}
                  aria-label={text.clearDay(text.days[day])}
                  style={{ ...field, cursor: 'pointer' }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </fieldset>
  );
}
