// Example: Missing hours and negative prices
import { SpotPriceChart } from 'kilowise-charts';

// A windy, sunny afternoon: prices below zero are drawn below the axis, and the hours the
// data lacks (13:00 and 14:00) stay gaps rather than zero. Remove every price to see the empty state.
const prices = {
  '2025-06-01T10:00:00+02:00': 0.0121,
  '2025-06-01T11:00:00+02:00': -0.0034,
  '2025-06-01T12:00:00+02:00': -0.0112,
  '2025-06-01T15:00:00+02:00': -0.0021,
  '2025-06-01T16:00:00+02:00': 0.0087,
  '2025-06-01T17:00:00+02:00': 0.0415,
};

export default function Afternoon() {
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <SpotPriceChart prices={prices} timeZone="Europe/Berlin" unit="c/kWh" areaId="DE-LU" cheapest={2} />
      <SpotPriceChart prices={{}} areaId="DE-LU" height={120} />
    </div>
  );
}
