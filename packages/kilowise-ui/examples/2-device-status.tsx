// Example: Every device status
import { DeviceStatus } from 'kilowise-client';
import { DeviceStatusBadge } from 'kilowise-ui';

// The badge of each unified status that kilowise.devices.getStatus(deviceId) can return,
// and of a status a newer API might add.
export default function AllStatuses() {
  const statuses: string[] = [...Object.values(DeviceStatus), 'BATTERY_HEATING'];
  return (
    <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
      {statuses.map((status) => (
        <li key={status}>
          <DeviceStatusBadge status={status} /> <code>{status}</code>
        </li>
      ))}
    </ul>
  );
}
