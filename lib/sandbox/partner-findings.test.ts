// What a partner following the pages found the sandbox doing otherwise, each held to the page that states it, through
// the API and the controls as a partner's code calls them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { SAMPLE_LOCATION } from './domain/seed';
import {
  chargerOnline,
  eventsOf as events,
  REDIRECT,
  SAMPLE_DEVICES,
  sandboxAt as newSandboxAt,
  V2,
  type sandboxClient,
} from './test-client';
import { STOCKHOLM } from '../../scripts/testing/locations';

let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

const CAR = SAMPLE_DEVICES.car;

type Call = ReturnType<typeof sandboxClient>;

const sandboxAt = (time: string): Promise<Call> => newSandboxAt(contract, time);
const instant = (text: string) => Date.parse(text);
const status = async (call: Call, id: string) =>
  (await call('GET', `/v2/status/${id}`)).body as { status: string; timestamp: string };

/** The sample car's preferences as the smart-charging guide's example gives them, with `changes` over them. */
const carPreferences = (changes: Record<string, unknown> = {}) => ({
  chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
  chargingLocationIds: [SAMPLE_LOCATION],
  defaultSpotPriceAreaId: 'SE3',
  readyTime: '07:00',
  targetSoC: 80,
  minimalSoC: 20,
  batteryCapacity: 64,
  ...changes,
});

describe('deleting the location a connected car charges at (/docs/locations#delete-a-location)', () => {
  // The car was connected (plugged in at its user's first location, never moved with the device control): after the
  // delete it read CABLE_PLUGGED, yet its schedule was still 200 and its session charged on.
  it('the schedule is 404, the open session INTERRUPTED, nothing charges after, and the car CABLE_PLUGGED', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    const user = { 'x-user-id': 'p6-delete' };
    const added = await call('POST', `${V2}/users/p6-delete/locations`, STOCKHOLM);
    expect(added.status).toBe(200);
    const locationId = added.body.id as string;
    const connect = { authCode: 'sandbox-kia-ev6', redirectUrl: REDIRECT };
    const car = (await call('POST', '/v1/kilowise/devices/smartcar/connect', connect, user)).body.deviceId as string;
    const preferences = `${V2}/devices/${car}/smart-charging/ev-preferences`;
    const put = await call('PUT', preferences, carPreferences({ chargingLocationIds: [locationId], minimalSoC: 80 }));
    expect(put.status).toBe(200);
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    expect((await status(call, car)).status).toBe('SMART_CHARGING');
    const [open] = (await call('GET', `${V2}/devices/${car}/smart-charging/sessions`)).body;
    expect(open.status).toBe('ACTIVE');

    expect((await call('DELETE', `${V2}/users/p6-delete/locations/${locationId}`)).status).toBe(204);
    expect((await status(call, car)).status).toBe('CABLE_PLUGGED');
    expect((await call('GET', `${V2}/devices/${car}/smart-charging/schedule`)).status).toBe(404);
    const [ended] = (await call('GET', `${V2}/devices/${car}/smart-charging/sessions`)).body;
    expect([ended.id, ended.status, instant(ended.endDateTime)]).toEqual([
      open.id,
      'INTERRUPTED',
      instant('2025-03-14T16:01:00+01:00'),
    ]);
    expect((await events(call, car)).map((event) => event.type)).toContain('session-interrupted');
    // The deleted id is no charging location of the car any more: its preferences can be sent back as they read.
    const kept = (await call('GET', preferences)).body;
    expect(kept.chargingLocationIds ?? []).not.toContain(locationId);
    expect((await call('PUT', preferences, kept)).status).toBe(200);
    await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
    const after = (await call('GET', `${V2}/devices/${car}/smart-charging/sessions`)).body;
    expect(after.map((session: { status: string }) => session.status)).toEqual(['INTERRUPTED']);
    expect(after[0].hourlyCharges).toEqual(ended.hourlyCharges);
  });

  it('a car at another location of its user goes on charging there', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    const other = await call('POST', `${V2}/users/user-4711/locations`, { ...STOCKHOLM, name: 'Cabin' });
    expect(other.status).toBe(200);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10 });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    expect((await status(call, CAR)).status).toBe('SMART_CHARGING');
    expect((await call('DELETE', `${V2}/users/user-4711/locations/${other.body.id}`)).status).toBe(204);
    expect((await status(call, CAR)).status).toBe('SMART_CHARGING');
    const [open] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(open.status).toBe('ACTIVE');
  });
});

describe('raising the target of a car that completed (/docs/smart-charging#status-schedule-and-session)', () => {
  // The schedule was made (200, hours tomorrow), yet the status read SMART_CHARGING_COMPLETED until its first hour.
  it('is WAITING_FOR_SCHEDULED_CHARGING once the schedule is made, dated then', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    expect((await status(call, CAR)).status).toBe('SMART_CHARGING_COMPLETED');
    const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
    expect((await call('PUT', preferences, carPreferences({ targetSoC: 100 }))).status).toBe(200);
    const schedule = await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`);
    expect(schedule.status).toBe(200);
    const hours = Object.keys(schedule.body.hourlyCharges as Record<string, number>).map(instant);
    expect(Math.min(...hours)).toBeGreaterThan(instant('2025-03-15T16:00:00+01:00'));
    const waiting = await status(call, CAR);
    expect([waiting.status, instant(waiting.timestamp)]).toEqual([
      'WAITING_FOR_SCHEDULED_CHARGING',
      instant('2025-03-15T16:00:00+01:00'),
    ]);
    const changes = (await events(call, CAR)).filter((event) => event.type === 'status-changed');
    expect(changes.at(-1)).toMatchObject({ from: 'SMART_CHARGING_COMPLETED', to: 'WAITING_FOR_SCHEDULED_CHARGING' });
  });
});

describe("a car's status timestamp at its ready time (/docs/sandbox#what-it-simulates: Statuses)", () => {
  // Charging paused at the ready time (a status-changed event at 18:00Z), yet the status kept the 15:00Z timestamp.
  it('moves to the ready time when charging pauses there, on the unified and the v1 status', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
    expect((await call('PUT', preferences, carPreferences({ readyTime: '19:00' }))).status).toBe(200);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10 });
    const charging = await status(call, CAR);
    expect([charging.status, instant(charging.timestamp)]).toEqual(['SMART_CHARGING', instant('2025-03-14T15:00:00Z')]);
    await call('POST', '/__sandbox/clock', { now: '2025-03-14T19:00:00+01:00' });
    const paused = await status(call, CAR);
    expect([paused.status, instant(paused.timestamp)]).toEqual([
      'WAITING_FOR_SCHEDULED_CHARGING',
      instant('2025-03-14T18:00:00Z'),
    ]);
    const v1 = (await call('GET', `/v1/kilowise/devices/${CAR}/status`)).body;
    expect(instant(v1.timestamp)).toBe(instant('2025-03-14T18:00:00Z'));
  });
});

describe("a charger's energy goal with no location (/docs/sandbox#what-it-simulates: Chargers)", () => {
  // The device control answered "targetSoc": null for a charger whose preferences name no locationId.
  it('the device control gives the state of charge the energy reaches from the plug-in', async () => {
    const call = await sandboxAt('2025-03-12T15:00:00Z');
    const registered = await call(
      'POST',
      `${V2}/devices/register-charger`,
      { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-9999999', autoSetupOCPPConnection: false },
      { 'X-User-Id': 'p6-energy' },
    );
    const charger = registered.body.id as string;
    await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
    const put = await call('PUT', `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`, {
      chargingBehavior: 'SMART_CHARGE_ON',
      readyTime: '07:00',
      targetEnergyTransfer: { value: 10, unit: 'kWh' },
    });
    expect(put.status).toBe(200);
    const plugged = await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
    expect(plugged.status).toBe(200);
    const { soc, batteryCapacityKwh, targetSoc } = plugged.body;
    expect(targetSoc).toBe(Math.round((soc + (10 / batteryCapacityKwh) * 100) * 10) / 10);
    expect(plugged.body.status).toBe('CABLE_PLUGGED');
  });
});

/**
 * A charger of `user` set up by hand and online, smart charging to 80 % by 07:00 at the user's new location in
 * Stockholm, with `more` preferences: its id.
 */
async function smartChargerOf(call: Call, user: string, more: Record<string, unknown> = {}): Promise<string> {
  const charger = await chargerOnline(call, user);
  const location = await call('POST', `${V2}/users/${user}/locations`, STOCKHOLM);
  const put = await call('PUT', `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`, {
    chargingBehavior: 'SMART_CHARGE_ON',
    readyTime: '07:00',
    targetSoC: { value: 80, unit: 'PERCENT' },
    locationId: location.body.id,
    ...more,
  });
  expect(put.status).toBe(200);
  return charger;
}

describe("a charger's currentSoC in km (/docs/chargers#charger-preferences, /docs/sandbox#test-data)", () => {
  // 300 km of a 64 kWh battery plugged in at 35 %, the sandbox's default, where the pages say 67 %.
  it('plugs in at the state of charge the range gives, 7 km per kWh: 300 km of 64 kWh is 67 %', async () => {
    const call = await sandboxAt('2025-03-12T14:00:00Z');
    const user = 'p7-km';
    const charger = await smartChargerOf(call, user, { currentSoC: { value: 300, unit: 'KM' }, batteryCapacity: 64 });
    const plugged = await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
    expect(plugged.status).toBe(200);
    expect(Math.round(plugged.body.soc)).toBe(67);
    expect(plugged.body.soc).toBeCloseTo((300 / (64 * 7)) * 100, 1);
  });
});

describe("a charger's status timestamp after its schedule is made (/docs/sandbox#what-it-simulates: Statuses, /docs/chargers)", () => {
  // CALCULATING_SCHEDULE → WAITING_FOR_SCHEDULED_CHARGING at 14:00:40Z on the timeline, yet the status kept 14:00:30Z.
  it('is the later of its last heartbeat and its last status change while online: the schedule made', async () => {
    const call = await sandboxAt('2025-03-12T14:00:30Z');
    const user = 'p7-stamp';
    const charger = await smartChargerOf(call, user);
    expect((await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true })).status).toBe(200);
    await call('POST', '/__sandbox/clock', { advance: 'PT30S' });
    const change = (await events(call, charger)).findLast((event) => event.type === 'status-changed');
    expect(change).toMatchObject({ from: 'CALCULATING_SCHEDULE', to: 'WAITING_FOR_SCHEDULED_CHARGING' });
    expect(instant(change?.at as string)).toBe(instant('2025-03-12T14:00:40Z'));
    const waiting = await status(call, charger);
    expect([waiting.status, instant(waiting.timestamp)]).toEqual([
      'WAITING_FOR_SCHEDULED_CHARGING',
      instant('2025-03-12T14:00:40Z'),
    ]);
    // Past its next heartbeat (14:05:30Z) the timestamp is that heartbeat's.
    await call('POST', '/__sandbox/clock', { advance: 'PT5M' });
    expect(instant((await status(call, charger)).timestamp)).toBe(instant('2025-03-12T14:05:30Z'));
  });
});
