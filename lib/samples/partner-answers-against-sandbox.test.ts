// A partner's third run of issue 54, fourth reader's side: what the pages now say the sandbox does, checked against
// the sandbox itself, each test naming the page it holds. The pages' own words are held in
// lib/content/partner-answers.test.ts; the sandbox's rules of earlier runs in lib/sandbox/partner-answers.test.ts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createSandbox } from '../sandbox/sandbox';
import { REDIRECT, SAMPLE_DEVICES, sandboxAt as newSandboxAt, sandboxClient, V2 } from '../sandbox/test-client';
import { HELSINKI, STOCKHOLM } from '../../scripts/testing/locations';

const { car: CAR, charger: CHARGER, heatPump: HEAT_PUMP } = SAMPLE_DEVICES;

type Call = ReturnType<typeof sandboxClient>;

const page = (file: string) => readFileSync(file, 'utf8');
const instant = (text: string) => Date.parse(text);
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('the sandbox does what the pages of partner run 3 say', () => {
  let contract: OperationContract;

  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  /** A sandbox whose clock stands at `time`, and a client of it. */
  const sandboxAt = (time: string): Promise<Call> => newSandboxAt(contract, time);

  /** A user with a location, and the id of that location. */
  async function userWithLocation(call: Call, userId: string, location = STOCKHOLM): Promise<string> {
    const added = await call('POST', `${V2}/users/${userId}/locations`, location);
    expect(added.status).toBe(200);
    return added.body.id as string;
  }

  /** A charger registered for `userId` as one set up by hand, not yet connected. */
  async function chargerSetUpByHand(call: Call, userId: string, vendorDeviceId = 'PLP1-9999999'): Promise<string> {
    const registered = await call(
      'POST',
      `${V2}/devices/register-charger`,
      { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId, autoSetupOCPPConnection: false },
      { 'X-User-Id': userId },
    );
    expect(registered.status).toBe(200);
    return registered.body.id as string;
  }

  const ocppStatus = async (call: Call, id: string) =>
    (await call('GET', `${V2}/devices/ocpp-charger/${id}/status`)).body.status as string;
  const status = async (call: Call, id: string) => (await call('GET', `/v2/status/${id}`)).body;

  describe('C2: the message of a bad date-time (/docs/errors#a-period-that-is-not-a-date-time)', () => {
    it('is "must be a valid date-time" for the values the page names, and "with an offset" for the ones it names', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const message = async (value: string) =>
        (
          await call(
            'GET',
            `${V2}/spot-prices/SE3?startDateTime=${encodeURIComponent(value)}&endDateTime=${encodeURIComponent('2025-03-12T00:00:00+01:00')}`,
          )
        ).body.message as string;
      for (const value of ['2025-03-11T00:00:00', '2030-01-01T00:00Z', 'yesterday', '2025-02-30T00:00:00Z'])
        expect(await message(value)).toBe(
          `Parameter "startDateTime" (query) must be a valid date-time, got "${value}"`,
        );
      for (const value of ['2025-03-14T23:59:60Z', '2025-03-11t00:00:00z'])
        expect(await message(value)).toBe(
          `Parameter "startDateTime" (query) must be a date-time with an offset, got "${value}"`,
        );
    });
  });

  describe('C3: a currentSoC sent while plugged in counts from the next plug-in (/docs/smart-charging#back-to-smart-charging-after-charge-now)', () => {
    it('after charge now, a currentSoC above the target does not complete the plan; at the next plug-in it does', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const locationId = await userWithLocation(call, 'p3-c3');
      const charger = await chargerSetUpByHand(call, 'p3-c3');
      await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
      const kept = {
        chargingBehavior: 'SMART_CHARGE_ON',
        readyTime: '07:00',
        targetSoC: { value: 80, unit: 'PERCENT' },
        currentSoC: { value: 35, unit: 'PERCENT' },
        locationId,
        batteryCapacity: 64,
      };
      const preferences = `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`;
      expect((await call('PUT', preferences, kept)).status).toBe(200);
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      expect((await call('POST', `/v2/devices/${charger}/smart-charging/start-charging`)).status).toBe(204);
      await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
      expect((await call('POST', `/v2/devices/${charger}/smart-charging/stop-charging`)).status).toBe(204);
      expect((await call('PUT', preferences, { ...kept, currentSoC: { value: 90, unit: 'PERCENT' } })).status).toBe(
        200,
      );
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect((await status(call, charger)).status).not.toBe('SMART_CHARGING_COMPLETED');
      expect((await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).status).toBe(200);
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect((await status(call, charger)).status).toBe('SMART_CHARGING_COMPLETED');
      expect((await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).status).toBe(404);
    });
  });

  describe('C4: a device of another kind (/docs/environments-limits-and-retries#two-kinds-of-404)', () => {
    it('answers 404, or 400 where the contract has one, and reading the device gives its type', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const cases: [string, string, number, string][] = [
        ['GET', `/v2/status/${HEAT_PUMP}`, 404, 'is a heat pump'],
        ['GET', `${V2}/devices/${HEAT_PUMP}/smart-charging/schedule`, 404, 'is a heat pump'],
        ['GET', `${V2}/devices/${HEAT_PUMP}/smart-charging/sessions`, 404, 'is a heat pump'],
        ['POST', `/v2/devices/${HEAT_PUMP}/smart-charging/start-charging`, 404, 'is a heat pump'],
        ['GET', `${V2}/devices/${CHARGER}/smart-charging/ev-preferences`, 404, 'is a charger'],
        ['GET', `${V2}/devices/ocpp-charger/${CAR}/status`, 404, 'is a vehicle'],
        ['PUT', `${V2}/devices/${CHARGER}/smart-charging/ev-preferences`, 400, 'is a charger'],
        ['GET', `/v1/kilowise/devices/smartcar/${CHARGER}/capabilities`, 400, 'is a charger'],
      ];
      for (const [method, path, expected, kind] of cases) {
        const answer = await call(
          method,
          path,
          method === 'PUT' ? { chargingBehavior: 'SMART_CHARGE_OFF' } : undefined,
        );
        expect({ path, status: answer.status }).toEqual({ path, status: expected });
        expect(answer.body.message).toContain(kind);
      }
      const types = await Promise.all(
        [CAR, CHARGER, HEAT_PUMP].map(async (id) => (await call('GET', `${V2}/devices/${id}`)).body.type),
      );
      expect(types).toEqual(['VEHICLE', 'EV_CHARGER', 'HEATER']);
    });
  });

  describe('C5: the sandbox makes no EV device (/docs/sandbox#what-it-simulates, /docs/vehicles, /docs/user-management)', () => {
    it('a car plugged in at a charger, charging in a planned hour, is not a device', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      await call('PATCH', `/__sandbox/devices/${CHARGER}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${CHARGER}`, { pluggedIn: true });
      await call('POST', `/v2/devices/${CHARGER}/smart-charging/start-charging`);
      expect(await ocppStatus(call, CHARGER)).toBe('CHARGING');
      const devices = (await call('GET', `${V2}/devices?userId=user-4711`)).body as { type: string }[];
      expect(devices.map((device) => device.type)).toContain('EV_CHARGER');
      expect(devices.filter((device) => device.type === 'EV')).toEqual([]);
    });
  });

  describe('F1, G3: what stays when a user leaves, and what sign-out changes (/docs/user-management#when-a-user-leaves)', () => {
    it('sign-out changes nothing readable; after the four steps the Wallbox link stays', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const user = { 'X-User-Id': 'p3-dora' };
      expect((await call('GET', '/v2/wallbox/chargers', undefined, user)).status).toBe(400);
      const account = { username: 'anna@example.com', password: 'the-users-wallbox-password' };
      expect((await call('POST', '/v2/wallbox/register-account', account, user)).status).toBe(204);
      const locationId = await userWithLocation(call, 'p3-dora');
      const charger = await chargerSetUpByHand(call, 'p3-dora', 'PLP1-0123456');
      const tariff = {
        electricalUtilityProvider: 'Stockholm Energi',
        meterId: '735999100012345678',
        tariff: 'Timpris',
      };
      expect((await call('PUT', `${V2}/users/p3-dora/data`, tariff)).status).toBe(200);
      const readable = async () => ({
        devices: (await call('GET', `${V2}/devices?userId=p3-dora`)).body.length,
        locations: (await call('GET', `${V2}/users/p3-dora/locations`)).body.length,
        data: (await call('GET', `${V2}/users/p3-dora/data`)).status,
        wallbox: (await call('GET', '/v2/wallbox/chargers', undefined, user)).status,
      });
      const before = await readable();
      expect(before).toEqual({ devices: 1, locations: 1, data: 200, wallbox: 200 });
      expect((await call('POST', `${V2}/users/p3-dora/sign-out`)).status).toBe(204);
      expect(await readable()).toEqual(before);

      expect((await call('DELETE', `${V2}/devices/${charger}`)).status).toBe(204);
      expect((await call('DELETE', `${V2}/users/p3-dora/locations/${locationId}`)).status).toBe(204);
      expect((await call('DELETE', `${V2}/users/p3-dora/data`)).status).toBe(204);
      expect((await call('POST', `${V2}/users/p3-dora/sign-out`)).status).toBe(204);
      const chargers = await call('GET', '/v2/wallbox/chargers', undefined, user);
      expect(chargers.status).toBe(200);
      expect(chargers.body.map((wallbox: { uid: string }) => wallbox.uid)).toContain('PLP1-0123456');
    });
  });

  describe('G1, G12: a missing user id is 400 naming the header (/docs/user-management#passing-the-user-id, /docs/vehicles/smartcar)', () => {
    it('connect without x-user-id, and the Wallbox and charger calls without X-User-Id', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const connect = await call('POST', '/v1/kilowise/devices/smartcar/connect', {
        authCode: 'sandbox-kia-ev6',
        redirectUrl: REDIRECT,
      });
      expect(connect).toEqual({ status: 400, body: { message: 'Parameter "x-user-id" (header) is required' } });
      for (const [method, path, body] of [
        ['POST', '/v2/wallbox/register-account', { username: 'anna@example.com', password: 'x' }],
        ['GET', '/v2/wallbox/chargers', undefined],
        ['POST', `${V2}/devices/register-charger`, { name: 'G', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0123456' }],
      ] as const)
        expect(await call(method, path, body)).toEqual({
          status: 400,
          body: { message: 'Parameter "X-User-Id" (header) is required' },
        });
    });
  });

  describe('G2: a car its first user removed connects for another (/docs/vehicles/smartcar#connect-the-car)', () => {
    it('CONFLICT while the first user has it, CREATED with a new deviceId once it is removed', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const connect = async (userId: string) =>
        (
          await call(
            'POST',
            '/v1/kilowise/devices/smartcar/connect',
            { authCode: 'sandbox-tesla-model-3', redirectUrl: REDIRECT },
            { 'x-user-id': userId },
          )
        ).body;
      const first = await connect('p3-first');
      expect(first.status).toBe('CREATED');
      expect((await connect('p3-second')).status).toBe('CONFLICT');
      expect((await call('DELETE', `${V2}/devices/${first.deviceId}`)).status).toBe(204);
      const second = await connect('p3-second');
      expect(second.status).toBe('CREATED');
      expect(second.deviceId).not.toBe(first.deviceId);
    });
  });

  describe('G4, G5, G6, G7: a charger set up by hand, its statuses and its energy goal (/docs/chargers, /docs/sandbox)', () => {
    it('is registered by any serial, offline until online; AVAILABLE and CABLE_UNPLUGGED; an energy goal shows as a state of charge', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const locationId = await userWithLocation(call, 'p3-hand');
      const charger = await chargerSetUpByHand(call, 'p3-hand');
      expect(await ocppStatus(call, charger)).toBe('UNAVAILABLE');
      expect((await status(call, charger)).status).toBe('OFFLINE');
      await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
      expect(await ocppStatus(call, charger)).toBe('AVAILABLE');
      expect((await status(call, charger)).status).toBe('CABLE_UNPLUGGED');
      const preferences = `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`;
      const energyGoal = {
        chargingBehavior: 'SMART_CHARGE_ON',
        readyTime: '07:00',
        targetEnergyTransfer: { value: 20, unit: 'kWh' },
        locationId,
        batteryCapacity: 64,
      };
      expect((await call('PUT', preferences, energyGoal)).status).toBe(200);
      expect((await status(call, charger)).status).toBe('CABLE_UNPLUGGED');
      const plugged = await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      expect(plugged.body.soc).toBe(35);
      expect(plugged.body.targetSoc).toBe(66.3);
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect(await ocppStatus(call, charger)).toBe('SUSPENDED_EVSE');
    });
  });

  describe('G8: a PUT of a smart behaviour during charge now (/docs/environments-limits-and-retries#where-the-contract-is-silent)', () => {
    it('keeps the charge now session ACTIVE, and interrupts nothing', async () => {
      const since = '2025-03-14T16:00:00+01:00';
      const call = await sandboxAt(since);
      const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
      const kept = (await call('GET', preferences)).body;
      delete kept.previousChargingBehavior;
      await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
      await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
      await call('POST', '/__sandbox/clock', { advance: 'PT10M' });
      expect((await call('PUT', preferences, kept)).status).toBe(200);
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect(['SMART_CHARGING', 'WAITING_FOR_SCHEDULED_CHARGING']).toContain((await status(call, CAR)).status);
      const sessions = (
        (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body as {
          status: string;
          createdAt: string;
        }[]
      ).filter((session) => instant(session.createdAt) >= instant(since));
      expect(sessions.map((session) => session.status)).toEqual(['ACTIVE']);
      expect(instant(sessions[0]?.createdAt ?? '')).toBe(instant(since));
    });
  });

  describe("run 9: the contract's example of no prices is a message the sandbox gives (/docs/errors#no-spot-prices-between-start-and-end)", () => {
    it('for the times of the example, written with seconds as a date-time must be', async () => {
      const example = /No spot prices for SE3 between (\S+) and (\S+)`/.exec(oneLine(page('content/docs/errors.mdx')));
      expect(example).not.toBeNull();
      const [message, start, end] = example as unknown as [string, string, string];
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const answer = await call('GET', `${V2}/spot-prices/SE3?startDateTime=${start}&endDateTime=${end}`);
      expect(answer).toEqual({ status: 404, body: { message: message.slice(0, -1) } });
    });
  });

  describe("run 9: a car's status is its last report (/docs/vehicles#vehicle-status, /docs/vehicles/smartcar#vehicle-status)", () => {
    it('soc stays as reported while the car charges, and a status update reports the charge', async () => {
      expect(oneLine(page('content/docs/vehicles/index.mdx'))).toContain(
        'Between reports `soc` and `range` stay as reported, also while the car charges',
      );
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const read = async () => (await call('GET', `/v1/kilowise/devices/${CAR}/status`)).body;
      expect((await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`)).status).toBe(204);
      const started = await read();
      expect(started.chargingStatus).toBe('CHARGING');
      await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
      expect(await read()).toEqual(started);
      expect((await call('POST', `/v1/kilowise/devices/smartcar/${CAR}/status`)).status).toBe(202);
      const fresh = await read();
      expect(fresh.soc).toBeGreaterThan(started.soc);
      expect(instant(fresh.timestamp)).toBe(instant('2025-03-12T17:00:00+01:00'));
    });
  });

  describe('run 10: a charger with no preferences, plugged in and charged now (/docs/chargers#ocpp-charger-status, /docs/smart-charging#sessions)', () => {
    it('is SUSPENDED_EVSE while nothing charges; its session has no area, ready time or zone, and UTC keys', async () => {
      expect(oneLine(page('content/docs/chargers.mdx'))).toContain(
        'and also while a car is plugged in that nothing charges (unified status `SMART_CHARGING_DISABLED`',
      );
      expect(oneLine(page('content/docs/smart-charging.mdx'))).toContain(
        'has none of the three, and its `hourlyCharges` keys are in UTC',
      );
      const call = await sandboxAt('2025-03-11T17:11:00+01:00');
      const charger = await chargerSetUpByHand(call, 'user-run-10', 'PLP1-6666666');
      expect((await call('PATCH', `/__sandbox/devices/${charger}`, { online: true, pluggedIn: true })).status).toBe(
        200,
      );
      expect((await status(call, charger)).status).toBe('SMART_CHARGING_DISABLED');
      expect(await ocppStatus(call, charger)).toBe('SUSPENDED_EVSE');
      expect((await call('POST', `/v2/devices/${charger}/smart-charging/start-charging`)).status).toBe(204);
      expect(await ocppStatus(call, charger)).toBe('CHARGING');
      await call('POST', '/__sandbox/clock', { advance: 'PT2H' });
      const [session] = (await call('GET', `${V2}/devices/${charger}/smart-charging/sessions`)).body;
      expect(session).not.toHaveProperty('spotPriceAreaId');
      expect(session).not.toHaveProperty('readyTime');
      expect(session).not.toHaveProperty('timeZone');
      expect(Object.keys(session.hourlyCharges)[0]).toBe('2025-03-11T16:00:00Z');
      expect((await call('POST', `/v2/devices/${charger}/smart-charging/stop-charging`)).status).toBe(204);
      expect(await ocppStatus(call, charger)).toBe('SUSPENDED_EVSE');
    });
  });

  describe("run 11: the contract's 404 names a device of another kind, as the pages do (/docs/environments-limits-and-retries#two-kinds-of-404)", () => {
    it('DeviceNotFound and PreferencesNotFound say so, and the sandbox answers it', async () => {
      const contractText = oneLine(page('content/openapi/kilowise-openapi.yaml'));
      expect(contractText).toContain('the device was removed, or it is a device of another kind');
      expect(contractText).toContain('The device is not found, it is of another kind');
      expect(oneLine(page('content/docs/environments-limits-and-retries.mdx'))).not.toContain(
        'Nothing: it names only a device not found',
      );
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      expect(await call('GET', `${V2}/devices/ocpp-charger/${CAR}/status`)).toEqual({
        status: 404,
        body: { message: `Device ${CAR} is a vehicle, not a charger` },
      });
    });
  });

  describe('run 11: a PUT of the behaviour already set leaves previousChargingBehavior (/docs/smart-charging#vehicle-preferences)', () => {
    it('it changes only when chargingBehavior does', async () => {
      expect(oneLine(page('content/docs/smart-charging.mdx'))).toContain(
        'A `PUT` that sends the behaviour already set is no change: it stays as it was',
      );
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const url = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
      const kept = (await call('GET', url)).body;
      // Read only: left out of what is sent (JSON drops an undefined field).
      const off = { ...kept, chargingBehavior: 'SMART_CHARGE_OFF', previousChargingBehavior: undefined };
      expect((await call('PUT', url, off)).status).toBe(200);
      expect((await call('GET', url)).body.previousChargingBehavior).toBe(kept.chargingBehavior);
      expect((await call('PUT', url, off)).status).toBe(200);
      expect((await call('GET', url)).body.previousChargingBehavior).toBe(kept.chargingBehavior);
    });
  });

  describe('G9: the Smartcar status update window (/docs/sandbox: Smartcar)', () => {
    it('429 within five minutes of the last accepted update, without Retry-After; 202 at five minutes', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const update = `/v1/kilowise/devices/smartcar/${CAR}/status`;
      expect((await call('POST', update)).status).toBe(202);
      await call('POST', '/__sandbox/clock', { advance: 'PT4M59S' });
      expect((await call('POST', update)).status).toBe(429);
      await call('POST', '/__sandbox/clock', { advance: 'PT1S' });
      expect((await call('POST', update)).status).toBe(202);
      const sandbox = createSandbox(contract);
      const raw = async () =>
        sandbox.handle(
          new Request(`${contract.serverUrl}${update}`, { method: 'POST', headers: { 'x-api-key': 'k' } }),
        );
      expect((await raw()).status).toBe(202);
      const refused = await raw();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeNull();
    });
  });

  describe('G10: a Finnish readyTime is in Europe/Helsinki (/docs/dates-and-time-zones#which-time-zone)', () => {
    it("the schedule's timeZone and endDateTime are the page's", async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const locationId = await userWithLocation(call, 'p3-fi', HELSINKI);
      const connected = await call(
        'POST',
        '/v1/kilowise/devices/smartcar/connect',
        { authCode: 'sandbox-hyundai-ioniq-5', redirectUrl: REDIRECT },
        { 'x-user-id': 'p3-fi' },
      );
      const car = connected.body.deviceId as string;
      const preferences = {
        chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
        chargingLocationIds: [locationId],
        readyTime: '07:00',
        targetSoC: 80,
        minimalSoC: 0,
      };
      expect((await call('PUT', `${V2}/devices/${car}/smart-charging/ev-preferences`, preferences)).status).toBe(200);
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const schedule = (await call('GET', `${V2}/devices/${car}/smart-charging/schedule`)).body;
      expect(schedule.timeZone).toBe('Europe/Helsinki');
      expect(schedule.endDateTime).toBe('2025-03-13T07:00:00+02:00');
      expect(page('content/docs/dates-and-time-zones.mdx')).toContain('`2025-03-13T07:00:00+02:00`');
    });
  });

  describe('G11, G13: postal codes and areas (/docs/spot-prices#find-the-spot-price-area)', () => {
    /** The page's table of the sandbox's postal codes: each example with its country and area. */
    function examples(): { countryCode: string; postalCode: string; area: string }[] {
      const text = page('content/docs/spot-prices.mdx');
      const start = text.indexOf('**Postal codes in the sandbox.**');
      expect(start).toBeGreaterThan(0);
      return text
        .slice(start)
        .split('\n')
        .filter((line) => /^\| `[A-Z]{2}` \|/.test(line))
        .flatMap((line) => {
          const [countryCode, , area, found] = line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim().replace(/`/g, ''));
          return [...(found ?? '').matchAll(/\b(\d{4,5})\b/g)].map((match) => ({
            countryCode: countryCode ?? '',
            postalCode: match[1] ?? '',
            area: /^none/.test(area ?? '') ? 'none' : (area ?? ''),
          }));
        });
    }

    it("each example of the page's table is that area in the sandbox", async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const rows = examples();
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const { countryCode, postalCode, area } of rows) {
        const answer = await call('GET', `${V2}/spot-price-areas?countryCode=${countryCode}&postalCode=${postalCode}`);
        const found = answer.status === 404 ? 'none' : answer.body.map((entry: { id: string }) => entry.id).join(',');
        expect({ countryCode, postalCode, found }).toEqual({ countryCode, postalCode, found: area });
      }
    });

    it('a postal code without a country is the areas the page names', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const answer = await call('GET', `${V2}/spot-price-areas?postalCode=11455`);
      expect(answer.body.map((entry: { id: string }) => entry.id)).toEqual(['SE3', 'FI', 'DE-LU', 'AT']);
    });
  });

  describe('heartbeats, OFFLINE and the timestamp (/docs/chargers#ocpp-charger-status, /docs/sandbox#test-data-in-one-place)', () => {
    it('last heartbeat 15:05, offline at 15:08, OFFLINE at 15:15, the timestamp at the 15:07 plug-in', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const charger = await chargerSetUpByHand(call, 'p3-beat');
      await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
      await call('POST', '/__sandbox/clock', { now: '2025-03-12T15:07:00Z' });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      await call('POST', '/__sandbox/clock', { now: '2025-03-12T15:08:00Z' });
      const offline = await call('PATCH', `/__sandbox/devices/${charger}`, { online: false });
      expect(instant(offline.body.lastHeartbeat)).toBe(instant('2025-03-12T15:05:00Z'));
      await call('POST', '/__sandbox/clock', { now: '2025-03-12T15:14:59Z' });
      expect((await status(call, charger)).status).not.toBe('OFFLINE');
      await call('POST', '/__sandbox/clock', { now: '2025-03-12T15:15:00Z' });
      const after = await status(call, charger);
      expect(after.status).toBe('OFFLINE');
      expect(instant(after.timestamp)).toBe(instant('2025-03-12T15:07:00Z'));
    });
  });

  describe("the sample car's weekend ready time (/docs/sandbox#test-data-in-one-place)", () => {
    it('plugged in on Friday 2025-03-14, it plans for Saturday 10:30', async () => {
      const call = await sandboxAt('2025-03-14T16:00:00+01:00');
      const preferences = (await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`)).body;
      expect(preferences.weekDaySpecificReadyTimes).toEqual({ SATURDAY: '10:30', SUNDAY: '10:30' });
      await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
      expect(schedule.readyTime).toBe('10:30');
      expect(instant(schedule.endDateTime)).toBe(instant('2025-03-15T10:30:00+01:00'));
    });
  });

  describe("a session's hours in thousandths of a kWh (/docs/sandbox: Sessions)", () => {
    it('a charge now that starts a second into the hour charges 10.997 kWh in it', async () => {
      const call = await sandboxAt('2025-03-14T18:00:01+01:00');
      await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
      await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
      await call('POST', '/__sandbox/clock', { advance: 'PT2H' });
      const [session] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
      expect(Object.values(session.hourlyCharges)).toContain(10.997);
    });
  });
  /**
   * A charger set up by hand, online, with a SoC goal at a Stockholm location (`extra` adds to the preferences, or
   * takes the location out with `locationId: undefined`), not plugged in; its preferences' path.
   */
  async function chargerWithGoal(call: Call, userId: string, extra: Record<string, unknown> = {}) {
    const locationId = await userWithLocation(call, userId);
    const charger = await chargerSetUpByHand(call, userId);
    await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
    const preferences = `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`;
    const put = await call('PUT', preferences, {
      chargingBehavior: 'SMART_CHARGE_ON',
      readyTime: '07:00',
      targetSoC: { value: 80, unit: 'PERCENT' },
      locationId,
      ...extra,
    });
    expect(put.status).toBe(200);
    return { charger, locationId, preferences };
  }

  /** chargerWithGoal's charger, plugged in at once. */
  async function pluggedCharger(call: Call, userId: string, extra: Record<string, unknown> = {}) {
    const made = await chargerWithGoal(call, userId, extra);
    const plugged = await call('PATCH', `/__sandbox/devices/${made.charger}`, { pluggedIn: true });
    expect(plugged.status).toBe(200);
    return made;
  }

  /** The first planned hour of a device's schedule, as an instant. */
  async function firstPlannedHour(call: Call, id: string): Promise<number> {
    const schedule = await call('GET', `${V2}/devices/${id}/smart-charging/schedule`);
    expect(schedule.status).toBe(200);
    const hours = Object.entries(schedule.body.hourlyCharges as Record<string, number>)
      .filter(([, kwh]) => kwh > 0)
      .map(([hour]) => instant(hour));
    expect(hours.length).toBeGreaterThan(0);
    return Math.min(...hours);
  }

  describe('partner run 4 C3, run 5 C2: a charger taken offline in a planned hour (/docs/smart-charging#status-schedule-and-session, /docs/sandbox, /docs/chargers)', () => {
    it('stops charging at once, reads WAITING_FOR_SCHEDULED_CHARGING with the timestamp at its last heartbeat, then OFFLINE', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await pluggedCharger(call, 'p5-c2');
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const hour = await firstPlannedHour(call, charger);
      await call('POST', '/__sandbox/clock', { now: new Date(hour + 5 * 60_000).toISOString() });
      expect((await status(call, charger)).status).toBe('SMART_CHARGING');
      const lastHeartbeat = (await call('GET', `/__sandbox/devices/${charger}`)).body.lastHeartbeat as string;
      await call('POST', '/__sandbox/clock', { now: new Date(hour + 8 * 60_000).toISOString() });
      const offline = await call('PATCH', `/__sandbox/devices/${charger}`, { online: false });
      expect(offline.body.status).toBe('WAITING_FOR_SCHEDULED_CHARGING');
      const events = (await call('GET', '/__sandbox/events')).body.events as Array<Record<string, unknown>>;
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'status-changed',
          from: 'SMART_CHARGING',
          to: 'WAITING_FOR_SCHEDULED_CHARGING',
        }),
      );
      const [before] = (await call('GET', `${V2}/devices/${charger}/smart-charging/sessions`)).body;
      await call('POST', '/__sandbox/clock', {
        now: new Date(instant(lastHeartbeat) + 10 * 60_000 - 1000).toISOString(),
      });
      const waiting = await status(call, charger);
      expect(waiting.status).toBe('WAITING_FOR_SCHEDULED_CHARGING');
      expect(instant(waiting.timestamp)).toBe(instant(lastHeartbeat));
      const [after] = (await call('GET', `${V2}/devices/${charger}/smart-charging/sessions`)).body;
      expect(after.hourlyCharges).toEqual(before.hourlyCharges);
      await call('POST', '/__sandbox/clock', { now: new Date(instant(lastHeartbeat) + 10 * 60_000).toISOString() });
      expect((await status(call, charger)).status).toBe('OFFLINE');
    });
  });

  describe("partner run 5 F1: an OCPP charger's statusTimestamp (/docs/chargers#ocpp-charger-status, /docs/sandbox)", () => {
    it('moves when the charger comes online, not at the planned hours', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await pluggedCharger(call, 'p5-f1');
      const online = (await call('GET', `${V2}/devices/ocpp-charger/${charger}/status`)).body.statusTimestamp;
      expect(instant(online)).toBe(instant('2025-03-12T15:00:00Z'));
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const hour = await firstPlannedHour(call, charger);
      await call('POST', '/__sandbox/clock', { now: new Date(hour + 60_000).toISOString() });
      const charging = (await call('GET', `${V2}/devices/ocpp-charger/${charger}/status`)).body;
      expect(charging.status).toBe('CHARGING');
      expect(instant(charging.statusTimestamp)).toBe(instant(online));
    });
  });

  describe("partner run 8 F1: a cable plugged in or out moves an OCPP charger's statusTimestamp (/docs/chargers#ocpp-charger-status, /docs/sandbox)", () => {
    it('moves at the plug-in (PREPARING) and the unplug (AVAILABLE), not when a planned hour starts', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await chargerWithGoal(call, 'p8-f1');
      const read = async () => (await call('GET', `${V2}/devices/ocpp-charger/${charger}/status`)).body;
      await call('POST', '/__sandbox/clock', { advance: 'PT2M' });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      const plugged = await read();
      expect(plugged.status).toBe('PREPARING');
      expect(instant(plugged.statusTimestamp)).toBe(instant('2025-03-12T15:02:00Z'));
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const hour = await firstPlannedHour(call, charger);
      await call('POST', '/__sandbox/clock', { now: new Date(hour + 60_000).toISOString() });
      const charging = await read();
      expect(charging.status).toBe('CHARGING');
      expect(instant(charging.statusTimestamp)).toBe(instant('2025-03-12T15:02:00Z'));
      await call('POST', '/__sandbox/clock', { advance: 'PT2M' });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: false });
      const unplugged = await read();
      expect(unplugged.status).toBe('AVAILABLE');
      expect(instant(unplugged.statusTimestamp)).toBe(hour + 3 * 60_000);
    });
  });

  describe('partner run 8 G3: a charger plans only with a locationId (/docs/chargers#charger-preferences)', () => {
    it('takes preferences without one, and plugged in is CABLE_PLUGGED with the schedule 404 the page quotes', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await chargerWithGoal(call, 'p8-g3', { locationId: undefined });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect((await status(call, charger)).status).toBe('CABLE_PLUGGED');
      const schedule = await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`);
      expect(schedule.status).toBe(404);
      expect(schedule.body.message).toMatch(/its preferences name no location of its user \(locationId\)$/);
      const row = readFileSync('content/docs/chargers.mdx', 'utf8')
        .split('\n')
        .find((line) => line.startsWith('| `locationId` |'));
      expect(row).toMatch(
        /`CABLE_PLUGGED` and its schedule `404` \(`its preferences name no location of its user \(locationId\)`\)/,
      );
    });
  });

  describe('partner run 8 G4 and G5: the request log of a control (/docs/sandbox#the-request-log) and any key (/docs/prerequisites#authentication)', () => {
    it('logs a control without an operationId and an API call with one, as the sandbox page says', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      await userWithLocation(call, 'p8-g4');
      const { requests } = (await call('GET', '/__sandbox/requests')).body as {
        requests: { path: string; operationId?: string }[];
      };
      const clock = requests.find((entry) => entry.path === '/__sandbox/clock');
      const added = requests.find((entry) => entry.path.endsWith('/users/p8-g4/locations'));
      expect(clock).toBeDefined();
      expect(clock?.operationId).toBeUndefined();
      expect(added?.operationId).toBe('addLocation');
      expect(oneLine(page('content/docs/sandbox.mdx'))).toMatch(
        /`operationId` \(a call of the API's; a control of `\/__sandbox\/` has none\)/,
      );
    });

    it('takes any key that is not empty, and refuses a missing or empty one with 401, as the page says', async () => {
      const sandbox = createSandbox(contract);
      const users = `${V2}/users/p8-g5/locations`;
      expect((await sandboxClient(contract, sandbox, 'kw_live_typo ')('GET', users)).status).toBe(200);
      expect((await sandboxClient(contract, sandbox, '')('GET', users)).status).toBe(401);
      expect(oneLine(page('content/docs/prerequisites.mdx'))).toMatch(
        /The \[sandbox\]\(\/docs\/sandbox\) takes any key that is not empty/,
      );
    });
  });

  describe('partner runs 4 and 5: the 400s of spot prices (/docs/spot-prices#errors)', () => {
    it('answers the messages the page quotes', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const prices = async (start: string, end: string) =>
        (await call('GET', `${V2}/spot-prices/SE3?startDateTime=${start}&endDateTime=${end}`)).body.message;
      const at = (text: string) => encodeURIComponent(text);
      expect(await prices(at('2025-03-12T00:00:00Z'), at('2025-03-12T00:00:00Z'))).toBe(
        'Parameters "startDateTime" and "endDateTime" (query): the end must be after the start, got 2025-03-12T00:00:00Z to 2025-03-12T00:00:00Z',
      );
      expect(await prices(at('2025-01-01T00:00:00Z'), at('2025-03-01T00:00:00Z'))).toBe(
        'The sandbox serves at most 31 days of prices in one request',
      );
      expect(await prices('yesterday', at('2025-03-12T00:00:00Z'))).toBe(
        'Parameter "startDateTime" (query) must be a valid date-time, got "yesterday"',
      );
      expect(await prices('2025-03-11T00:00:00+01:00', at('2025-03-12T00:00:00+01:00'))).toBe(
        'Parameter "startDateTime" (query) must be a valid date-time, got "2025-03-11T00:00:00 01:00"',
      );
    });
  });

  describe('partner run 5 C1: deleting a charging location (/docs/locations#delete-a-location)', () => {
    it('the schedule is 404, the open session INTERRUPTED, and the charger CABLE_PLUGGED', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger, locationId } = await pluggedCharger(call, 'p5-c1');
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const hour = await firstPlannedHour(call, charger);
      await call('POST', '/__sandbox/clock', { now: new Date(hour + 60_000).toISOString() });
      expect((await call('DELETE', `${V2}/users/p5-c1/locations/${locationId}`)).status).toBe(204);
      expect((await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).status).toBe(404);
      const [session] = (await call('GET', `${V2}/devices/${charger}/smart-charging/sessions`)).body;
      expect(session.status).toBe('INTERRUPTED');
      expect((await status(call, charger)).status).toBe('CABLE_PLUGGED');
    });
  });
  describe('partner runs 4 and 5: the answers to their guesses (/docs/sandbox#test-data-in-one-place, /docs/chargers, /docs/smart-charging, /docs/spot-prices)', () => {
    it('P4-G2: a newly registered charger, once online, has no car plugged in (/docs/sandbox#test-data-in-one-place)', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const charger = await chargerSetUpByHand(call, 'p4-g2');
      const online = await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
      expect(online.body.pluggedIn).toBe(false);
      expect((await status(call, charger)).status).toBe('CABLE_UNPLUGGED');
    });

    it("P5-G2, P5-G4: a charger's car is 64 kWh without batteryCapacity, and 300 km is 67 % of 64 kWh × 7 km (/docs/sandbox#test-data-in-one-place)", async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await pluggedCharger(call, 'p5-g2', { targetSoC: { value: 300, unit: 'KM' } });
      const control = (await call('GET', `/__sandbox/devices/${charger}`)).body;
      expect(control.batteryCapacityKwh).toBe(64);
      expect(control.targetSoc).toBe(67);
    });

    it('P5-G3: minimumEnergyTransfer is charged at once, like minimalSoC (/docs/chargers)', async () => {
      const call = await sandboxAt('2025-03-12T16:00:00+01:00');
      const { charger } = await pluggedCharger(call, 'p5-g3', {
        targetSoC: undefined,
        targetEnergyTransfer: { value: 10, unit: 'kWh' },
        minimumEnergyTransfer: { value: 5, unit: 'kWh' },
      });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const schedule = (await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).body;
      expect(schedule.hourlyCharges['2025-03-12T16:00:00+01:00']).toBe(5);
    });

    it('P4-G7, P5-G9: a fault that clears does not make the schedule again (/docs/smart-charging#status-schedule-and-session)', async () => {
      const call = await sandboxAt('2025-03-12T15:00:00Z');
      const { charger } = await pluggedCharger(call, 'p5-g9');
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const before = (await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).body;
      await call('PATCH', `/__sandbox/devices/${charger}`, { fault: 'HighTemperature' });
      await call('POST', '/__sandbox/clock', { advance: 'PT30M' });
      await call('PATCH', `/__sandbox/devices/${charger}`, { fault: null });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      expect((await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).body).toEqual(before);
    });

    it('P4-G5: charge now during a below-minimalSoC session goes on in that session (/docs/smart-charging#charge-now)', async () => {
      const call = await sandboxAt('2025-03-14T16:00:00+01:00');
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10 });
      const sessions = `${V2}/devices/${CAR}/smart-charging/sessions`;
      const [open] = (await call('GET', sessions)).body;
      expect(open.status).toBe('ACTIVE');
      expect((await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`)).status).toBe(204);
      await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
      const [still] = (await call('GET', sessions)).body;
      expect(still).toMatchObject({ id: open.id, status: 'ACTIVE' });
    });

    it('P5-G8: charge now charges to 100 %, whatever targetSoC (/docs/smart-charging#charge-now)', async () => {
      const call = await sandboxAt('2025-03-14T16:00:00+01:00');
      await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 70 });
      await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
      await call('POST', '/__sandbox/clock', { advance: 'PT3H' });
      expect((await call('GET', `/__sandbox/devices/${CAR}`)).body.soc).toBe(100);
      expect((await status(call, CAR)).status).toBe('CHARGING_COMPLETED');
    });

    it("P5-G1: a schedule made before tomorrow's prices is made again at 13:00 CET, reason prices-published (/docs/smart-charging#the-schedule)", async () => {
      const call = await sandboxAt('2026-01-14T10:00:00+02:00');
      const locationId = await userWithLocation(call, 'p5-g1', HELSINKI);
      const charger = await chargerSetUpByHand(call, 'p5-g1');
      await call('PATCH', `/__sandbox/devices/${charger}`, { online: true });
      await call('PUT', `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`, {
        chargingBehavior: 'SMART_CHARGE_ON',
        readyTime: '07:00',
        targetSoC: { value: 95, unit: 'PERCENT' },
        locationId,
      });
      await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
      await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
      const first = (await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).body;
      expect(
        Object.keys(first.hourlyCharges).every((hour) => instant(hour) < instant('2026-01-15T00:00:00+02:00')),
      ).toBe(true);
      await call('POST', '/__sandbox/clock', { now: '2026-01-14T12:00:00Z' });
      const events = (await call('GET', '/__sandbox/events')).body.events as Array<Record<string, unknown>>;
      expect(events).toContainEqual(expect.objectContaining({ type: 'schedule-made', reason: 'prices-published' }));
    });

    it('P5-G5: a price window holds the hours whose start is in [start, end) (/docs/spot-prices)', async () => {
      const call = await sandboxAt('2025-03-14T20:00:00+01:00');
      const hours = async (start: string, end: string) =>
        Object.keys(
          (
            await call(
              'GET',
              `${V2}/spot-prices/SE3?startDateTime=${encodeURIComponent(start)}&endDateTime=${encodeURIComponent(end)}`,
            )
          ).body as Record<string, number>,
        ).map(instant);
      expect(await hours('2025-03-14T17:30:00+01:00', '2025-03-14T19:00:00+01:00')).toEqual([
        instant('2025-03-14T18:00:00+01:00'),
      ]);
      expect(await hours('2025-03-14T17:00:00+01:00', '2025-03-14T18:30:00+01:00')).toEqual([
        instant('2025-03-14T17:00:00+01:00'),
        instant('2025-03-14T18:00:00+01:00'),
      ]);
    });

    it('P5-G6, P5-G7: a car connected before any location, and no authCode gives INTERNAL_KILOWISE_ERROR (/docs/sandbox)', async () => {
      const call = await sandboxAt('2025-03-14T16:00:00+01:00');
      const connect = async (body: Record<string, unknown>) =>
        (await call('POST', '/v1/kilowise/devices/smartcar/connect', body, { 'x-user-id': 'p5-g6' })).body;
      const created = await connect({ authCode: 'sandbox-kia-ev6', redirectUrl: REDIRECT });
      const control = (await call('GET', `/__sandbox/devices/${created.deviceId}`)).body;
      expect(control).toMatchObject({ pluggedIn: true, locationId: null });
      expect((await status(call, created.deviceId)).status).toBe('SMART_CHARGING_DISABLED');
      for (const authCode of ['sandbox-volvo-ex30', 'expired', 'any-other-code', ''])
        expect((await connect({ authCode, redirectUrl: REDIRECT })).status).not.toBe('INTERNAL_KILOWISE_ERROR');
    });
  });
});
