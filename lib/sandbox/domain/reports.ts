import type { DeviceRecord } from './model';

/**
 * What a vehicle last reported to Kilowise through its integration: when, its state of charge then, and whether it
 * was charging. A car reports when its state changes (plugged in or out, charging starts, pauses or completes, its
 * state of charge set, back online) and when a status update is asked for; the vehicle status gives that report, so
 * its `timestamp` is when the car reported it (the vehicles guide), and an update has an effect one can see.
 */
export interface VehicleReport {
  at: number;
  soc: number;
  charging: boolean;
}

/** The vehicle reports its state at `at` (whether it charges: as `charging` says, else as it last said). */
export function noteReport(device: DeviceRecord, at: number, charging?: boolean): void {
  if (device.type !== 'VEHICLE') return;
  device.sim.report = { at, soc: device.sim.soc, charging: charging ?? device.sim.report?.charging ?? false };
}

/** Charging started or stopped at `at`: the car reports it, once per change. */
export function noteCharging(device: DeviceRecord, at: number, charging: boolean): void {
  if ((device.sim.report?.charging ?? false) !== charging) noteReport(device, at, charging);
}

/** The vehicle's last report at `now`; a car of a world stored before reports were kept reports now. */
export function lastReport(device: DeviceRecord, now: number): VehicleReport {
  const report = device.sim.report;
  return report && report.at <= now ? report : { at: now, soc: device.sim.soc, charging: false };
}
