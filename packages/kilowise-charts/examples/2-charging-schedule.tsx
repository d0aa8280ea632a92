// Example: A charging schedule over the prices
import type { ChargingSchedule } from 'kilowise-client';
import { ChargingScheduleChart } from 'kilowise-charts';

// kilowise.smartCharging.getSchedule('dev-5b1f0c') plans the kWh of each hour; the line is the
// spot price of the same hours. The car charges in the cheapest night hours before 07:00.
const schedule: ChargingSchedule = {
  id: 'ses-1f2e3d',
  createdAt: '2025-03-14T17:42:00+01:00',
  endDateTime: '2025-03-15T07:00:00+01:00',
  spotPriceAreaId: 'SE3',
  readyTime: '07:00',
  timeZone: 'Europe/Stockholm',
  hourlyCharges: {
    '2025-03-14T22:00:00+01:00': 0,
    '2025-03-14T23:00:00+01:00': 7.4,
    '2025-03-15T00:00:00+01:00': 11,
    '2025-03-15T01:00:00+01:00': 11,
    '2025-03-15T02:00:00+01:00': 11,
    '2025-03-15T03:00:00+01:00': 11,
    '2025-03-15T04:00:00+01:00': 3.2,
    '2025-03-15T05:00:00+01:00': 0,
    '2025-03-15T06:00:00+01:00': 0,
  },
};

const prices = {
  '2025-03-14T22:00:00+01:00': 0.0573,
  '2025-03-14T23:00:00+01:00': 0.0466,
  '2025-03-15T00:00:00+01:00': 0.0402,
  '2025-03-15T01:00:00+01:00': 0.0371,
  '2025-03-15T02:00:00+01:00': 0.0344,
  '2025-03-15T03:00:00+01:00': 0.0339,
  '2025-03-15T04:00:00+01:00': 0.0358,
  '2025-03-15T05:00:00+01:00': 0.0512,
  '2025-03-15T06:00:00+01:00': 0.0864,
};

export default function NightSchedule() {
  return <ChargingScheduleChart schedule={schedule} prices={prices} unit="c/kWh" height={240} />;
}
