'use client';

import { useId, useState, type InputHTMLAttributes } from 'react';
import { OCPP_FAULTS } from '@/lib/sandbox/control-names';
import type { SandboxControl } from '@/lib/browser/playground/sandbox-runtime';
import { readableTime, useSandboxControls, type DeviceChange, type DeviceState } from './use-sandbox-controls';

/**
 * A field with a button that sets one value: it shows the sandbox's value until the reader types, and follows it
 * again once the value is set (a re-read of the sandbox never takes what the reader typed away).
 */
function SetForm({
  label,
  button,
  current,
  disabled,
  onSet,
  input,
}: {
  label: string;
  button: string;
  current: string;
  disabled: boolean;
  onSet: (text: string) => Promise<boolean>;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string>();
  const value = typed ?? current;
  return (
    <form
      className="playground-controls__row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSet(value).then((set) => {
          if (set) setTyped(undefined);
        });
      }}
    >
      <div className="playground-field">
        <label htmlFor={id}>{label}</label>
        <input {...input} id={id} value={value} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <button type="submit" className="button" disabled={disabled}>
        {button}
      </button>
    </form>
  );
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** What the sandbox simulates of the device: its status, type, cable, charge, connection and fault. */
function DeviceStateList({ device }: { device: DeviceState }) {
  const heatPump = device.type === 'HEATER';
  return (
    <dl className="playground-controls__state">
      {device.status ? (
        <div className="playground-controls__status">
          <dt>Status</dt>
          <dd>{device.status}</dd>
        </div>
      ) : null}
      <div>
        <dt>Type</dt>
        <dd>{device.type}</dd>
      </div>
      {heatPump ? null : (
        <>
          <div>
            <dt>Plugged in</dt>
            <dd>{yesNo(device.pluggedIn)}</dd>
          </div>
          <div>
            <dt>SoC</dt>
            <dd>{device.soc} %</dd>
          </div>
          <div>
            <dt>Charging</dt>
            <dd>{device.chargingPowerKw} kW</dd>
          </div>
        </>
      )}
      <div>
        <dt>Online</dt>
        <dd>{yesNo(device.online)}</dd>
      </div>
      <div>
        <dt>Fault</dt>
        <dd>{device.fault ?? 'none'}</dd>
      </div>
    </dl>
  );
}

/** The device's simulated state and the controls of its physical state. */
function DeviceControls({
  device,
  disabled,
  onChange,
  onSoc,
}: {
  device: DeviceState;
  disabled: boolean;
  onChange: (change: DeviceChange) => void;
  onSoc: (soc: string) => Promise<boolean>;
}) {
  const id = useId();
  const heatPump = device.type === 'HEATER';
  return (
    <>
      <DeviceStateList device={device} />
      <div className="playground-controls__row">
        {heatPump ? null : (
          <label className="playground-check">
            <input
              type="checkbox"
              checked={device.pluggedIn}
              disabled={disabled}
              onChange={(event) => onChange({ pluggedIn: event.target.checked })}
            />
            Cable plugged in
          </label>
        )}
        <label className="playground-check">
          <input
            type="checkbox"
            checked={device.online}
            disabled={disabled}
            onChange={(event) => onChange({ online: event.target.checked })}
          />
          Connected (online)
        </label>
      </div>
      {heatPump ? null : (
        <SetForm
          key={device.deviceId}
          label="State of charge (%)"
          button="Set SoC"
          current={String(device.soc)}
          disabled={disabled}
          onSet={onSoc}
          input={{ type: 'number', min: 0, max: 100, step: 'any', inputMode: 'decimal' }}
        />
      )}
      <div className="playground-field">
        <label htmlFor={`${id}-fault`}>Fault (OCPP error code)</label>
        <select
          id={`${id}-fault`}
          value={device.fault ?? ''}
          disabled={disabled}
          onChange={(event) => onChange({ fault: event.target.value || null })}
        >
          <option value="">None</option>
          {OCPP_FAULTS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The sandbox's clock: what time it is there, and moving it on or setting it. */
function ClockControls({
  now,
  disabled,
  onMove,
  onSet,
}: {
  now: string | undefined;
  disabled: boolean;
  /** Moves the clock on by an ISO 8601 duration. */
  onMove: (duration: string) => void;
  onSet: (text: string) => Promise<boolean>;
}) {
  return (
    <fieldset className="playground-group">
      <legend>Clock</legend>
      <p className="playground-controls__now">
        {now ? (
          <>
            Sandbox time: <time dateTime={now}>{readableTime(now)}</time>
          </>
        ) : (
          'Reading the sandbox clock…'
        )}
      </p>
      <div className="playground-controls__row">
        <button type="button" className="button" disabled={disabled} onClick={() => onMove('PT1H')}>
          +1 hour
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => onMove('P1D')}>
          +1 day
        </button>
      </div>
      <SetForm
        label="Set the clock to (UTC)"
        button="Set clock"
        current={now?.slice(0, 16) ?? ''}
        disabled={disabled}
        onSet={onSet}
        input={{ type: 'datetime-local', step: 60 }}
      />
    </fieldset>
  );
}

/**
 * The Sandbox controls panel, beside the request while the target is the sandbox: the sandbox's clock, and the
 * simulated state of the device the request's `deviceId` names, with controls of both. Each control goes to the
 * sandbox's own `/__sandbox/` controls, and the panel says what changed in a polite live region.
 */
export function SandboxControls({
  control,
  deviceId,
  version,
}: {
  /** The sandbox's controls, once it has loaded. */
  control?: SandboxControl;
  /** The request's `deviceId` path parameter: undefined when the operation has none. */
  deviceId?: string;
  /** Changes whenever the sandbox may have changed: the panel reads it again. */
  version: number;
}) {
  const id = useId();
  const controls = useSandboxControls(control, deviceId, version);
  const { now, device, problem, message } = controls;
  const disabled = control === undefined;
  return (
    <section className="playground-controls" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="playground-panel__title">
        Sandbox controls
      </h2>
      <p className="playground-field__hint">
        Move the sandbox&apos;s clock and change a device&apos;s physical state; the requests you send see the change.
        Moving the clock plays out charging, sessions and prices in between. Reset sandbox undoes it all.
      </p>
      <ClockControls
        now={now}
        disabled={disabled}
        onMove={(duration) => void controls.moveClock(duration)}
        onSet={controls.setClock}
      />
      {deviceId === undefined ? (
        <p className="playground-field__hint">
          An operation with a <code>deviceId</code> path parameter (such as <code>getDeviceStatus</code>) shows that
          device&apos;s simulated state here, with controls to plug it in, set its state of charge, take it offline or
          raise a fault.
        </p>
      ) : (
        <fieldset className="playground-group">
          <legend>Device {deviceId}</legend>
          {device ? (
            <DeviceControls
              device={device}
              disabled={disabled}
              onChange={(change) => void controls.changeDevice(change)}
              onSoc={controls.setSoc}
            />
          ) : deviceId === '' ? (
            <p className="playground-field__hint">Enter a deviceId in the request to see its simulated state.</p>
          ) : null}
          <p className="playground-field__hint" role="status">
            {problem}
          </p>
        </fieldset>
      )}
      <p className={`playground-notice${message?.failed ? ' playground-notice--failed' : ''}`} role="status">
        {message?.text}
      </p>
    </section>
  );
}
