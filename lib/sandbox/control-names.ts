/**
 * The sandbox controls' paths and the fault codes a device control takes, without the simulation: the playground's
 * Sandbox controls panel imports these, and its chunk should not carry the sandbox's code. `controls.ts` answers them.
 */

/** Where the controls live, outside the contract's paths. */
export const CONTROL_PREFIX = '/__sandbox/';
export const RESET_PATH = '/__sandbox/reset';
export const CLOCK_PATH = '/__sandbox/clock';
export const VERSION_PATH = '/__sandbox/version';
export const DEVICE_CONTROL_PREFIX = '/__sandbox/devices/';
/** The request log and the timeline of what the simulation did: reading them is not logged. */
export const REQUESTS_PATH = '/__sandbox/requests';
export const EVENTS_PATH = '/__sandbox/events';

/** The fault codes a charger may report (OCPP 1.6 ChargePointErrorCode, without NoError). */
export const OCPP_FAULTS = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;
