// Example: Heating comfort range
import { useState } from 'react';
import { HeatingBehavior } from 'kilowise-client';
import { ComfortRangeInput } from 'kilowise-ui';

// The range a heat pump is kept within. Type a lowest temperature above the highest, or 40 °C,
// and the field says why it cannot be saved; onChange only ever reports a valid range.
export default function HeatingComfort() {
  const [range, setRange] = useState({ min: 19, max: 23 });
  const body = {
    minComfortLimit: range.min,
    maxComfortLimit: range.max,
    heatingBehavior: HeatingBehavior.SMART_HEATING_ON,
  };
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <ComfortRangeInput min={range.min} max={range.max} onChange={(min, max) => setRange({ min, max })} />
      <p>kilowise.smartHeating.updatePreferences(deviceId, body) sends:</p>
      <pre>{JSON.stringify(body, null, 2)}</pre>
    </div>
  );
}
