import type { OcppChargerStatus } from './types/status';

/**
 * How recent an OCPP charger's last heartbeat must be for it to count as online: 10 minutes. The contract has no
 * "online" field; this is the one threshold the guides and the SDK use.
 *
 * @example
 * ```ts
 * console.log(`A charger whose last heartbeat is over ${CHARGER_ONLINE_WINDOW_MS / 60_000} minutes old is offline.`);
 * ```
 */
export const CHARGER_ONLINE_WINDOW_MS = 10 * 60_000;

/**
 * Whether an OCPP charger is online: it has sent a heartbeat within {@link CHARGER_ONLINE_WINDOW_MS}. A charger that
 * never sent one (a new one not connected yet) is not.
 *
 * @param status - The answer of `devices.getOcppChargerStatus()`.
 * @param now - The time to judge at, in milliseconds since the epoch; the current time when left out. Tests and the
 *   sandbox, whose clock you set, pass their own.
 * @example
 * ```ts
 * const status = await kilowise.devices.getOcppChargerStatus('dev-77a0d2');
 * if (!isChargerOnline(status)) console.log('The charger is offline: check its network connection.');
 * ```
 */
export function isChargerOnline(status: Pick<OcppChargerStatus, 'heartbeatTimestamp'>, now?: number): boolean {
  if (!status.heartbeatTimestamp) return false;
  const heartbeat = Date.parse(status.heartbeatTimestamp);
  // Optional rather than a default value: TypeDoc shows a parameter with a default as required.
  return Number.isFinite(heartbeat) && (now ?? Date.now()) - heartbeat < CHARGER_ONLINE_WINDOW_MS;
}
