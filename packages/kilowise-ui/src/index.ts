/**
 * kilowise-ui: controlled, accessible React inputs for the screens of a smart charging or heating app,
 * typed against kilowise-client: ready time, state of charge, charging behavior, device status and comfort
 * range. Styled by CSS custom properties (`--kw-ui-accent`, `--kw-ui-radius`, …) a page can override.
 *
 * @packageDocumentation
 */
export {
  ChargingBehaviorSwitch,
  chargingBehaviorLabels,
  type ChargerBehaviorProps,
  type ChargingBehaviorLabels,
  type ChargingBehaviorSwitchProps,
  type VehicleBehaviorProps,
} from './charging-behavior-switch';
export {
  ComfortRangeInput,
  comfortRangeLabels,
  type ComfortRangeInputProps,
  type ComfortRangeLabels,
} from './comfort-range-input';
export {
  DeviceStatusBadge,
  deviceStatusLabel,
  deviceStatusLabels,
  deviceStatusTone,
  type DeviceStatusBadgeProps,
  type StatusTone,
} from './device-status-badge';
export {
  clampSoc,
  cleanWeekDays,
  COMFORT_LIMITS,
  nextSocPair,
  readCelsius,
  SOC_RANGE,
  toReadyTime,
  WEEK_DAYS,
  type CelsiusReading,
  type SocPair,
  type WeekDay,
} from './ranges';
export {
  ReadyTimePicker,
  readyTimePickerLabels,
  type ReadyTimePickerLabels,
  type ReadyTimePickerProps,
} from './ready-time-picker';
export {
  DEFAULT_TARGET_SOC,
  SocSlider,
  socSliderLabels,
  type SocSliderLabels,
  type SocSliderProps,
} from './soc-slider';
