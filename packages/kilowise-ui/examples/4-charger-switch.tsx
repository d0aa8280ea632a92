// Example: An OCPP charger's switch
import { useState } from 'react';
import { ChargerChargingBehavior } from 'kilowise-client';
import { ChargingBehaviorSwitch, DeviceStatusBadge, ReadyTimePicker } from 'kilowise-ui';

// A charger has two behaviors, so the control is a switch. Turn it off and the status follows.
export default function ChargerCard() {
  const [behavior, setBehavior] = useState(ChargerChargingBehavior.SMART_CHARGE_ON);
  const [readyTime, setReadyTime] = useState<string | undefined>('06:30');
  const on = behavior === ChargerChargingBehavior.SMART_CHARGE_ON;
  return (
    <section style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <h2 style={{ margin: 0 }}>
        Garage charger <DeviceStatusBadge status={on ? 'WAITING_FOR_SCHEDULED_CHARGING' : 'SMART_CHARGING_DISABLED'} />
      </h2>
      <ChargingBehaviorSwitch device="charger" value={behavior} onChange={setBehavior} />
      {on ? <ReadyTimePicker value={readyTime} onChange={(time) => setReadyTime(time)} /> : null}
    </section>
  );
}
