import { describe, expect, it } from 'vitest';
import { CHARGER_ONLINE_WINDOW_MS, isChargerOnline } from './charger-online';

describe('isChargerOnline', () => {
  const now = Date.parse('2025-03-14T18:10:00+01:00');

  it('is online with a heartbeat inside the window, and offline once it is past', () => {
    expect(isChargerOnline({ heartbeatTimestamp: '2025-03-14T18:05:00+01:00' }, now)).toBe(true);
    expect(
      isChargerOnline({ heartbeatTimestamp: new Date(now - CHARGER_ONLINE_WINDOW_MS + 1).toISOString() }, now),
    ).toBe(true);
    expect(isChargerOnline({ heartbeatTimestamp: new Date(now - CHARGER_ONLINE_WINDOW_MS).toISOString() }, now)).toBe(
      false,
    );
  });

  it('judges at the current time when no time is given', () => {
    expect(isChargerOnline({ heartbeatTimestamp: new Date(Date.now() - 60_000).toISOString() })).toBe(true);
    expect(
      isChargerOnline({ heartbeatTimestamp: new Date(Date.now() - CHARGER_ONLINE_WINDOW_MS - 60_000).toISOString() }),
    ).toBe(false);
  });

  it('is offline without a heartbeat, or with one that is not a time', () => {
    expect(isChargerOnline({}, now)).toBe(false);
    expect(isChargerOnline({ heartbeatTimestamp: 'yesterday' }, now)).toBe(false);
  });
});
