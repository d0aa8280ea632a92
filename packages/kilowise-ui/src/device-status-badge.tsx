import { DeviceStatus } from 'kilowise-client';
import { classNames, cssVar } from './style';

/**
 * How a status reads at a glance: charging or done, waiting, a problem, or nothing to act on.
 *
 * @example
 * ```ts
 * const needsHelp = (status: string) => deviceStatusTone(status) === ('problem' satisfies StatusTone);
 * ```
 */
export type StatusTone = 'ok' | 'waiting' | 'problem' | 'neutral';

/**
 * The English label of each status: the defaults of DeviceStatusBadge.
 *
 * @example
 * ```ts
 * deviceStatusLabels[DeviceStatus.SMART_CHARGING]; // 'Smart charging'
 * ```
 */
export const deviceStatusLabels: Record<DeviceStatus, string> = {
  [DeviceStatus.INITIALIZATION]: 'Setting up',
  [DeviceStatus.CABLE_UNPLUGGED]: 'Unplugged',
  [DeviceStatus.CABLE_PLUGGED]: 'Plugged in',
  [DeviceStatus.CALCULATING_SCHEDULE]: 'Planning the cheapest hours',
  [DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING]: 'Waiting for cheap hours',
  [DeviceStatus.SMART_CHARGING]: 'Smart charging',
  [DeviceStatus.SMART_CHARGING_COMPLETED]: 'Smart charging done',
  [DeviceStatus.SMART_CHARGING_DISABLED]: 'Smart charging off',
  [DeviceStatus.IMMEDIATE_CHARGING]: 'Charging now',
  [DeviceStatus.UNKNOWN]: 'Status unknown',
  [DeviceStatus.ERROR]: 'Error',
  [DeviceStatus.CHARGING_CANCELLED]: 'Charging cancelled',
  [DeviceStatus.WAITING_FOR_CONNECTOR_STATE]: 'Waiting for the charger',
  [DeviceStatus.NOT_REGISTERED]: 'Not registered',
  [DeviceStatus.OFFLINE]: 'Offline',
  [DeviceStatus.UNABLE_TO_CHARGE]: 'Unable to charge',
  [DeviceStatus.CHARGING_COMPLETED]: 'Charging done',
};

const TONES: Record<DeviceStatus, StatusTone> = {
  [DeviceStatus.INITIALIZATION]: 'neutral',
  [DeviceStatus.CABLE_UNPLUGGED]: 'neutral',
  [DeviceStatus.CABLE_PLUGGED]: 'neutral',
  [DeviceStatus.CALCULATING_SCHEDULE]: 'waiting',
  [DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING]: 'waiting',
  [DeviceStatus.SMART_CHARGING]: 'ok',
  [DeviceStatus.SMART_CHARGING_COMPLETED]: 'ok',
  [DeviceStatus.SMART_CHARGING_DISABLED]: 'neutral',
  [DeviceStatus.IMMEDIATE_CHARGING]: 'ok',
  [DeviceStatus.UNKNOWN]: 'neutral',
  [DeviceStatus.ERROR]: 'problem',
  [DeviceStatus.CHARGING_CANCELLED]: 'neutral',
  [DeviceStatus.WAITING_FOR_CONNECTOR_STATE]: 'waiting',
  [DeviceStatus.NOT_REGISTERED]: 'problem',
  [DeviceStatus.OFFLINE]: 'problem',
  [DeviceStatus.UNABLE_TO_CHARGE]: 'problem',
  [DeviceStatus.CHARGING_COMPLETED]: 'ok',
};

const isDeviceStatus = (status: string): status is DeviceStatus => Object.hasOwn(TONES, status);

/**
 * The tone of a status. A status this release does not know (the API may add some) is `neutral`.
 *
 * @example
 * ```ts
 * deviceStatusTone(DeviceStatus.UNABLE_TO_CHARGE); // 'problem'
 * ```
 */
export function deviceStatusTone(status: string): StatusTone {
  return isDeviceStatus(status) ? TONES[status] : 'neutral';
}

/**
 * The label of a status. A status this release does not know reads as its words:
 * `BATTERY_HEATING` becomes `Battery heating`.
 *
 * @example
 * ```ts
 * deviceStatusLabel(DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING); // 'Waiting for cheap hours'
 * ```
 */
export function deviceStatusLabel(status: string, labels: Partial<Record<DeviceStatus, string>> = {}): string {
  if (isDeviceStatus(status)) return labels[status] ?? deviceStatusLabels[status];
  const words = status.toLowerCase().replace(/_+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Status unknown';
}

const TONE_COLOR: Record<StatusTone, string> = {
  ok: cssVar.ok,
  waiting: cssVar.waiting,
  problem: cssVar.danger,
  neutral: cssVar.muted,
};

/** A shape per tone, so the tone does not rest on colour alone: a dot, a ring, a triangle, a dash. */
function ToneMark({ tone }: { tone: StatusTone }) {
  const shape = {
    ok: <circle cx="5" cy="5" r="4" fill="currentColor" />,
    waiting: <circle cx="5" cy="5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />,
    problem: <path d="M5 0.8 9.4 9.2H0.6Z" fill="currentColor" />,
    neutral: <rect x="1" y="4" width="8" height="2" fill="currentColor" />,
  }[tone];
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      {shape}
    </svg>
  );
}

/**
 * The props of DeviceStatusBadge.
 *
 * @example
 * ```tsx
 * const props: DeviceStatusBadgeProps = { status: DeviceStatus.SMART_CHARGING };
 * ```
 */
export interface DeviceStatusBadgeProps {
  /** The unified status from `kilowise.devices.getStatus(deviceId)`; an unknown value is shown, not refused. */
  status: DeviceStatus | (string & {});
  /** Labels to use instead of the English ones, per status. */
  labels?: Partial<Record<DeviceStatus, string>>;
  className?: string;
}

/**
 * The unified device status as a short label with a tone: `SMART_CHARGING` reads "Smart charging",
 * `WAITING_FOR_SCHEDULED_CHARGING` "Waiting for cheap hours", and `ERROR`, `OFFLINE`, `NOT_REGISTERED`
 * and `UNABLE_TO_CHARGE` are problems. The label is text, so screen readers read it; the tone is shown by
 * a shape as well as a colour. Renders on the server.
 *
 * @example
 * ```tsx
 * <DeviceStatusBadge status={DeviceStatus.WAITING_FOR_SCHEDULED_CHARGING} />;
 * ```
 */
export function DeviceStatusBadge({ status, labels, className }: DeviceStatusBadgeProps) {
  const tone = deviceStatusTone(status);
  return (
    <span
      className={classNames('kw-ui', 'kw-ui-badge', `kw-ui-badge--${tone}`, className)}
      data-status={status}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.375em',
        padding: '0.125em 0.5em',
        border: '1px solid currentColor',
        borderRadius: cssVar.radius,
        color: TONE_COLOR[tone],
        fontSize: '0.875em',
        fontWeight: 600,
        lineHeight: 1.4,
        whiteSpace: 'nowrap',
      }}
    >
      <ToneMark tone={tone} />
      {deviceStatusLabel(status, labels)}
    </span>
  );
}
