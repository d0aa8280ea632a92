'use client';

import { useId } from 'react';
import { ChargerChargingBehavior, VehicleChargingBehavior } from 'kilowise-client';
import { classNames, cssVar, fieldset, hint, legend } from './style';

/**
 * The words ChargingBehaviorSwitch shows; pass some or all of them to translate it.
 *
 * @example
 * ```ts
 * const swedish: Partial<ChargingBehaviorLabels> = { legend: 'Smart laddning', charger: 'Smart laddning' };
 * ```
 */
export interface ChargingBehaviorLabels {
  legend: string;
  /** A vehicle's three behaviors: the option's name and a line that explains it. */
  vehicle: Record<VehicleChargingBehavior, { name: string; hint: string }>;
  /** A charger's on/off switch. */
  charger: string;
  chargerHint: string;
}

/**
 * The English labels: the defaults, and a start for a translation.
 *
 * @example
 * ```ts
 * const hint = chargingBehaviorLabels.vehicle[VehicleChargingBehavior.SMART_CHARGE_ANYWHERE].hint;
 * ```
 */
export const chargingBehaviorLabels: ChargingBehaviorLabels = {
  legend: 'Smart charging',
  vehicle: {
    [VehicleChargingBehavior.SMART_CHARGE_OFF]: { name: 'Off', hint: 'The car charges as soon as it is plugged in.' },
    [VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION]: {
      name: 'At my charging locations',
      hint: 'Cheapest hours at home or work; elsewhere at once.',
    },
    [VehicleChargingBehavior.SMART_CHARGE_ANYWHERE]: {
      name: 'Anywhere',
      hint: 'Cheapest hours wherever the car is plugged in.',
    },
  },
  charger: 'Smart charging',
  chargerHint: 'The charger follows the schedule of the cheapest hours.',
};

const VEHICLE_ORDER: readonly VehicleChargingBehavior[] = [
  VehicleChargingBehavior.SMART_CHARGE_OFF,
  VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION,
  VehicleChargingBehavior.SMART_CHARGE_ANYWHERE,
];

/**
 * The props of ChargingBehaviorSwitch for a vehicle (the default): the three behaviors of
 * `VehicleChargingBehavior`.
 *
 * @example
 * ```tsx
 * const props: VehicleBehaviorProps = { value: VehicleChargingBehavior.SMART_CHARGE_ANYWHERE, onChange: setBehavior };
 * ```
 */
export interface VehicleBehaviorProps {
  device?: 'vehicle';
  /** The vehicle's `chargingBehavior`; no option is checked while it is not set. */
  value: VehicleChargingBehavior | undefined;
  onChange: (value: VehicleChargingBehavior) => void;
  labels?: Partial<ChargingBehaviorLabels>;
  className?: string;
}

/**
 * The props of ChargingBehaviorSwitch for an OCPP charger: `ChargerChargingBehavior`, on or off.
 *
 * @example
 * ```tsx
 * const props: ChargerBehaviorProps = { device: 'charger', value: ChargerChargingBehavior.SMART_CHARGE_ON, onChange: setBehavior };
 * ```
 */
export interface ChargerBehaviorProps {
  device: 'charger';
  /** The charger's `chargingBehavior`; off while it is not set. */
  value: ChargerChargingBehavior | undefined;
  onChange: (value: ChargerChargingBehavior) => void;
  labels?: Partial<ChargingBehaviorLabels>;
  className?: string;
}

/**
 * The props of ChargingBehaviorSwitch: a vehicle's or a charger's.
 *
 * @example
 * ```tsx
 * const props: ChargingBehaviorSwitchProps = { device: 'charger', value: undefined, onChange: console.log };
 * ```
 */
export type ChargingBehaviorSwitchProps = VehicleBehaviorProps | ChargerBehaviorProps;

/**
 * Edits `chargingBehavior`. For a vehicle it is a group of three radio buttons (off, at my charging
 * locations, anywhere); for an OCPP charger (`device="charger"`) a switch, on or off. Both are native
 * controls: Tab reaches them, arrow keys choose a radio button and Space flips the switch.
 *
 * @example
 * ```tsx
 * const [behavior, setBehavior] = useState(VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION);
 * <ChargingBehaviorSwitch value={behavior} onChange={setBehavior} />;
 * ```
 */
export function ChargingBehaviorSwitch(props: ChargingBehaviorSwitchProps) {
  const id = useId();
  const text = { ...chargingBehaviorLabels, ...props.labels };
  if (props.device === 'charger') {
    const { value, onChange } = props;
    return (
      <div
        className={classNames('kw-ui', 'kw-ui-behavior', 'kw-ui-behavior--charger', props.className)}
        style={{ display: 'grid', gap: '0.25rem' }}
      >
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', fontWeight: 600 }}>
          <input
            type="checkbox"
            role="switch"
            checked={value === ChargerChargingBehavior.SMART_CHARGE_ON}
            aria-describedby={`${id}-hint`}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? ChargerChargingBehavior.SMART_CHARGE_ON
                  : ChargerChargingBehavior.SMART_CHARGE_OFF,
              )
            }
            style={{ accentColor: cssVar.accent, width: '1.1rem', height: '1.1rem' }}
          />
          {text.charger}
        </label>
        <p id={`${id}-hint`} style={hint}>
          {text.chargerHint}
        </p>
      </div>
    );
  }
  const { value, onChange } = props;
  return (
    <fieldset className={classNames('kw-ui', 'kw-ui-behavior', props.className)} style={fieldset}>
      <legend style={legend}>{text.legend}</legend>
      {VEHICLE_ORDER.map((behavior) => (
        <div key={behavior} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '0.5rem' }}>
          <input
            id={`${id}-${behavior}`}
            type="radio"
            name={`${id}-behavior`}
            value={behavior}
            checked={value === behavior}
            aria-describedby={`${id}-${behavior}-hint`}
            onChange={() => onChange(behavior)}
            style={{ accentColor: cssVar.accent, margin: '0.2rem 0 0' }}
          />
          <label htmlFor={`${id}-${behavior}`}>{text.vehicle[behavior].name}</label>
          <p id={`${id}-${behavior}-hint`} style={{ ...hint, gridColumn: 2 }}>
            {text.vehicle[behavior].hint}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
