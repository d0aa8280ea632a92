// Example: EV preferences form
import { useState } from 'react';
import { VehicleChargingBehavior, type VehiclePreferences } from 'kilowise-client';
import { ChargingBehaviorSwitch, ReadyTimePicker, SocSlider } from 'kilowise-ui';

// The form of a car's smart charging preferences. What it would send with
// kilowise.smartCharging.updateEvPreferences(deviceId, preferences) is shown below it.
export default function EvPreferencesForm() {
  const [preferences, setPreferences] = useState<VehiclePreferences>({
    chargingBehavior: VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION,
    readyTime: '07:00',
    weekDaySpecificReadyTimes: { SATURDAY: '10:30' },
    targetSoC: 80,
    minimalSoC: 20,
  });
  return (
    <form style={{ display: 'grid', gap: 20 }} onSubmit={(event) => event.preventDefault()}>
      <ChargingBehaviorSwitch
        value={preferences.chargingBehavior}
        onChange={(chargingBehavior) => setPreferences({ ...preferences, chargingBehavior })}
      />
      <ReadyTimePicker
        value={preferences.readyTime}
        weekDays={preferences.weekDaySpecificReadyTimes}
        onChange={(readyTime, weekDaySpecificReadyTimes) =>
          setPreferences({ ...preferences, readyTime, weekDaySpecificReadyTimes })
        }
      />
      <SocSlider
        target={preferences.targetSoC}
        minimal={preferences.minimalSoC}
        onChange={(targetSoC, minimalSoC) => setPreferences({ ...preferences, targetSoC, minimalSoC })}
      />
      <pre>{JSON.stringify(preferences, null, 2)}</pre>
    </form>
  );
}
